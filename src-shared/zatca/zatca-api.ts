import type { ZatcaInputs } from './zatca-inputs.ts';
import type { ZatcaSetupView, ZatcaStatusView } from './zatca-views.ts';

/**
 * ZATCA phase 2 on the Branch screen (its ZATCA tab) and in the status bar.
 * The tab's methods need the 'branch-settings' privilege (method-privileges.ts);
 * the status is for every screen (the status bar), and tells no secret.
 */
export interface ZatcaApi {
  /** The seller's details, the EGS unit, its chain and what ZATCA refused. */
  zatcaSetup(): Promise<ZatcaSetupView>;
  /** Saves the seller's details (each checked as its setting is; empty clears it). */
  saveZatcaSeller(input: ZatcaInputs['saveZatcaSeller']): Promise<ZatcaSetupView>;
  /** Onboards this till's EGS unit with the Fatoora portal's OTP; progress arrives as `zatca-onboarding` events. */
  onboardZatca(input: ZatcaInputs['onboardZatca']): Promise<ZatcaSetupView>;
  /** The oldest unreported document's age and the CSID's expiry, with their levels (also pushed as `zatca` events). */
  zatcaStatus(): Promise<ZatcaStatusView>;
}

export const ZATCA_API_METHODS = ['zatcaSetup', 'saveZatcaSeller', 'onboardZatca', 'zatcaStatus'] as const satisfies readonly (keyof ZatcaApi)[];
