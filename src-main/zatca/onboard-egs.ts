/**
 * Onboarding the till's EGS unit with ZATCA, as its developer
 * documentation lays out: a new secp256k1 key and a CSR from the seller
 * settings, the compliance CSID (the OTP the taxpayer takes from the
 * FATOORA portal), the compliance checks (for invoice types 1100, a tax
 * invoice, a credit note and a debit note of each type, standard and
 * simplified, built and signed with the compliance certificate, each
 * accepted), then the production CSID for the same key. Only when all
 * of that succeeded is anything kept: the key and the CSID's secret in the
 * secret store, the unit in zatca_egs. Onboarding again (renewal, or a new
 * environment) keeps the invoice chain: the counter and the last hash carry
 * on (saveEgs), as ZATCA expects of one EGS unit.
 *
 * The key and the unit's row live in two stores and cannot change in one
 * step: the secrets are written first, the row last, so a crash in between
 * leaves the unit as it was in the database and a new onboarding mends it.
 */
import { randomUUID } from 'node:crypto';
import { translate, type MessageKey, type MessageParams } from '../../src-shared/i18n/index.ts';
import { FIRST_PREVIOUS_INVOICE_HASH } from '../../src-shared/zatca/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { readBranchProfile } from '../catalog/index.ts';
import { readEgsCertificate } from './egs-certificate.ts';
import { createEgsCsr, generateEgsKey, type CsrSubject, type ZatcaEnvironment } from './egs-csr.ts';
import { CSID_SECRET, storeEgsKey } from './egs-secrets.ts';
import type { SecretStore } from '../secrets/index.ts';
import { signDocument, type EgsSigner } from './sign-document.ts';
import type { ZatcaMessage } from './reporting-answer.ts';
import { createZatcaApi, environmentOfUrl, ZATCA_BASE_URLS } from './zatca-api.ts';
import type { ZatcaBuyerParty, ZatcaDocument, ZatcaDocumentKind, ZatcaProfile, ZatcaSeller } from './zatca-document.ts';
import { readZatcaSeller } from './zatca-seller.ts';
import { readEgs, saveEgs, type EgsState } from './zatca-store.ts';

export interface OnboardDeps {
  db: TillDatabase;
  secrets: SecretStore;
  fetch?: typeof fetch;
  now: () => number;
  /** Told of each step as it starts (the CLI prints them). */
  onStep?: (step: OnboardStep) => void;
}

export type OnboardStep = 'compliance-csid' | 'compliance-checks' | 'production-csid' | 'saved';

/** Where to onboard: ZATCA's environment (its published URL), or a base URL (the stand-in), or both. */
export interface OnboardTarget {
  otp: string;
  environment?: ZatcaEnvironment;
  baseUrl?: string;
}

export class OnboardError extends Error {
  override readonly name = 'OnboardError';
  readonly arabic: string;
  constructor(
    readonly key: MessageKey,
    readonly params: MessageParams,
    /** ZATCA's messages, when a compliance check failed. */
    readonly zatcaMessages: ZatcaMessage[] = [],
    /** Parameters that read differently in Arabic (a document's name). */
    paramsAr: MessageParams = params,
  ) {
    super(translate('en', key, params));
    this.arabic = translate('ar', key, paramsAr);
  }
}

const UNIT_NAME = /^Till-([0-9a-f-]{36})$/;
/** Standard and simplified documents (issue 22): B2B tax invoices are cleared, sales at the counter reported. */
export const EGS_INVOICE_TYPES = '1100';
/**
 * The compliance checks ZATCA asks of a unit requesting 1100: a tax invoice,
 * a credit note and a debit note of each type, standard first.
 */
const CHECKED: { profile: ZatcaProfile; kind: ZatcaDocumentKind }[] = [
  { profile: 'standard', kind: 'invoice' },
  { profile: 'standard', kind: 'credit' },
  { profile: 'standard', kind: 'debit' },
  { profile: 'simplified', kind: 'invoice' },
  { profile: 'simplified', kind: 'credit' },
  { profile: 'simplified', kind: 'debit' },
];
/** The business named on the standard documents of the compliance checks. */
const COMPLIANCE_BUYER: ZatcaBuyerParty = {
  name: 'Compliance check buyer',
  vatNumber: '300000000000003',
  crn: '',
  street: 'Prince Sultan Street',
  building: '2322',
  district: 'Al-Murabba',
  city: 'Riyadh',
  postalCode: '23333',
};

/** The unit's CSR subject: a renewed unit keeps its name (and so, for ZATCA, its identity). */
function csrSubject(db: TillDatabase, seller: ZatcaSeller, existing: EgsState | null): CsrSubject {
  const unit = UNIT_NAME.exec(existing?.common_name ?? '')?.[1] ?? randomUUID();
  const branch = readBranchProfile(db);
  return {
    commonName: `Till-${unit}`,
    serialNumber: `1-Till|2-POS|3-${unit}`,
    organization: seller.name,
    organizationUnit: branch?.nameEn || seller.city,
    vatNumber: seller.vatNumber,
    // Standard (B2B, cleared) and simplified (B2C, reported) documents.
    invoiceTypes: EGS_INVOICE_TYPES,
    location: `${seller.building} ${seller.street}, ${seller.district}, ${seller.city} ${seller.postalCode}`,
    industry: 'Food and beverage',
  };
}

/** The six documents of the compliance checks, chained as a new unit's first six. */
function complianceDocuments(
  seller: ZatcaSeller,
  at: number,
  signer: EgsSigner,
): { kind: ZatcaDocumentKind; profile: ZatcaProfile; signed: ReturnType<typeof signDocument>; uuid: string }[] {
  let pih = FIRST_PREVIOUS_INVOICE_HASH;
  return CHECKED.map(({ kind, profile }, index) => {
    const doc: ZatcaDocument = {
      kind,
      profile,
      ...(profile === 'standard' ? { buyer: COMPLIANCE_BUYER } : {}),
      id: `COMPLIANCE-${index + 1}`,
      uuid: randomUUID(),
      issuedAt: at,
      icv: index + 1,
      pih,
      seller,
      vatRate: 1500,
      lines: [{ id: 1, name: 'Compliance check', quantity: 1, net: 1000, tax: 150, total: 1150 }],
      net: 1000,
      tax: 150,
      total: 1150,
      paymentMeansCode: '10',
      ...(kind === 'invoice'
        ? {}
        : { billingReference: profile === 'standard' ? 'COMPLIANCE-1' : 'COMPLIANCE-4', reason: kind === 'credit' ? 'Returned goods' : 'Price adjustment' }),
    };
    const signed = signDocument(doc, signer);
    pih = signed.hash;
    return { kind, profile, signed, uuid: doc.uuid };
  });
}

export async function onboardEgs(deps: OnboardDeps, target: OnboardTarget): Promise<EgsState> {
  const { seller, missing } = readZatcaSeller(deps.db);
  if (!seller) throw new OnboardError('zatca.onboard.sellerMissing', { missing: missing.join(', ') });
  const environment = target.environment ?? (target.baseUrl ? environmentOfUrl(target.baseUrl) : null) ?? 'sandbox';
  const baseUrl = (target.baseUrl ?? ZATCA_BASE_URLS[environment]).replace(/\/+$/, '');
  const api = createZatcaApi({ baseUrl, ...(deps.fetch ? { fetch: deps.fetch } : {}) });
  const existing = readEgs(deps.db);
  const subject = csrSubject(deps.db, seller, existing);

  const { privateKey } = generateEgsKey();
  const csr = await createEgsCsr(privateKey, subject, environment);
  deps.onStep?.('compliance-csid');
  const compliance = await api.complianceCsid(csr, target.otp);

  deps.onStep?.('compliance-checks');
  const complianceSigner: EgsSigner = { privateKey, certificate: readEgsCertificate(compliance.certificate) };
  for (const { kind, profile, signed, uuid } of complianceDocuments(seller, deps.now(), complianceSigner)) {
    const standard = profile === 'standard';
    const result = await api.complianceCheck(compliance, { xml: signed.xml, hash: signed.hash, uuid }, standard);
    if (!result.passed) {
      const { errors } = result.messages;
      const messages = errors.map((m) => `${m.code}: ${m.message}`).join('; ') || (standard ? 'NOT_CLEARED' : 'NOT_REPORTED');
      const document = standard ? (`zatca.onboard.document.standard.${kind}` as const) : (`zatca.onboard.document.${kind}` as const);
      throw new OnboardError('zatca.onboard.checkFailed', { document: translate('en', document), messages }, errors, {
        document: translate('ar', document),
        messages,
      });
    }
  }

  deps.onStep?.('production-csid');
  const production = await api.productionCsid(compliance, compliance.requestId);
  const certificate = readEgsCertificate(production.certificate);

  storeEgsKey(deps.secrets, privateKey);
  deps.secrets.set(CSID_SECRET, production.secret);
  saveEgs(
    deps.db,
    {
      environment,
      base_url: baseUrl,
      common_name: subject.commonName,
      certificate: certificate.base64,
      certificate_expires_at: certificate.notAfter,
      onboarded_at: deps.now(),
      invoice_types: EGS_INVOICE_TYPES,
    },
    FIRST_PREVIOUS_INVOICE_HASH,
  );
  deps.onStep?.('saved');
  return readEgs(deps.db)!;
}
