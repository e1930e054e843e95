import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allowedChoice } from '../../support/option-choice.ts';
import { checkDocument } from '../../../emulator/zatca/verify-document.ts';
import { readServiceDiscounts } from '../../../src-main/catalog/index.ts';
import type { TillDatabase } from '../../../src-main/db/index.ts';
import { TillService } from '../../../src-main/host/index.ts';
import { composeReceipt, readPrintContext } from '../../../src-main/printing/index.ts';
import { setSettingFromText } from '../../../src-main/settings/index.ts';
import { OrderUploader } from '../../../src-main/sync/index.ts';
import { documentFromOrder } from '../../../src-main/zatca/document-from-order.ts';
import { signDocument, type EgsSigner } from '../../../src-main/zatca/sign-document.ts';
import { printerSettings } from '../../../src-shared/catalog/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { refusal } from '../../support/refusal.ts';
import { testDocument, testSigner } from '../../support/zatca-egs.ts';

// Issue 35, item 1, against the emulator's default discounts: pulled, then
// given at the counter by their rules (percentage, amount over a minimum,
// capped, product, category, an afternoon window, an automatic period) on
// the till's injected clock in the branch's time zone; the paid order names
// them on its receipt, in its upload and as ZATCA line allowances.

/** Thursday 26 November 2026, 16:30 in Riyadh. */
const THURSDAY_1630 = Date.UTC(2026, 10, 26, 13, 30);
/** Thursday 26 November 2026, 19:00 in Riyadh: after the afternoon window. */
const THURSDAY_1900 = Date.UTC(2026, 10, 26, 16, 0);
/** 10 January 2030, noon in Riyadh: inside the automatic Ramadan 2030 period. */
const RAMADAN_2030 = Date.UTC(2030, 0, 10, 9, 0);

let service: EmulatedService;
let db: TillDatabase;
let now = THURSDAY_1630;
let till: TillService;
let signer: EgsSigner;

const named = (name: string) => readServiceDiscounts(db).find((d) => d.name_en === name)!;
const product = (name: string) => service.emulator.tenant.products.find((p) => p.name_en === name)!;

beforeAll(async () => {
  service = await emulatedService({ seed: 35 });
  db = service.open('till.db');
  await service.pull(db);
  setSettingFromText(db, 'branch.time_zone', 'Asia/Riyadh');
  signer = (await testSigner()).signer;
});
afterAll(() => service.close());
beforeEach(async () => {
  now = THURSDAY_1630;
  till = new TillService({ db, now: () => now });
  await till.voidCart();
});

/** A cart of one latte (17.00 for takeaway? whatever the menu says) and one butter croissant. */
async function latteAndCroissant() {
  // The latte's size is a required choice (issue 34's option groups): the first one, Small, adds nothing.
  await till.addItem({ product_id: product('Caffè latte').id, modifier_ids: allowedChoice(product('Caffè latte').modifiers) });
  return till.addItem({ product_id: product('Butter croissant').id, modifier_ids: allowedChoice(product('Butter croissant').modifiers) });
}

describe('the service discounts at the counter', () => {
  it('gives nothing by itself: every default discount but the future automatic one is picked by the cashier', async () => {
    const cart = await latteAndCroissant();
    expect(cart.discounts).toEqual([]);
    expect(cart.discount_total).toBe(0);
    const list = await till.discounts();
    const byName = new Map(list.map((d) => [d.name_en, d]));
    expect(byName.get('Staff 10%')).toMatchObject({ applies: true, why_not: null, picked: false, amount: 0 });
    expect(byName.get('Flyer 15%')).toMatchObject({ applies: false, why_not: 'coupon', coupon: true });
    expect(byName.get('Ramadan 2030 10%')).toMatchObject({ applies: false, why_not: 'not_yet', automatic: true });
    expect(byName.get('Opening week')).toMatchObject({ applies: false, why_not: 'inactive' });
    expect(byName.get('Iced drinks 15%')).toMatchObject({ applies: false, why_not: 'no_items' });
  });

  it('a percentage, an amount over a minimum and a capped percentage of the whole order, the best one given', async () => {
    const start = await latteAndCroissant();
    const subtotal = start.subtotal;
    const staff = await till.pickDiscount({ discount_id: named('Staff 10%').id });
    expect(staff.discounts).toEqual([expect.objectContaining({ name_en: 'Staff 10%', scope: 'ORDER', amount: Math.round(subtotal / 10) })]);
    expect(staff.total).toBe(subtotal - Math.round(subtotal / 10));
    // 5.00 over 30.00: refused while the order is under 30.00, in the cashier's words.
    if (subtotal < 3000) {
      const refused = await refusal(till.pickDiscount({ discount_id: named('5.00 off over 30.00').id }));
      expect(refused.message).toMatch(/the order must come to 30\.00/);
    }
    for (let i = 0; i < 3; i++) await till.addItem({ product_id: product('Caffè latte').id, modifier_ids: allowedChoice(product('Caffè latte').modifiers) });
    const amount = await till.pickDiscount({ discount_id: named('5.00 off over 30.00').id });
    const bigger = amount.subtotal / 10 > 500 ? 'Staff 10%' : '5.00 off over 30.00';
    expect(amount.discounts?.map((d) => d.name_en)).toEqual([bigger]);
    // 20% capped at 15.00: on a big order the cap holds.
    for (let i = 0; i < 8; i++) await till.addItem({ product_id: product('Caffè latte').id, modifier_ids: allowedChoice(product('Caffè latte').modifiers) });
    const capped = await till.pickDiscount({ discount_id: named('Family 20% (up to 15.00)').id });
    expect(capped.subtotal * 0.2).toBeGreaterThan(1500);
    const family = capped.discounts!.find((d) => d.name_en === 'Family 20% (up to 15.00)');
    if (family) expect(family.amount).toBe(1500);
    // The whole-order one given is the one giving most; none is the cashier's, so no manager is asked.
    expect(capped.discounts).toHaveLength(1);
    expect(capped.service_discount).toBe(capped.discount_total);
  });

  it('a product discount and a category discount only on their lines, shown on the line', async () => {
    const cart = await latteAndCroissant();
    const croissantLine = cart.lines.find((l) => l.product_id === product('Butter croissant').id)!;
    const half = await till.pickDiscount({ discount_id: named('Butter croissant half price').id });
    const given = half.discounts!.find((d) => d.name_en === 'Butter croissant half price')!;
    expect(given.scope).toBe('ITEMS');
    expect(given.amount).toBe(Math.round(croissantLine.gross / 2));
    expect(given.line_amounts).toEqual(half.lines.map((l) => (l.line_id === croissantLine.line_id ? given.amount : 0)));
    // Iced drinks 15%: refused with no iced drink in the cart, given once one is added, on that line alone.
    const refused = await refusal(till.pickDiscount({ discount_id: named('Iced drinks 15%').id }));
    expect(refused.message).toMatch(/nothing in the cart is in it/);
    const iced = service.emulator.tenant.products.find((p) => p.category_id === 2 && p.is_active)!;
    await till.addItem({ product_id: iced.id, modifier_ids: allowedChoice(iced.modifiers) });
    const withIced = await till.pickDiscount({ discount_id: named('Iced drinks 15%').id });
    const icedGiven = withIced.discounts!.find((d) => d.name_en === 'Iced drinks 15%')!;
    const icedLine = withIced.lines.findIndex((l) => l.product_id === iced.id);
    expect(icedGiven.line_amounts.filter((a) => a > 0)).toEqual([icedGiven.amount]);
    expect(icedGiven.line_amounts[icedLine]).toBe(Math.round(withIced.lines[icedLine]!.gross * 0.15));
  });

  it('a time window holds in the branch time zone on the till clock: given at 16:30, not at 19:00', async () => {
    await latteAndCroissant();
    const afternoon = named('Afternoon coffee 3.00 off');
    const given = await till.pickDiscount({ discount_id: afternoon.id });
    expect(given.discounts?.map((d) => [d.name_en, d.amount])).toEqual([['Afternoon coffee 3.00 off', 300]]);
    now = THURSDAY_1900;
    // Picked, but out of its hours: it gives nothing now, and the list says why.
    expect((await till.cart()).discounts).toEqual([]);
    expect((await till.discounts()).find((d) => d.id === afternoon.id)).toMatchObject({ picked: true, applies: false, why_not: 'hours' });
    await till.pickDiscount({ discount_id: afternoon.id, picked: false });
    const refused = await refusal(till.pickDiscount({ discount_id: afternoon.id }));
    expect(refused.message).toMatch(/not valid at this hour/);
  });

  it('an automatic discount applies by itself inside its period', async () => {
    now = RAMADAN_2030;
    const cart = await latteAndCroissant();
    expect(cart.discounts).toEqual([expect.objectContaining({ name_en: 'Ramadan 2030 10%', automatic: true, amount: Math.round(cart.subtotal / 10) })]);
  });

  it('the paid order names its discounts on the receipt, in the upload and as ZATCA line allowances', async () => {
    await latteAndCroissant();
    await till.pickDiscount({ discount_id: named('Butter croissant half price').id });
    const cart = await till.pickDiscount({ discount_id: named('Staff 10%').id });
    expect(cart.discounts!.map((d) => d.name_en)).toEqual(['Butter croissant half price', 'Staff 10%']);
    const order = await till.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] });
    expect(order.discounts!.map((d) => [d.name_en, d.amount])).toEqual(cart.discounts!.map((d) => [d.name_en, d.amount]));
    expect(order.discount_total).toBe(cart.discount_total);

    // The receipt: each by name with its amount; the product's under its line.
    const context = readPrintContext(db);
    const receipt = JSON.stringify(
      composeReceipt(order, {
        flags: printerSettings(['PRODUCT_SHOW', 'MULTILINGUAL']),
        width: 80,
        header: context.header,
        methodNames: context.methodNames,
        logo: null,
        reprint: false,
      }),
    );
    const money = (minor: number) => `-${(minor / 100).toFixed(2)}`;
    for (const d of order.discounts!) {
      expect(receipt).toContain(d.name_en);
      expect(receipt).toContain(d.name_ar);
      expect(receipt).toContain(money(d.amount));
    }

    // The upload names each discount by the service's id, and its amount.
    const report = await new OrderUploader({ db, client: service.client() }).uploadDue();
    expect(report).toMatchObject({ created: 1 });
    const held = service.emulator.orders.get(order.uuid)!.order as unknown as Record<string, unknown>;
    expect(held.discounts).toEqual(
      order.discounts!.map((d) => ({
        discount_id: d.discount_id,
        name_en: d.name_en,
        name_ar: d.name_ar,
        scope: d.scope,
        amount: (d.amount / 100).toFixed(2),
        code: null,
        // One list with coupons and rewards (issue 35): the service's own have no source and need no judging.
        source: null,
        verified: true,
      })),
    );

    // ZATCA: each discounted line carries an allowance, the price stays the price, and the stand-in's rules pass.
    const base = testDocument();
    const signed = signDocument(documentFromOrder(order, { icv: base.icv, pih: base.pih }, base.seller), signer);
    expect(signed.xml).toContain(
      '<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode>',
    );
    expect(signed.xml.match(/<cac:InvoiceLine>/g)).toHaveLength(2);
    expect(signed.xml.match(/<cac:AllowanceCharge>/g)).toHaveLength(2);
    expect(signed.xml).toContain('كرواسون بالزبدة بنصف السعر');
    const checked = checkDocument(signed.xml);
    expect(checked.errors).toEqual([]);
  });
});
