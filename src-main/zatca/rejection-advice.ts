/**
 * What the manager issues after ZATCA rejects a document, in both
 * languages. A rejected document is never changed, deleted or sent again:
 * it keeps its counter in the chain, and the correction is new documents
 * (ZATCA's guidance: a credit note against the rejected invoice, then a
 * corrected invoice).
 */
import { translate, type MessageKey } from '../../src-shared/i18n/index.ts';
import type { ZatcaDocumentKind } from './zatca-document.ts';

const KEYS: Record<ZatcaDocumentKind, MessageKey> = {
  invoice: 'zatca.rejectedInvoice',
  credit: 'zatca.rejectedCredit',
  debit: 'zatca.rejectedDebit',
};

export function rejectionAdvice(doc: { kind: ZatcaDocumentKind; number: string; icv: number }): { en: string; ar: string } {
  const params = { number: doc.number, icv: doc.icv };
  return { en: translate('en', KEYS[doc.kind], params), ar: translate('ar', KEYS[doc.kind], params) };
}
