/** What the Branch screen's ZATCA tab and the status bar show of phase-2 e-invoicing. */

/** The seller's details a phase-2 document states, as the ZATCA tab edits them (each a setting of its own). */
export const ZATCA_SELLER_FIELDS = ['seller_name', 'vat_number', 'crn', 'street', 'building', 'district', 'city', 'postal_code'] as const;
export type ZatcaSellerField = (typeof ZATCA_SELLER_FIELDS)[number];
export type ZatcaSellerView = Record<ZatcaSellerField, string>;

export type ZatcaEnvironmentName = 'sandbox' | 'simulation' | 'production';

/** How urgent the oldest unreported document is: ZATCA wants simplified documents within 24 hours. */
export type ZatcaReportLevel = 'ok' | 'warning' | 'alarm';
/** How near the CSID's end is: warned 30 days ahead; past it nothing can be signed with it. */
export type ZatcaCsidLevel = 'ok' | 'warning' | 'expired';

/** The status bar's part: computed on the host with its clock, pushed as a `zatca` event. */
export interface ZatcaStatusView {
  onboarded: boolean;
  documents: number;
  unreported: number;
  rejected: number;
  /** Standard (B2B) invoices whose clearance ZATCA has not answered yet: the till asks again in the background. */
  uncleared: number;
  /** issued_at of the oldest unreported document. */
  oldest_unreported_at: number | null;
  /** Whole hours since then (rounded down). */
  oldest_unreported_hours: number | null;
  report_level: ZatcaReportLevel;
  csid_expires_at: number | null;
  /** Days left, a part day counted as one (so the warning starts as this reads 30); 0 or less once expired. */
  csid_days_left: number | null;
  csid_level: ZatcaCsidLevel;
  /**
   * This till is the hub but no EGS unit of its own while the branch has one
   * (a standby that took over before it was onboarded): its sales are not
   * signed (phase-1 QR) until it is onboarded; it never signs with another
   * unit's key (docs/zatca.md, "A standby hub is its own EGS unit").
   */
  not_a_unit: boolean;
  /** When the host computed this (its clock). */
  at: number;
}

export interface ZatcaEgsView {
  /** sandbox | simulation | production, or the host of a URL it was onboarded against. */
  environment: string;
  common_name: string;
  onboarded_at: number;
  csid_expires_at: number;
  next_icv: number;
  last_hash: string;
  /** What the CSID covers: 1100 standard (B2B) and simplified; 0100 simplified only (onboard again to issue B2B invoices). */
  invoice_types: string;
}

/** One of ZATCA's messages about a document, as ZATCA wrote it (its words are ZATCA's, in English). */
export interface ZatcaMessageView {
  type: 'error' | 'warning' | 'info';
  code: string;
  message: string;
}

/** A document ZATCA refused: it keeps its counter slot; the manager issues a corrected one. */
export interface ZatcaRejectedView {
  icv: number;
  kind: 'invoice' | 'credit' | 'debit';
  number: string;
  order_uuid: string;
  issued_at: number;
  messages: ZatcaMessageView[];
}

export interface ZatcaSetupView {
  /** What is saved on this till ('' where nothing is). */
  seller: ZatcaSellerView;
  /** What applies when the name or VAT number is left empty (the service's /me), shown as placeholders. */
  defaults: { seller_name: string; vat_number: string };
  /** Fields still needed before the EGS unit can be onboarded. */
  missing: ZatcaSellerField[];
  egs: ZatcaEgsView | null;
  status: ZatcaStatusView;
  /** The most recent refused documents, newest first (at most 50). */
  rejected: ZatcaRejectedView[];
  /** Whether this till can onboard from the screen (the host has the onboarding flow). */
  can_onboard: boolean;
}

/** The steps of onboarding, in order, as the tab shows them. */
export const ZATCA_ONBOARDING_STEPS = ['key', 'compliance-csid', 'compliance-checks', 'production-csid'] as const;
export type ZatcaOnboardingStep = (typeof ZATCA_ONBOARDING_STEPS)[number];

/** Pushed while onboarding runs (a `zatca-onboarding` event). */
export type ZatcaOnboardingProgress =
  { phase: 'step'; step: ZatcaOnboardingStep } | { phase: 'done'; environment: string } | { phase: 'failed'; step: ZatcaOnboardingStep; message: string };
