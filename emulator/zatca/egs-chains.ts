/**
 * Each EGS unit's invoice chain as the stand-in has received it: by
 * invoice counter (ICV), the document's uuid and hash. A document's PIH
 * must be the hash of the document before it (ICV - 1) when that one has
 * arrived, or the hash of "0" for the first; a counter used by another
 * document is a fork. A gap (documents not received yet) or a document
 * arriving after a later one is only warned about: a till reporting after
 * an outage may be retrying an earlier one.
 *
 * ZATCA's rule, which the till follows too (zatca-store.ts): the ICV goes
 * up by one for every document the EGS unit generates and the PIH is the
 * hash of the document generated immediately before, whatever its type and
 * whether ZATCA accepted or rejected it; a rejected document keeps its
 * counter, and its correction is a new document (a new UUID and the next
 * ICV, chained to the document just before it). ZATCA's answers on its developer
 * community: "Understanding of PIH and ICV",
 * https://zatca1.discourse.group/t/understanding-of-pih-and-icv/8376, and
 * "Rejected Tax / Simplified Invoice",
 * https://zatca1.discourse.group/t/rejected-tax-simplified-invoice/6274.
 * So a document keeps its slot with the hash its EGS unit gave it (the
 * request's invoiceHash), not only the one read here: when the two differ
 * the document is refused for its hash, and the unit's next document still
 * chains to the hash the unit computed, which is the only one it has.
 */
import { FIRST_PREVIOUS_INVOICE_HASH } from '../../src-shared/zatca/index.ts';
import type { CheckedDocument, ZatcaMessage } from './verify-document.ts';
import { zatcaError, zatcaWarning } from './validation-results.ts';

interface ChainEntry {
  uuid: string;
  hash: string;
}

/** A received document's place in its unit's chain; `hash` is the hash the EGS unit gave it (the request's invoiceHash). */
export type ChainLink = Pick<CheckedDocument, 'uuid' | 'icv' | 'pih'> & { hash: string };

export class EgsChains {
  private readonly chains = new Map<string, Map<number, ChainEntry>>();

  check(egs: string, doc: ChainLink): { errors: ZatcaMessage[]; warnings: ZatcaMessage[] } {
    const errors: ZatcaMessage[] = [];
    const warnings: ZatcaMessage[] = [];
    if (doc.icv === null || doc.pih === null) return { errors, warnings };
    const chain = this.chains.get(egs) ?? new Map<number, ChainEntry>();
    const taken = chain.get(doc.icv);
    if (taken && taken.hash !== doc.hash) {
      errors.push(zatcaError('KSA-16', 'KSA', `the invoice counter value ${doc.icv} was already used by document ${taken.uuid}; the chain must not fork`));
    }
    const previous = chain.get(doc.icv - 1);
    if (doc.icv === 1 && doc.pih !== FIRST_PREVIOUS_INVOICE_HASH) {
      errors.push(zatcaError('KSA-13', 'KSA', 'the first document of an EGS unit must carry the hash of "0" as its previous invoice hash (PIH)'));
    } else if (previous && previous.hash !== doc.pih) {
      errors.push(
        zatcaError(
          'KSA-13',
          'KSA',
          `the previous invoice hash (PIH) is not the hash of document ${doc.icv - 1} (${previous.uuid}) received from this EGS unit`,
        ),
      );
    } else if (!previous && doc.icv > 1 && chain.size > 0) {
      const highest = Math.max(...chain.keys());
      if (doc.icv > highest) warnings.push(zatcaWarning('KSA-16', 'KSA', `documents ${highest + 1} to ${doc.icv - 1} of this EGS unit have not been received`));
    }
    if (!taken && chain.size > 0 && doc.icv < Math.max(...chain.keys())) {
      warnings.push(zatcaWarning('KSA-16', 'KSA', `document ${doc.icv} arrived after a later document of this EGS unit`));
    }
    return { errors, warnings };
  }

  /** Keeps the document's place (a rejected document keeps its slot too: the next one chains to it). */
  record(egs: string, doc: ChainLink): void {
    if (doc.icv === null) return;
    let chain = this.chains.get(egs);
    if (!chain) this.chains.set(egs, (chain = new Map()));
    if (!chain.has(doc.icv)) chain.set(doc.icv, { uuid: doc.uuid, hash: doc.hash });
  }
}
