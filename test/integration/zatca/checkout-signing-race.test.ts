import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDocument } from '../../../emulator/zatca/verify-document.ts';
import { openDatabase, type TillDatabase } from '../../../src-main/db/index.ts';
import { insertOrder, readOrder } from '../../../src-main/orders/index.ts';
import { FIRST_PREVIOUS_INVOICE_HASH } from '../../../src-shared/zatca/index.ts';
import type { OrderRecord } from '../../../src-shared/selling/index.ts';
import { openCheckoutShop, type CheckoutShop } from '../../support/checkout-shop.ts';
import { stampWatch, watchedStamp, type ZatcaDocumentRow } from '../../support/watched-stamp.ts';
import { hostStamp, onboardForTest } from '../../support/zatca-egs.ts';
import { documentAsSigned } from '../../../src-main/zatca/stored-xml.ts';

// Issue 37 item 2: a phase-2 checkout signs its document before its write
// transaction (no lock held while ECDSA runs) and writes it only if the
// chain and the order's number are still what it was signed from. Here a
// second connection to the same file (the CLI beside the host) commits a
// signed sale while the till is signing: the till's sale is signed again
// inside its transaction, and the chain stays gapless and correct.

let shop: CheckoutShop;
let other: TillDatabase;
const watch = stampWatch();

beforeAll(async () => {
  shop = await openCheckoutShop({ seed: 3702, stamp: (db) => watchedStamp(db, watch) });
  await onboardForTest(shop.db);
  other = openDatabase(shop.db.name);
});
afterAll(async () => {
  other.close();
  await shop.close();
});

const documents = (db: TillDatabase) =>
  (db.prepare('SELECT icv, order_uuid, number, pih, hash, qr, xml FROM zatca_documents ORDER BY icv').all() as ZatcaDocumentRow[]).map(documentAsSigned);

describe('a phase-2 checkout', () => {
  it('signs before its transaction and writes that very text when nothing moved', async () => {
    const [sale] = await shop.sell(1);
    expect(watch.presigns).toHaveLength(1);
    expect(watch.presigns[0]!.inTransaction).toBe(false);
    const doc = documents(shop.db).find((d) => d.order_uuid === sale!.uuid)!;
    // ECDSA is randomized: the same text means the presigned document was kept, not signed again inside the transaction.
    expect(doc.xml).toBe(watch.presigns[0]!.presigned!.signed.xml);
    expect(doc.number).toBe(sale!.number);
  });

  it('is signed again inside its transaction when another connection signs and commits a sale meanwhile: no gap, no fork', async () => {
    const before = documents(shop.db).length;
    const template = readOrder(shop.db, (await shop.sell(1))[0]!.uuid)!;
    const raced: OrderRecord[] = [];
    // The second writer commits while the till holds no lock (were the till's write lock held, this would wait and fail).
    watch.whileSigning = () => {
      const stamp = hostStamp(other);
      raced.push(insertOrder(other, { ...template, uuid: randomUUID(), created_at: template.created_at + 1 }, undefined, (record) => stamp(record, null)));
    };
    const [sale] = await shop.sell(1);
    expect(raced).toHaveLength(1);
    const presigned = watch.presigns.at(-1)!.presigned!;

    const docs = documents(shop.db);
    expect(docs).toHaveLength(before + 3);
    // The other writer took the counter and the number the till had signed for; the till's document is the next one.
    const theirs = docs.find((d) => d.order_uuid === raced[0]!.uuid)!;
    const ours = docs.find((d) => d.order_uuid === sale!.uuid)!;
    expect(theirs.icv).toBe(presigned.doc.icv);
    expect(ours.icv).toBe(theirs.icv + 1);
    expect(ours.pih).toBe(theirs.hash);
    expect(ours.xml).not.toBe(presigned.signed.xml);
    expect(raced[0]!.number).toBe(presigned.doc.id);
    expect(sale!.number).not.toBe(raced[0]!.number);
    expect(ours.number).toBe(sale!.number);
    expect(sale!.zatca_qr).toBe(ours.qr);

    // The whole chain: counters 1, 2, 3…, each previous hash the one before, each hash the stand-in's own.
    expect(docs.map((d) => d.icv)).toEqual(docs.map((_, i) => i + 1));
    docs.forEach((doc, i) => expect(doc.pih).toBe(i === 0 ? FIRST_PREVIOUS_INVOICE_HASH : docs[i - 1]!.hash));
    for (const doc of docs) {
      const checked = checkDocument(doc.xml);
      expect(checked.errors).toEqual([]);
      expect({ hash: checked.hash, icv: checked.icv, pih: checked.pih }).toEqual({ hash: doc.hash, icv: doc.icv, pih: doc.pih });
    }
    const egs = shop.db.prepare('SELECT next_icv, last_hash FROM zatca_egs').get();
    expect(egs).toEqual({ next_icv: docs.length + 1, last_hash: docs.at(-1)!.hash });

    // And the next sale, with nothing racing it, keeps its presigned text again.
    const [after] = await shop.sell(1);
    expect(documents(shop.db).find((d) => d.order_uuid === after!.uuid)!.xml).toBe(watch.presigns.at(-1)!.presigned!.signed.xml);
  });
});
