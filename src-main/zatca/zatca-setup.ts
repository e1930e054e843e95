/**
 * The ZATCA tab's till API (ZatcaApi): the seller's details as settings,
 * the EGS unit and its chain, what ZATCA refused, onboarding with the
 * Fatoora portal's OTP (its steps pushed as events), and the status bar's
 * ZATCA status. Inputs are parsed by their zod schemas first.
 */
import { parseInput, type TillEvent } from '../../src-shared/api/index.ts';
import {
  type ZatcaApi,
  type ZatcaInputs,
  type ZatcaMessageView,
  type ZatcaOnboardingStep,
  type ZatcaSellerField,
  type ZatcaSetupView,
  type ZatcaStatusView,
} from '../../src-shared/zatca/index.ts';
import { TillError } from '../../src-shared/errors/index.ts';
import { readReplicaMeta } from '../catalog/index.ts';
import { systemClock, type Clock } from '../clock/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { SettingError } from '../settings/index.ts';
import type { ZatcaEnvironment } from './egs-csr.ts';
import type { SecretStore } from '../secrets/index.ts';
import { onboardEgs, OnboardError, type OnboardStep } from './onboard-egs.ts';
import { ZatcaApiError } from './zatca-api.ts';
import { rejectedDocuments, type RejectedDocument } from './report-queue.ts';
import { readSellerSettings, sellerFieldOf, writeSellerSettings } from './zatca-seller-settings.ts';
import { readZatcaSeller } from './zatca-seller.ts';
import { ZatcaStatusFeed } from './zatca-status-feed.ts';
import { readEgs } from './zatca-store.ts';

/** Onboarding itself (onboard-egs.ts): key, CSR, compliance CSID and checks, production CSID; each step told as it starts. */
export type OnboardFlow = (request: { environment: ZatcaEnvironment; otp: string; baseUrl?: string }, onStep: (step: OnboardStep) => void) => Promise<unknown>;

export interface ZatcaSetupOptions {
  db: TillDatabase;
  clock?: Clock;
  /** The host's events: the status (`zatca`) and onboarding's steps (`zatca-onboarding`). */
  emit?: (event: TillEvent) => void;
  /** The host's secret store, where onboarding keeps the key and the CSID's secret; without it (and without `onboard`) the screen cannot onboard. */
  secrets?: SecretStore;
  /** Onboarding; by default onboardEgs with the host's secrets and clock. */
  onboard?: OnboardFlow;
  /** Where each environment's API is, when not ZATCA's own (a stand-in: `pos serve --zatca-url`). */
  environmentUrls?: Partial<Record<ZatcaEnvironment, string>>;
}

const MAX_REJECTED = 50;

const BASE_PATHS: Record<ZatcaEnvironment, string> = {
  sandbox: '/e-invoicing/developer-portal',
  simulation: '/e-invoicing/simulation',
  production: '/e-invoicing/core',
};

/**
 * Each environment's address on a server that stands in for ZATCA: an
 * address under one of ZATCA's base paths (the stand-in's zatca_url) gives
 * the same server's path of each environment; any other address is used as
 * given for every environment.
 */
export function standInUrls(url: string): Record<ZatcaEnvironment, string> {
  const origin = url.replace(/\/+$/, '').replace(/\/e-invoicing\/(developer-portal|simulation|core)$/, '');
  if (origin === url.replace(/\/+$/, '')) return { sandbox: url, simulation: url, production: url };
  return { sandbox: origin + BASE_PATHS.sandbox, simulation: origin + BASE_PATHS.simulation, production: origin + BASE_PATHS.production };
}

/** ZATCA's messages about a refused document, errors first, as ZATCA worded them; the last failure when ZATCA sent none. */
function messagesOf(doc: RejectedDocument): ZatcaMessageView[] {
  const { errors = [], warnings = [], info = [] } = doc.messages ?? {};
  const lines: ZatcaMessageView[] = [
    ...errors.map((m) => ({ type: 'error' as const, code: m.code, message: m.message })),
    ...warnings.map((m) => ({ type: 'warning' as const, code: m.code, message: m.message })),
    ...info.map((m) => ({ type: 'info' as const, code: m.code, message: m.message })),
  ];
  if (lines.length === 0 && doc.last_error) lines.push({ type: 'error', code: '', message: doc.last_error });
  return lines.slice(0, 20);
}

export class ZatcaSetup implements ZatcaApi {
  private readonly db: TillDatabase;
  private readonly clock: Clock;
  private readonly feed: ZatcaStatusFeed;
  private onboarding = false;
  private readonly onboard: OnboardFlow | null;

  constructor(private readonly options: ZatcaSetupOptions) {
    this.db = options.db;
    this.clock = options.clock ?? systemClock;
    const { secrets } = options;
    this.onboard =
      options.onboard ?? (secrets ? (request, onStep) => onboardEgs({ db: this.db, secrets, now: () => this.clock.now(), onStep }, request) : null);
    this.feed = new ZatcaStatusFeed(this.db, this.clock, (status) => options.emit?.({ type: 'zatca', status }));
  }

  /** Starts pushing the status as it changes. */
  start(): void {
    this.feed.start();
  }

  stop(): void {
    this.feed.stop();
  }

  /** The chain changed (a sale was signed, a report came back): push the status now. */
  notify(): void {
    this.feed.notify();
  }

  async zatcaStatus(): Promise<ZatcaStatusView> {
    return this.feed.current();
  }

  async zatcaSetup(): Promise<ZatcaSetupView> {
    const egs = readEgs(this.db);
    const { me } = readReplicaMeta(this.db);
    const missing = readZatcaSeller(this.db)
      .missing.map(sellerFieldOf)
      .filter((field): field is ZatcaSellerField => field !== null);
    return {
      seller: readSellerSettings(this.db),
      defaults: { seller_name: me?.market.name_ar ?? me?.market.name_en ?? '', vat_number: me?.market.vat_number ?? '' },
      missing,
      egs: egs && {
        environment: egs.environment,
        common_name: egs.common_name,
        onboarded_at: egs.onboarded_at,
        csid_expires_at: egs.certificate_expires_at,
        next_icv: egs.next_icv,
        last_hash: egs.last_hash,
        invoice_types: egs.invoice_types,
      },
      status: this.feed.current(),
      rejected: rejectedDocuments(this.db)
        .slice(-MAX_REJECTED)
        .reverse()
        .map((doc) => ({ icv: doc.icv, kind: doc.kind, number: doc.number, order_uuid: doc.order_uuid, issued_at: doc.issued_at, messages: messagesOf(doc) })),
      can_onboard: this.onboard !== null,
    };
  }

  async saveZatcaSeller(input: ZatcaInputs['saveZatcaSeller']): Promise<ZatcaSetupView> {
    const seller = parseInput('saveZatcaSeller', input);
    try {
      writeSellerSettings(this.db, seller);
    } catch (error) {
      if (error instanceof SettingError) {
        const field = sellerFieldOf(error.key) ?? 'seller_name';
        throw new TillError('invalid_input', error.message, { code: 'zatca.field', params: { field } });
      }
      throw error;
    }
    return this.zatcaSetup();
  }

  async onboardZatca(input: ZatcaInputs['onboardZatca']): Promise<ZatcaSetupView> {
    const { environment, otp } = parseInput('onboardZatca', input);
    const onboard = this.onboard;
    if (!onboard)
      throw new TillError('invalid_input', 'this till cannot onboard from the screen; run pos zatca onboard on the till’s computer', {
        code: 'zatca.noOnboarding',
      });
    const missing = readZatcaSeller(this.db).missing.map(sellerFieldOf);
    if (missing.length > 0)
      throw new TillError('invalid_input', `fill in the seller's details first (${missing.join(', ')}); ZATCA's certificate names them`, {
        code: 'zatca.sellerMissing',
        params: { count: missing.length },
      });
    if (this.onboarding) throw new TillError('busy', 'onboarding is already running on this till; wait for it', { code: 'zatca.onboarding' });
    this.onboarding = true;
    let step: ZatcaOnboardingStep = 'key';
    const progress = (next: ZatcaOnboardingStep): void => {
      step = next;
      this.options.emit?.({ type: 'zatca-onboarding', progress: { phase: 'step', step } });
    };
    try {
      progress('key');
      const baseUrl = this.options.environmentUrls?.[environment];
      await onboard({ environment, otp, ...(baseUrl ? { baseUrl } : {}) }, (next) => {
        if (next !== 'saved') progress(next);
      });
      this.options.emit?.({ type: 'zatca-onboarding', progress: { phase: 'done', environment } });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.options.emit?.({ type: 'zatca-onboarding', progress: { phase: 'failed', step, message } });
      // Onboarding's own refusal is worded in both languages (what happened, what to do); the screen shows its language's.
      const ours = error instanceof OnboardError || error instanceof ZatcaApiError;
      const worded: Record<string, string> = ours ? { en: error.message, ar: error.arabic } : {};
      const unreachable = ours ? error.key === 'zatca.api.network' : /fetch failed|ECONNREFUSED|ENOTFOUND|timed? ?out/i.test(message);
      throw new TillError(unreachable ? 'service_unreachable' : 'service_error', `onboarding stopped at ${step}: ${message}`, {
        code: unreachable ? 'zatca.unreachable' : 'zatca.refused',
        params: { step, ...worded },
      });
    } finally {
      this.onboarding = false;
      this.feed.notify();
    }
    return this.zatcaSetup();
  }
}
