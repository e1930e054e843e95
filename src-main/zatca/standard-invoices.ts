/**
 * Standard (B2B) tax invoices, cleared before they print (issue 22).
 *
 * The order and its standard invoice are written in the checkout
 * transaction like any document: it takes the next ICV and its hash becomes
 * the next PIH, so the chain has no gap and no fork whatever ZATCA says
 * next. Only then is it sent to clearance (it cannot be sent first: two
 * stations could not both hold "the next ICV" across a network call). What
 * the slot becomes:
 *
 * - cleared: ZATCA's cleared document (the same UUID and hash, with ZATCA's
 *   QR) is kept and its QR goes on the receipt, which prints only now;
 * - not cleared (ZATCA's NOT_CLEARED, final): the invoice keeps its slot,
 *   marked not_cleared with ZATCA's messages, and is never handed over; the
 *   cashier issues a simplified invoice for the same sale, which takes the
 *   next slot (a new document UUID) and is reported as any other;
 * - no answer (network, timeout, a crash mid-call): the invoice stays
 *   clearing. Before a simplified invoice replaces it, it is sent again
 *   (the same bytes: ZATCA answers a document it already cleared with the
 *   cleared document again), so a clearance that did happen is found and
 *   the sale does not get two invoices.
 *
 * Offline (ZATCA unreachable before the sale) nothing is written: the till
 * says so and the cashier sells with a simplified invoice.
 *
 * A refund of a sale whose standard invoice ZATCA cleared is a standard
 * credit note (381, subtype 0100000) to the same buyer, naming the invoice
 * (billing reference, BR-KSA-56) and the cashier's reason (KSA-10,
 * BR-KSA-17), chained and cleared the same way. A credit note follows the
 * flow of the invoice it corrects, so a simplified one cannot stand in for
 * it: offline nothing is written and the refund waits; refused, the note
 * keeps its slot (not_cleared) and a new credit note for the same refund
 * (a new UUID, the next slot) is cleared once the manager has fixed what
 * ZATCA said; unanswered, it is asked again first. The refund's receipt
 * prints only once a credit note of it is cleared.
 */
import { randomUUID } from 'node:crypto';
import { TillError } from '../../src-shared/errors/index.ts';
import type { ClearanceView, OrderRecord } from '../../src-shared/selling/index.ts';
import type { ZatcaBuyer } from '../../src-shared/zatca/index.ts';
import { systemClock, type Clock } from '../clock/index.ts';
import type { ClearanceOutcome } from './standard-invoice-hooks.ts';
import { stampOrder, type CheckoutStampOptions } from './checkout-stamp.ts';
import { readClearedInvoice } from './cleared-invoice.ts';
import { recordCleared, recordClearanceUnsettled, recordNotCleared } from './clearance-queries.ts';
import { csidSecretOf } from './egs-secrets.ts';
import type { SecretStore } from '../secrets/index.ts';
import { submitDocument } from './report-document.ts';
import { parseMessages } from './report-queue.ts';
import { judgeZatcaReply, summarize, type ZatcaMessages } from './reporting-answer.ts';
import { clearedBuyerOf } from './cleared-buyer.ts';
import type { ZatcaBuyerParty } from './zatca-document.ts';
import { credentialsOf, probeZatca } from './zatca-http.ts';
import { documentOfOrder, documentsOfOrder, readEgs, readEgsUnit } from './zatca-store.ts';
import { clearanceUnproven } from './clearance-unproven.ts';
import { stampTrustOf } from './zatca-trust-anchors.ts';

export interface StandardInvoicesOptions extends CheckoutStampOptions {
  secrets: SecretStore | (() => SecretStore);
  clock?: Clock;
  /** How long one call to ZATCA may take (default zatca-http's). */
  timeoutMs?: number;
}

/** The invoice types a CSID covers allow standard invoices when the first digit is 1 (1100). */
export function coversStandard(invoiceTypes: string): boolean {
  return invoiceTypes[0] === '1';
}

function partyOf(buyer: ZatcaBuyer): ZatcaBuyerParty {
  return {
    name: buyer.name,
    vatNumber: buyer.vat_number,
    crn: buyer.crn,
    street: buyer.street,
    building: buyer.building,
    district: buyer.district,
    city: buyer.city,
    postalCode: buyer.postal_code,
  };
}

function lines(messages: ZatcaMessages | null): string[] {
  if (!messages) return [];
  const list = messages.errors.length > 0 ? messages.errors : messages.warnings;
  return list.map((m) => [m.code, m.message].filter(Boolean).join(': '));
}

export class StandardInvoices {
  private readonly clock: Clock;

  constructor(private readonly options: StandardInvoicesOptions) {
    this.clock = options.clock ?? systemClock;
  }

  /** This machine's unit's credentials, or (given) the credentials of the unit that signed a document (an old hub's, after a takeover). */
  private target(unit?: string): { baseUrl: string; credentials: ReturnType<typeof credentialsOf> } | null {
    const egs = unit === undefined ? readEgs(this.options.db) : readEgsUnit(this.options.db, unit);
    const store = typeof this.options.secrets === 'function' ? this.options.secrets() : this.options.secrets;
    const secret = egs ? csidSecretOf(this.options.db, store, egs.unit) : null;
    if (!egs || !secret) return null;
    return { baseUrl: egs.base_url, credentials: credentialsOf(egs.certificate, secret) };
  }

  async ready(document: 'invoice' | 'credit' = 'invoice'): Promise<void> {
    const egs = readEgs(this.options.db);
    if (document === 'credit' && (!egs || !coversStandard(egs.invoice_types) || !this.options.signer() || !this.target() || !this.options.seller())) {
      throw new TillError(
        'zatca_clearance',
        "the sale's tax invoice was cleared by ZATCA, so its refund is a credit note ZATCA must clear, and this till's ZATCA unit cannot issue one now (not onboarded for standard documents, or the seller details are missing): nothing was refunded; a manager checks Branch → ZATCA, then refund again",
        { code: 'zatca.creditNotOnboarded' },
      );
    }
    if (!egs || !coversStandard(egs.invoice_types) || !this.options.signer() || !this.target()) {
      throw new TillError(
        'zatca_clearance',
        `this till's ZATCA unit is not onboarded for standard (B2B) tax invoices (invoice types ${egs?.invoice_types ?? 'none'}): onboard it again (Branch → ZATCA, or pos zatca onboard) to issue them; meanwhile sell with a simplified invoice`,
        { code: 'zatca.b2bNotOnboarded' },
      );
    }
    if (!this.options.seller()) {
      throw new TillError('zatca_clearance', 'the seller address or CRN is not set: complete the ZATCA seller settings first', {
        code: 'zatca.b2bSellerMissing',
      });
    }
    const probe = await probeZatca(egs.base_url, this.clock, this.options.timeoutMs);
    if (!probe.online && document === 'credit') {
      throw new TillError(
        'zatca_clearance',
        `${probe.reason}: the sale's tax invoice was cleared by ZATCA, so its refund is a credit note ZATCA must clear before it prints (a simplified credit note cannot reverse a tax invoice). Nothing was refunded and no money goes back yet: refund again once online`,
        { code: 'zatca.creditOffline' },
      );
    }
    if (!probe.online) {
      throw new TillError(
        'zatca_clearance',
        `${probe.reason}: a standard (B2B) tax invoice must be cleared by ZATCA before it prints, so it needs the internet. Sell with a simplified invoice instead (nothing was charged), or try again once online`,
        { code: 'zatca.b2bOffline' },
      );
    }
  }

  stamp(order: OrderRecord, buyer: ZatcaBuyer, documentUuid?: string): void {
    const signed = stampOrder(this.options, order, { buyer: partyOf(buyer), ...(documentUuid ? { documentUuid } : {}) });
    // ready() checked the unit a moment ago; should it be gone now, the sale is not written without its invoice.
    if (!signed)
      throw new TillError('zatca_clearance', 'the ZATCA unit could not sign the standard invoice; nothing was sold: try again', {
        code: 'zatca.b2bNotOnboarded',
      });
  }

  async clear(orderUuid: string): Promise<ClearanceOutcome> {
    const doc = documentOfOrder(this.options.db, orderUuid);
    if (!doc || doc.profile !== 'standard') throw new TillError('not_found', `order ${orderUuid} has no standard invoice`);
    if (doc.report_state === 'cleared') return { state: 'cleared', qr: doc.qr, messages: lines(parseMessages(doc.messages)) };
    if (doc.report_state === 'not_cleared') return { state: 'refused', messages: lines(parseMessages(doc.messages)) };
    const target = this.target(doc.egs_unit);
    if (!target) {
      recordClearanceUnsettled(this.options.db, doc.seq, "the EGS unit's CSID is not in this till's secret store");
      return { state: 'unanswered', messages: [] };
    }
    const reply = await submitDocument(
      'clearance',
      { hash: doc.hash, uuid: doc.uuid, xml: doc.xml },
      { baseUrl: target.baseUrl, credentials: target.credentials, clock: this.clock, ...(this.options.timeoutMs ? { timeoutMs: this.options.timeoutMs } : {}) },
    );
    const verdict = judgeZatcaReply('clearance', reply);
    const db = this.options.db;
    switch (verdict.outcome) {
      case 'accepted': {
        const egs = readEgsUnit(db, doc.egs_unit);
        const cleared = egs
          ? readClearedInvoice(verdict.clearedInvoice, { uuid: doc.uuid, hash: doc.hash }, stampTrustOf(db, egs))
          : ({ ok: false, problem: 'the EGS unit is gone' } as const);
        if (!cleared.ok) {
          // Not cleared as far as anyone can prove: the invoice keeps its ICV, stays clearing, and is not printed.
          const unproven = clearanceUnproven(cleared.problem);
          recordClearanceUnsettled(db, doc.seq, unproven.message);
          return { state: 'unanswered', messages: [unproven.message] };
        }
        recordCleared(db, doc.seq, { zatcaStatus: verdict.zatcaStatus, messages: verdict.messages, xml: cleared.xml, qr: cleared.qr, now: this.clock.now() });
        return { state: 'cleared', qr: cleared.qr, messages: lines(verdict.messages) };
      }
      case 'rejected':
        recordNotCleared(db, doc.seq, { zatcaStatus: verdict.zatcaStatus, messages: verdict.messages, reason: verdict.reason });
        return { state: 'refused', messages: lines(verdict.messages) };
      case 'unauthenticated':
        recordClearanceUnsettled(db, doc.seq, verdict.reason);
        return { state: 'unanswered', messages: [verdict.reason] };
      case 'retry':
        recordClearanceUnsettled(db, doc.seq, verdict.reason);
        return { state: 'unanswered', messages: verdict.messages ? [summarize(verdict.messages) || verdict.reason] : [verdict.reason] };
    }
  }

  simplify(order: OrderRecord): string {
    const doc = documentOfOrder(this.options.db, order.uuid);
    if (!doc || doc.profile !== 'standard' || doc.report_state === 'cleared') {
      const why = !doc || doc.profile !== 'standard' ? 'has no standard invoice to replace' : 'has its standard invoice cleared by ZATCA';
      throw new TillError('zatca_clearance', `order ${order.number} ${why}; no simplified invoice was issued`, {
        code: 'zatca.notReplaceable',
        params: { number: order.number },
      });
    }
    const signed = stampOrder(this.options, order, { documentUuid: randomUUID() });
    if (!signed)
      throw new TillError('zatca_clearance', 'the ZATCA unit could not sign the simplified invoice: check the unit (Branch → ZATCA) and try again', {
        code: 'zatca.b2bNotOnboarded',
      });
    return signed.qr;
  }

  buyerOf(orderUuid: string): ZatcaBuyer | null {
    return clearedBuyerOf(this.options.db, orderUuid);
  }

  clearanceOf(orderUuid: string): ClearanceView | null {
    const docs = documentsOfOrder(this.options.db, orderUuid);
    // The latest standard document speaks for the order (a refused credit note is followed by the one issued again).
    const standard = docs.findLast((d) => d.profile === 'standard');
    if (!standard) return null;
    const messages = lines(parseMessages(standard.messages));
    if (docs.at(-1) !== standard) return { state: 'simplified', messages };
    if (standard.report_state === 'cleared') return { state: 'cleared', messages };
    if (standard.report_state === 'not_cleared') return { state: 'refused', messages };
    return { state: 'unanswered', messages: standard.last_error ? [standard.last_error] : messages };
  }
}
