import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDocument } from '../../../emulator/zatca/verify-document.ts';
import { allDocuments, documentOfOrder, documentsOfOrder, headOfQueue } from '../../../src-main/zatca/index.ts';
import { clearingDocument } from '../../../src-main/zatca/clearance-queue.ts';
import { openCheckoutShop, type CheckoutShop } from '../../support/checkout-shop.ts';
import { pagesOfCheckouts, PLAIN_CHECKOUT_BTREES } from '../../support/wal-pages.ts';
import { stampWatch, watchedStamp } from '../../support/watched-stamp.ts';
import { onboardForTest } from '../../support/zatca-egs.ts';

// Issue 37 item 2: what a phase-2 checkout makes SQLite write beyond a plain one (test/integration/till/
// checkout-pages.test.ts), counted in pages of the real file, never in time; docs/performance.md lists them.

/** The pages one phase-2 checkout may write, the mean of 20 (16.7 here: a plain one's, the document's four b-trees, the unit's row, this machine's record, page 1). */
const PAGES_PER_CHECKOUT = 17.5;

let shop: CheckoutShop;
const watch = stampWatch();
beforeAll(async () => {
  shop = await openCheckoutShop({ seed: 3737, stamp: (db) => watchedStamp(db, watch) });
  await onboardForTest(shop.db);
});
afterAll(async () => {
  await shop.close();
});

describe('a phase-2 checkout', () => {
  it("writes its document's text compactly: a part of one leaf, no overflow page", async () => {
    const { db } = shop;
    const touched = new Set<string>();
    let pages = 0;
    let documentPages = 0;
    const SALES = 20;
    for (const written of await pagesOfCheckouts(shop, SALES)) {
      for (const owner of written) if (owner !== 'outbox_counts' && owner !== 'outbox_counted') touched.add(owner);
      pages += written.length;
      documentPages += written.filter((owner) => owner === 'zatca_documents').length;
    }
    expect(allDocuments(db)).toHaveLength(SALES + 1);
    // docs/performance.md says why each is written.
    expect([...touched].filter((owner) => owner !== 'sqlite_schema' && owner !== '(free)').sort()).toEqual(
      [
        ...PLAIN_CHECKOUT_BTREES,
        'zatca_documents',
        'sqlite_autoindex_zatca_documents_1',
        'sqlite_autoindex_zatca_documents_2',
        'zatca_documents_due',
        'zatca_egs',
        'zatca_this_machine',
      ].sort(),
    );
    // The signed text is ~9.4 KB: stored as it was, a leaf and two overflow pages in every sale. Stored compactly
    // (~1.4 KB) and its QR not twice, two rows share a leaf: a new leaf (and its parent) every other sale.
    const overflow = db.prepare("SELECT count(*) AS pages FROM dbstat WHERE name = 'zatca_documents' AND pagetype = 'overflow'").get();
    expect(overflow).toEqual({ pages: 0 });
    const leaves = db.prepare("SELECT count(*) AS pages, sum(ncell) AS rows FROM dbstat WHERE name = 'zatca_documents' AND pagetype = 'leaf'").get() as {
      pages: number;
      rows: number;
    };
    expect(leaves.rows / leaves.pages).toBeGreaterThanOrEqual(1.8);
    expect(documentPages / SALES).toBeLessThanOrEqual(1.7);
    expect(pages / SALES).toBeLessThanOrEqual(PAGES_PER_CHECKOUT);
  });

  it('gives every reader the text it signed, byte for byte', async () => {
    const { db } = shop;
    const [sale] = await shop.sell(1);
    const signed = watch.presigns.at(-1)!.presigned!.signed;
    const stored = db.prepare('SELECT xml, qr FROM zatca_documents WHERE order_uuid = ?').get(sale!.uuid) as { xml: string; qr: string };
    expect(stored.xml.length).toBeLessThan(signed.xml.length / 4);
    // The QR is the one the text embeds: not kept twice, read back from the text.
    expect(stored.qr).toBe('');
    expect(documentOfOrder(db, sale!.uuid)!.qr).toBe(signed.qr);
    expect(documentOfOrder(db, sale!.uuid)!.xml).toBe(signed.xml);
    expect(documentsOfOrder(db, sale!.uuid).map((d) => d.xml)).toEqual([signed.xml]);
    // A sale's document is under its order's uuid: zatca_documents_order (migration 0035) holds only the others.
    expect(
      db.prepare('SELECT count(*) AS n FROM zatca_documents INDEXED BY zatca_documents_order WHERE order_uuid = ? AND uuid <> order_uuid').get(sale!.uuid),
    ).toEqual({ n: 0 });
    expect(allDocuments(db).at(-1)!.xml).toBe(signed.xml);
    // The report queue's head (the oldest pending) is the first sale's: the same text its checkout signed.
    const head = headOfQueue(db)!;
    expect(head.xml).toBe(watch.presigns.find((p) => p.presigned?.doc.uuid === head.uuid)!.presigned!.signed.xml);
    const checked = checkDocument(signed.xml);
    expect(checked.errors).toEqual([]);
    expect(checked.hash).toBe(documentOfOrder(db, sale!.uuid)!.hash);
    // A document under a UUID of its own (issued again for the same order) is found through the partial index.
    const again = { ...documentOfOrder(db, sale!.uuid)! };
    db.prepare(
      'INSERT INTO zatca_documents (egs_unit, icv, order_uuid, uuid, kind, profile, number, issued_at, pih, hash, qr, xml) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(
      again.egs_unit,
      10_000,
      again.order_uuid,
      'b7e2c4a0-0000-4000-8000-000000000001',
      again.kind,
      again.profile,
      again.number,
      again.issued_at,
      again.hash,
      'h',
      '',
      '<Invoice/>',
    );
    expect(documentsOfOrder(db, sale!.uuid).map((d) => d.xml)).toEqual([signed.xml, '<Invoice/>']);
    expect(documentOfOrder(db, sale!.uuid)!.xml).toBe('<Invoice/>');
    db.prepare('DELETE FROM zatca_documents WHERE icv = 10000').run();
    // Clearance reads its documents itself: a standard invoice sent again is the text signed too.
    db.prepare("UPDATE zatca_documents SET report_state = 'clearing' WHERE order_uuid = ?").run(sale!.uuid);
    const seq = documentOfOrder(db, sale!.uuid)!.seq;
    expect(clearingDocument(db, seq)!.xml).toBe(signed.xml);
  });
});
