import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDocument } from '../../../emulator/zatca/verify-document.ts';
import { createPrng } from '../../../src-shared/random/index.ts';
import { decodeZatcaPhase2Qr, decodeZatcaQr, FIRST_PREVIOUS_INVOICE_HASH } from '../../../src-shared/zatca/index.ts';
import { openCheckoutShop, type CheckoutShop } from '../../support/checkout-shop.ts';
import { simulateUntilKilled } from '../../support/simulate-until-killed.ts';
import { hostStamp, onboardForTest } from '../../support/zatca-egs.ts';
import { documentAsSigned } from '../../../src-main/zatca/stored-xml.ts';

// A day at an onboarded counter: sales, refunds (credit notes), then `pos
// simulate` killed with SIGKILL in the middle of checkouts, again and
// again. Then the chain is walked from the database: every document's
// hash is recomputed by the stand-in's independent checker.

let shop: CheckoutShop;
let dbFile: string;
beforeAll(async () => {
  shop = await openCheckoutShop({ stamp: (db) => hostStamp(db) });
  dbFile = shop.service.dir.file('till.db');
});
afterAll(async () => {
  await shop.close();
});

interface DocRow {
  icv: number;
  order_uuid: string;
  kind: string;
  number: string;
  pih: string;
  hash: string;
  qr: string;
  xml: string;
}

describe('the invoice chain at the counter', () => {
  // The timeout only catches a hang: each round starts a `pos` child, which on a loaded CI machine takes many seconds.
  it('stays phase 1 until the EGS unit is onboarded, then signs every sale and refund: no gap, no fork through SIGKILLs', { timeout: 1_200_000 }, async () => {
    const before = await shop.sell(2);
    for (const order of before) expect(decodeZatcaQr(order.zatca_qr!).vatNumber).toBeTruthy(); // five tags, as before
    await onboardForTest(shop.db);

    const sales = await shop.sell(12);
    const refunds = [];
    for (const sale of sales.slice(0, 4)) refunds.push(await shop.refund(sale));
    sales.push(...(await shop.sell(6)));
    for (const order of [...sales, ...refunds]) expect(decodeZatcaPhase2Qr(order.zatca_qr!).invoiceHash).toMatch(/=$/);

    const random = createPrng(22);
    const announced: string[] = [];
    for (let round = 0; round < 6; round++)
      announced.push(...(await simulateUntilKilled(dbFile, { killAfterMs: random.int(5, 300), seed: round + 1, armWithinMs: 30_000 })));
    expect(announced.length).toBeGreaterThan(6);

    const db = new Database(dbFile, { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const docs = (db.prepare('SELECT icv, order_uuid, kind, number, pih, hash, qr, xml FROM zatca_documents ORDER BY icv').all() as DocRow[]).map(
        documentAsSigned,
      );
      // No gap: 1, 2, 3… No fork: each PIH is the hash before it, each hash once.
      expect(docs.map((d) => d.icv)).toEqual(docs.map((_, i) => i + 1));
      docs.forEach((doc, i) => expect(doc.pih).toBe(i === 0 ? FIRST_PREVIOUS_INVOICE_HASH : docs[i - 1]!.hash));
      expect(new Set(docs.map((d) => d.hash)).size).toBe(docs.length);
      const egs = db.prepare('SELECT next_icv, last_hash FROM zatca_egs').get() as { next_icv: number; last_hash: string };
      expect(egs).toEqual({ next_icv: docs.length + 1, last_hash: docs.at(-1)!.hash });

      // Every order after onboarding has exactly one document, and its receipt QR is the document's.
      const orders = db
        .prepare('SELECT uuid, kind, number, refund_of_number, zatca_qr FROM orders WHERE uuid NOT IN (?, ?)')
        .all(before[0]!.uuid, before[1]!.uuid) as {
        uuid: string;
        kind: string;
        number: string;
        refund_of_number: string | null;
        zatca_qr: string;
      }[];
      const byOrder = new Map(docs.map((d) => [d.order_uuid, d]));
      expect(orders.length).toBe(docs.length);
      for (const order of orders) {
        const doc = byOrder.get(order.uuid)!;
        expect(doc.qr).toBe(order.zatca_qr);
        expect(doc.kind).toBe(order.kind === 'REFUND' ? 'credit' : 'invoice');
        if (order.kind === 'REFUND')
          expect(doc.xml).toContain(`<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${order.refund_of_number}</cbc:ID>`);
      }
      expect(docs.filter((d) => d.kind === 'credit')).toHaveLength(4);
      for (const uuid of announced) expect(byOrder.has(uuid)).toBe(true);
      for (const order of before) expect(byOrder.has(order.uuid)).toBe(false);

      // The stand-in's independent check agrees with every stored hash, counter and previous hash.
      for (const doc of docs) {
        const checked = checkDocument(doc.xml);
        expect(checked.errors).toEqual([]);
        expect({ hash: checked.hash, icv: checked.icv, pih: checked.pih }).toEqual({ hash: doc.hash, icv: doc.icv, pih: doc.pih });
      }
    } finally {
      db.close();
    }
  });
});
