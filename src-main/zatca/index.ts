export { checkoutStamp, egsStampOptions, presignOrder, type CheckoutStamper, type CheckoutStampOptions, type PresignedDocument } from './checkout-stamp.ts';
export { StandardInvoices, coversStandard, type StandardInvoicesOptions } from './standard-invoices.ts';
export { clearanceCounts } from './clearance-queries.ts';
export { clearedBuyerOf } from './cleared-buyer.ts';
export { egsSignerSource, storeEgsKey, csidSecretOf, peerCsidSecretName, EGS_KEY_SECRET, CSID_SECRET } from './egs-secrets.ts';
export { readZatcaSeller } from './zatca-seller.ts';
export {
  readEgs,
  readEgsUnit,
  allUnits,
  thisUnitName,
  recordPeerUnit,
  saveEgs,
  allDocuments,
  documentOfOrder,
  documentsOfOrder,
  chainSummary,
  type ChainSummary,
  type EgsState,
  type StoredDocument,
} from './zatca-store.ts';
export { signDocument, type EgsSigner, type SignedDocument } from './sign-document.ts';
export { readEgsCertificate, type EgsCertificate } from './egs-certificate.ts';
export { createEgsCsr, generateEgsKey, ZATCA_ENVIRONMENTS, type ZatcaEnvironment, type CsrSubject } from './egs-csr.ts';
export { invoiceHash } from './invoice-hash.ts';
export { onboardEgs, OnboardError, type OnboardDeps, type OnboardStep, type OnboardTarget } from './onboard-egs.ts';
export { createZatcaApi, ZatcaApiError } from './zatca-api.ts';
export { ZatcaReporter, type ZatcaReporterOptions } from './zatca-reporter.ts';
export { ZATCA_REPORTING, type DocumentOutcome } from './zatca-report-kind.ts';
export { headOfQueue, rejectedDocuments, parseMessages, type QueuedDocument, type RejectedDocument } from './report-queue.ts';
export { rejectionAdvice } from './rejection-advice.ts';
export { summarize as summarizeZatcaMessages, type ZatcaMessages, type ZatcaMessage } from './reporting-answer.ts';
export { ZatcaSetup, standInUrls, type OnboardFlow, type ZatcaSetupOptions } from './zatca-setup.ts';
export { zatcaStatusAt, nextStatusChange, reportLevel, csidLevel, REPORT_WARNING_MS, REPORT_ALARM_MS, CSID_WARNING_MS } from './zatca-status.ts';
export { ZatcaStatusFeed, readZatcaStatus } from './zatca-status-feed.ts';
export { zatcaUrlProblem, isLoopbackHost } from './zatca-url.ts';
export type { ClearanceOutcome, StandardInvoiceHooks } from './standard-invoice-hooks.ts';
export { acceptPeerUnit, keepHandedZatcaSecret, notOnboardedWarning, ownUnitRecord, zatcaSecretsToHandOver } from './unit-handover.ts';
export {
  reportBeforeRejoin,
  setAsideStatus,
  describeSetAside,
  zatcaSetAsideWork,
  REPORT_BEFORE_REJOIN_MS,
  type SetAsideWaiting,
} from './set-aside-reporting.ts';
// Node's base64 for src-shared's QR encoders (a QR at every sale).
export { nodeBase64 } from './node-base64.ts';
