import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZatcaCa } from '../../../emulator/zatca/zatca-ca.ts';
import { checkDocument } from '../../../emulator/zatca/verify-document.ts';
import { openDatabase, type TillDatabase } from '../../../src-main/db/index.ts';
import { insertOrder, readOrder } from '../../../src-main/orders/index.ts';
import { documentFromOrder } from '../../../src-main/zatca/document-from-order.ts';
import { readEgsCertificate } from '../../../src-main/zatca/egs-certificate.ts';
import { createEgsCsr } from '../../../src-main/zatca/egs-csr.ts';
import type { EgsSigner } from '../../../src-main/zatca/sign-document.ts';
import type { PresignedDocument } from '../../../src-main/zatca/index.ts';
import type { OrderRecord } from '../../../src-shared/selling/index.ts';
import { openCheckoutShop, type CheckoutShop } from '../../support/checkout-shop.ts';
import { stampWatch, watchedStamp, type ZatcaDocumentRow } from '../../support/watched-stamp.ts';
import { onboardForTest, TEST_SELLER, TEST_SUBJECT } from '../../support/zatca-egs.ts';
import { documentAsSigned } from '../../../src-main/zatca/stored-xml.ts';

// Issue 37 item 2: inside its transaction a phase-2 checkout no longer builds
// its document again; it compares the inputs read under the lock (the unit's
// certificate, counter and previous hash, the order's number) with those the
// presigned document was made from (checkout-stamp.ts, signedFromSameInputs).
// Each race here moves ONE of them between the presign and the transaction,
// on a second connection to the same file: the document stored must be signed
// again and state the new value. Leaving any of them out of the comparison
// stores the stale presigned text, and its test fails.

let shop: CheckoutShop;
let other: TillDatabase;
let signer: EgsSigner;
let ca: ZatcaCa;
const watch = stampWatch();

beforeAll(async () => {
  shop = await openCheckoutShop({ seed: 3703, stamp: (db) => watchedStamp(db, watch) });
  ({ signer, ca } = await onboardForTest(shop.db));
  other = openDatabase(shop.db.name);
  await shop.sell(2);
});
afterAll(async () => {
  other.close();
  await shop.close();
});

const documentOf = (uuid: string) =>
  documentAsSigned(
    shop.db.prepare('SELECT icv, order_uuid, number, pih, hash, qr, xml FROM zatca_documents WHERE order_uuid = ?').get(uuid) as ZatcaDocumentRow,
  );
const unit = () =>
  shop.db.prepare('SELECT next_icv, last_hash, certificate FROM zatca_egs').get() as { next_icv: number; last_hash: string; certificate: string };

/** Sells one order while `race` runs between its presign and its transaction; the stored document, checked and as the checker reads it. */
async function sellRacing(
  race: () => void,
): Promise<{ sale: OrderRecord; signedBefore: PresignedDocument; stored: ZatcaDocumentRow; read: ReturnType<typeof checkDocument> }> {
  watch.whileSigning = race;
  const [sale] = await shop.sell(1);
  expect(watch.whileSigning).toBeNull();
  const signedBefore = watch.presigns.at(-1)!.presigned!;
  const stored = documentOf(sale!.uuid);
  const read = checkDocument(stored.xml);
  // Whatever moved, what is stored is a valid document, the very text hashed and signed, chained where the unit now stands.
  expect(read.errors).toEqual([]);
  expect({ hash: read.hash, icv: read.icv, pih: read.pih, id: read.id }).toEqual({ hash: stored.hash, icv: stored.icv, pih: stored.pih, id: sale!.number });
  expect(stored.number).toBe(sale!.number);
  expect(sale!.zatca_qr).toBe(stored.qr);
  expect(unit()).toMatchObject({ next_icv: stored.icv + 1, last_hash: stored.hash });
  return { sale: sale!, signedBefore, stored, read };
}

describe('a phase-2 checkout signs again inside its transaction when one input of its document moved', () => {
  it('keeps the presigned text when nothing moved', async () => {
    const { signedBefore, stored } = await sellRacing(() => {});
    expect(stored.xml).toBe(signedBefore.signed.xml);
  });

  it('the order number: another connection took it (a sale without phase 2), the chain did not move', async () => {
    const template = readOrder(shop.db, (await shop.sell(1))[0]!.uuid)!;
    let theirs: OrderRecord | null = null;
    const { sale, signedBefore, stored, read } = await sellRacing(() => {
      theirs = insertOrder(other, { ...template, uuid: randomUUID(), created_at: template.created_at + 1 });
    });
    expect(theirs!.number).toBe(signedBefore.doc.id);
    expect(sale.number).not.toBe(signedBefore.doc.id);
    expect(read.id).toBe(sale.number);
    expect(stored.icv).toBe(signedBefore.doc.icv);
    expect(stored.xml).not.toBe(signedBefore.signed.xml);
  });

  it('the previous hash alone', async () => {
    const moved = createHash('sha256').update(`moved ${randomUUID()}`).digest('base64');
    const { signedBefore, stored } = await sellRacing(() => other.prepare('UPDATE zatca_egs SET last_hash = ?').run(moved));
    expect(signedBefore.doc.pih).not.toBe(moved);
    expect(stored.pih).toBe(moved);
    expect(stored.icv).toBe(signedBefore.doc.icv);
  });

  it('the counter alone', async () => {
    const { signedBefore, stored } = await sellRacing(() => other.prepare('UPDATE zatca_egs SET next_icv = next_icv + 1').run());
    expect(stored.icv).toBe(signedBefore.doc.icv + 1);
    expect(stored.pih).toBe(signedBefore.doc.pih);
  });

  it("the unit's certificate (renewed for the same key)", async () => {
    const csr = await createEgsCsr(signer.privateKey, TEST_SUBJECT, 'sandbox');
    const renewed = readEgsCertificate(await ca.issue(csr, Date.UTC(2026, 5, 1), 365)).base64;
    expect(renewed).not.toBe(signer.certificate.base64);
    const { signedBefore, stored, read } = await sellRacing(() => other.prepare('UPDATE zatca_egs SET certificate = ?').run(renewed));
    expect(signedBefore.certificate).toBe(signer.certificate.base64);
    expect(read.certificate).toBe(renewed);
    expect(stored.icv).toBe(signedBefore.doc.icv);
  });
});

describe('what numbering an order under the lock changes', () => {
  // insertOrder numbers the draft again inside the transaction (numbered()): it sets these three fields. The
  // comparison holds only the number among them; should the document ever state another, this fails and that field
  // joins signedFromSameInputs.
  it('reaches the document through its number only', async () => {
    const order = readOrder(shop.db, (await shop.sell(1))[0]!.uuid)!;
    const chain = { icv: 7, pih: 'pih' };
    const doc = documentFromOrder(order, chain, TEST_SELLER);
    expect(documentFromOrder({ ...order, business_day: '1999-01-01', station: 'Z' }, chain, TEST_SELLER)).toEqual(doc);
    expect(documentFromOrder({ ...order, number: 'Z-999' }, chain, TEST_SELLER)).not.toEqual(doc);
  });
});
