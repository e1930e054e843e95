import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMinor } from '../../../src-shared/money/index.ts';
import { decodeZatcaPhase2Qr, decodeZatcaQr, formatZatcaTimestamp } from '../../../src-shared/zatca/index.ts';
import { readOrder } from '../../../src-main/orders/index.ts';
import { openCheckoutShop, type CheckoutShop } from '../../support/checkout-shop.ts';
import { hostStamp, onboardForTest, setTestSeller, TEST_SELLER } from '../../support/zatca-egs.ts';

// Issue 37: a till with the phase-2 stamp no longer makes phase 1's QR for every sale only to replace it with the
// signed one; it makes it when the stamp signs nothing (not onboarded yet, or the unit's key not at hand). Either way
// the order and its receipt carry the QR they carried before.

let shop: CheckoutShop;
beforeAll(async () => {
  shop = await openCheckoutShop({ seed: 3711, stamp: (db) => hostStamp(db) });
  setTestSeller(shop.db);
});
afterAll(() => shop.close());

describe("a sale's QR at a till with the phase-2 stamp", () => {
  it("is phase 1's five tags while the stamp signs nothing, then the signed nine, and each is what the order keeps", async () => {
    const [before] = await shop.sell(1);
    const phase1 = decodeZatcaQr(before!.zatca_qr!);
    expect(phase1).toEqual({
      sellerName: TEST_SELLER.name,
      vatNumber: TEST_SELLER.vatNumber,
      timestamp: formatZatcaTimestamp(before!.created_at),
      total: formatMinor(before!.total),
      vatTotal: formatMinor(before!.tax),
    });
    expect(readOrder(shop.db, before!.uuid)!.zatca_qr).toBe(before!.zatca_qr);

    await onboardForTest(shop.db);
    const [after] = await shop.sell(1);
    const phase2 = decodeZatcaPhase2Qr(after!.zatca_qr!);
    expect(phase2.vatNumber).toBe(TEST_SELLER.vatNumber);
    expect(phase2.total).toBe(formatMinor(after!.total));
    expect(readOrder(shop.db, after!.uuid)!.zatca_qr).toBe(after!.zatca_qr);
  });
});
