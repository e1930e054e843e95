import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allowedChoice } from '../../support/option-choice.ts';
import { checkDocument } from '../../../emulator/zatca/verify-document.ts';
import { readServiceDiscounts } from '../../../src-main/catalog/index.ts';
import type { TillDatabase } from '../../../src-main/db/index.ts';
import { TillService } from '../../../src-main/host/index.ts';
import { composeReceipt, readPrintContext } from '../../../src-main/printing/index.ts';
import { setSettingFromText } from '../../../src-main/settings/index.ts';
import { OrderUploader } from '../../../src-main/sync/index.ts';
import { PromotionService } from '../../../src-main/promotions/index.ts';
import { documentFromOrder } from '../../../src-main/zatca/document-from-order.ts';
import { signDocument, type EgsSigner } from '../../../src-main/zatca/sign-document.ts';
import { printerSettings } from '../../../src-shared/catalog/index.ts';
import type { OrderView } from '../../../src-shared/selling/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { refusal } from '../../support/refusal.ts';
import { testDocument, testSigner } from '../../support/zatca-egs.ts';

// Issue 35 on a table's tab: the service's discounts (an automatic dine-in
// one, one picked from the list) priced into the tab's running total, the
// round being taken and what Pay covers, then named by the order that pays it
// (whole, or split in parts) on its receipt, in its upload and as ZATCA
// allowances, exactly as a counter sale. Real SQLite, the emulator over
// loopback HTTP.

/** Thursday 26 November 2026, 16:30 in Riyadh. */
const THURSDAY_1630 = Date.UTC(2026, 10, 26, 13, 30);

let service: EmulatedService;
let db: TillDatabase;
let till: TillService;
let signer: EgsSigner;

const named = (name: string) => readServiceDiscounts(db).find((d) => d.name_en === name)!;
const product = (name: string) => service.emulator.tenant.products.find((p) => p.name_en === name)!;
const line = (name: string, quantity = 1) => ({ product_id: product(name).id, quantity, modifier_ids: allowedChoice(product(name).modifiers) });

beforeAll(async () => {
  service = await emulatedService({ seed: 35 });
  const me = service.emulator.tenant.me;
  service.emulator.tenant.discounts.push({
    id: '7d0c5a52-35aa-4f39-9a7e-000000000035',
    market_id: me.market.id,
    branch_ids: [me.branch!.id],
    is_active: true,
    is_automatic: true,
    code: null,
    deleted_at: null,
    name_en: 'Dine-in 10%',
    name_ar: 'خصم الصالة 10%',
    type: 'PERCENT',
    value: '10.00',
    applies_to: 'ORDER',
    order_types: ['DINE_IN'],
  });
  db = service.open('till.db');
  await service.pull(db);
  setSettingFromText(db, 'branch.time_zone', 'Asia/Riyadh');
  signer = (await testSigner()).signer;
});
afterAll(() => service.close());
beforeEach(async () => {
  till = new TillService({ db, now: () => THURSDAY_1630 });
  await till.voidCart();
});

async function openTable(index: number) {
  const tables = (await till.tabs.floor()).filter((t) => t.state === 'free');
  return till.tabs.openTab({ table_id: tables[index]!.id, guests: 2 });
}

function receiptText(order: OrderView): string {
  const context = readPrintContext(db);
  return JSON.stringify(
    composeReceipt(order, {
      flags: printerSettings(['PRODUCT_SHOW', 'MULTILINGUAL']),
      width: 80,
      header: context.header,
      methodNames: context.methodNames,
      logo: null,
      reprint: false,
    }),
  );
}

describe('the service discounts on a tab', () => {
  it('an automatic dine-in discount: in the round being taken, the tab total and Pay, then on the order, its upload, receipt and ZATCA document', async () => {
    // At the counter, takeaway: the dine-in discount is not given.
    await till.addItem(line('Caffè latte'));
    expect((await till.cart()).discounts).toEqual([]);
    await till.voidCart();

    const opened = await openTable(0);
    const round = [line('Caffè latte', 2), line('Butter croissant')];
    const asTaken = await till.tabs.priceRound({ tab_id: opened.id, lines: round });
    const dineIn = Math.round(asTaken.with_tab.subtotal / 10);
    expect(asTaken.with_tab.discounts).toEqual([expect.objectContaining({ name_en: 'Dine-in 10%', automatic: true, scope: 'ORDER', amount: dineIn })]);
    expect(asTaken.with_tab.discount_total).toBe(dineIn);
    expect(asTaken.with_tab.total).toBe(asTaken.with_tab.subtotal - dineIn);
    expect(asTaken.total).toBe(asTaken.with_tab.total);

    const tab = await till.tabs.addRound({ tab_id: opened.id, version: opened.version, lines: round });
    // The price shown is the price charged: the tab's total is what the round said it would be.
    expect(tab.total).toBe(asTaken.with_tab.total);
    expect(tab.discounts.map((d) => [d.name_en, d.amount])).toEqual([['Dine-in 10%', dineIn]]);
    expect(tab.lines.reduce((sum, l) => sum + l.total, 0)).toBe(tab.total);

    const order = await till.tabs.payTab({ tab_id: tab.id, version: tab.version, payments: [{ method_key: 'CASH', amount: tab.total }] });
    expect(order.total).toBe(tab.total);
    expect(order.type).toBe('DINE_IN');
    expect(order.discounts!.map((d) => [d.name_en, d.amount, d.discount_id])).toEqual([['Dine-in 10%', dineIn, named('Dine-in 10%').id]]);
    expect(order.discount_total).toBe(dineIn);

    const receipt = receiptText(order);
    expect(receipt).toContain('Dine-in 10%');
    expect(receipt).toContain('خصم الصالة 10%');
    expect(receipt).toContain(`-${(dineIn / 100).toFixed(2)}`);

    const report = await new OrderUploader({ db, client: service.client() }).uploadDue();
    expect(report).toMatchObject({ created: 1 });
    const held = service.emulator.orders.get(order.uuid)!.order as unknown as Record<string, unknown>;
    expect(held.discounts).toEqual([
      {
        discount_id: named('Dine-in 10%').id,
        name_en: 'Dine-in 10%',
        name_ar: 'خصم الصالة 10%',
        scope: 'ORDER',
        amount: (dineIn / 100).toFixed(2),
        code: null,
        source: null,
        verified: true,
      },
    ]);
    expect(held.discount_total).toBe((dineIn / 100).toFixed(2));

    const base = testDocument();
    const signed = signDocument(documentFromOrder(order, { icv: base.icv, pih: base.pih }, base.seller), signer);
    expect(signed.xml.match(/<cac:InvoiceLine>/g)).toHaveLength(2);
    expect(signed.xml.match(/<cac:AllowanceCharge>/g)).toHaveLength(2);
    expect(signed.xml).toContain('خصم الصالة 10%');
    expect(checkDocument(signed.xml).errors).toEqual([]);
  });

  it('a discount picked from the list for a tab: refused outside its rules, given within them with no manager, split into parts that each name their share', async () => {
    const opened = await openTable(0);
    // Nothing in the tab is a croissant yet: the product's discount is refused in the cashier's words.
    const first = await till.tabs.addRound({ tab_id: opened.id, version: opened.version, lines: [line('Caffè latte', 2)] });
    const refused = await refusal(
      till.tabs.pickTabDiscount({ tab_id: first.id, version: first.version, discount_id: named('Butter croissant half price').id }),
    );
    expect(refused.message).toMatch(/nothing in the cart is in it/);
    // A coupon's discount is never picked from the list.
    const coupon = await refusal(till.tabs.pickTabDiscount({ tab_id: first.id, version: first.version, discount_id: named('Flyer 15%').id }));
    expect(coupon.message).toMatch(/only for its coupon code/);

    const second = await till.tabs.addRound({ tab_id: first.id, version: first.version, lines: [line('Butter croissant', 2)] });
    const listed = await till.tabs.tabDiscounts({ tab_id: second.id });
    expect(listed.find((d) => d.name_en === 'Butter croissant half price')).toMatchObject({ applies: true, picked: false });
    expect(listed.find((d) => d.name_en === 'Dine-in 10%')).toMatchObject({ applies: true, automatic: true });
    const picked = await till.tabs.pickTabDiscount({ tab_id: second.id, version: second.version, discount_id: named('Butter croissant half price').id });
    expect(picked.version).toBe(second.version + 1);
    expect(picked.picked_discounts).toEqual([named('Butter croissant half price').id]);
    expect(picked.discounts.map((d) => d.name_en)).toEqual(['Butter croissant half price', 'Dine-in 10%']);
    expect(picked.total).toBe(picked.subtotal - picked.discount_total);
    expect(picked.total).toBeLessThan(second.total);
    // A screen that saw the tab before the pick is refused, naming it.
    const stale = await refusal(till.tabs.sendRound({ tab_id: second.id, version: second.version }));
    expect(stale.message).toMatch(/a discount was picked or taken off/);

    // Split evenly in two: the parts add up to the tab, and each names the discounts its pieces carry.
    const split = await till.tabs.splitTab({ tab_id: picked.id, version: picked.version, evenly: 2 });
    expect(split.parts.reduce((sum, p) => sum + p.total, 0)).toBe(picked.total);
    const orders: OrderView[] = [];
    let version = split.version;
    for (const part of split.parts) {
      const order = await till.tabs.payTab({ tab_id: split.id, version, part: part.part, payments: [{ method_key: 'CASH', amount: part.total }] });
      version = (await till.tabs.tab({ tab_id: split.id })).version;
      expect(order.total).toBe(part.total);
      expect(order.discounts!.reduce((sum, d) => sum + d.amount, 0)).toBe(order.discount_total);
      for (const d of order.discounts!) expect(d.line_amounts.reduce((sum, a) => sum + a, 0)).toBe(d.amount);
      orders.push(order);
    }
    // Every discount of the tab is named, and its parts add up to what the tab showed.
    for (const given of picked.discounts) {
      const parts = orders.flatMap((o) => o.discounts!.filter((d) => d.discount_id === given.discount_id));
      expect(parts.reduce((sum, d) => sum + d.amount, 0)).toBe(given.amount);
    }
    const croissantOrder = orders.find((o) => o.discounts!.some((d) => d.name_en === 'Butter croissant half price'))!;
    expect(receiptText(croissantOrder)).toContain('كرواسون بالزبدة بنصف السعر');
    const base = testDocument();
    for (const order of orders) {
      const signed = signDocument(documentFromOrder(order, { icv: base.icv, pih: base.pih }, base.seller), signer);
      expect(checkDocument(signed.xml).errors).toEqual([]);
    }
  });

  it('a coupon on a tab: verified with the service as at the counter, given once, named on the order that pays the tab', async () => {
    const promotions = new PromotionService({
      db,
      secrets: { get: () => null },
      selling: till.selling,
      tabs: till.tabs,
      now: () => THURSDAY_1630,
      client: service.client(),
    });
    const opened = await openTable(0);
    const tab = await till.tabs.addRound({ tab_id: opened.id, version: opened.version, lines: [line('Butter croissant', 2)] });
    const verifiedBefore = service.emulator.promotions.verifyRequests.length;
    const withCoupon = await promotions.applyTabCode({ tab_id: tab.id, version: tab.version, source: 'coupon', code: 'RAMADAN10' });
    expect(service.emulator.promotions.verifyRequests.length).toBe(verifiedBefore + 1);
    expect(withCoupon.version).toBe(tab.version + 1);
    const coupon = withCoupon.discounts.find((d) => d.code === 'RAMADAN10')!;
    expect(coupon).toMatchObject({ source: 'coupon', verified: true, name_en: 'Ramadan 10%' });
    expect(withCoupon.total).toBe(withCoupon.subtotal - withCoupon.discount_total);
    // Once a tab: the same code again is refused without asking the service.
    const again = await refusal(promotions.applyTabCode({ tab_id: tab.id, version: withCoupon.version, source: 'coupon', code: 'RAMADAN10' }));
    expect(again.reason).toMatchObject({ code: 'promotion.already_applied' });
    expect(service.emulator.promotions.verifyRequests.length).toBe(verifiedBefore + 1);
    // Taken off, the tab is as it was; given again, it is checked again.
    const without = await promotions.removeTabCode({ tab_id: tab.id, version: withCoupon.version, code: 'RAMADAN10' });
    expect(without.total).toBe(tab.total);
    expect(without.discounts.filter((d) => d.code !== null)).toEqual([]);
    const again2 = await promotions.applyTabCode({ tab_id: tab.id, version: without.version, source: 'coupon', code: 'RAMADAN10' });
    expect(again2.total).toBe(withCoupon.total);

    const order = await till.tabs.payTab({ tab_id: tab.id, version: again2.version, payments: [{ method_key: 'CASH', amount: again2.total }] });
    expect(order.total).toBe(withCoupon.total);
    expect(order.discounts!.find((d) => d.code === 'RAMADAN10')).toMatchObject({ source: 'coupon', amount: coupon.amount });
    expect(receiptText(order)).toContain('Ramadan 10%');
  });

  it('a round another screen adds while a code is checked does not lose the code: it goes on the tab as it is then', async () => {
    const promotions = new PromotionService({
      db,
      secrets: { get: () => null },
      selling: till.selling,
      tabs: till.tabs,
      now: () => THURSDAY_1630,
      client: service.client(),
    });
    const opened = await openTable(0);
    const tab = await till.tabs.addRound({ tab_id: opened.id, version: opened.version, lines: [line('Butter croissant', 2)] });
    const hold = service.emulator.hold('POST', '/discounts/verify');
    const applying = promotions.applyTabCode({ tab_id: tab.id, version: tab.version, source: 'coupon', code: 'RAMADAN10' });
    await hold.arrived;
    const more = await till.tabs.addRound({ tab_id: tab.id, version: tab.version, lines: [line('Butter croissant')] });
    hold.release();
    const withCoupon = await applying;
    expect(withCoupon.version).toBe(more.version + 1);
    expect(withCoupon.lines).toHaveLength(2);
    expect(withCoupon.discounts.find((d) => d.code === 'RAMADAN10')).toMatchObject({ source: 'coupon', verified: true });
    // A screen that saw an older tab is still refused before the service is asked.
    const verified = service.emulator.promotions.verifyRequests.length;
    const stale = await refusal(promotions.applyTabCode({ tab_id: tab.id, version: tab.version, source: 'coupon', code: 'OTHER' }));
    expect(stale.code).toBe('stale_tab');
    expect(service.emulator.promotions.verifyRequests.length).toBe(verified);
  });

  it('two tabs merged keep the discounts picked and the codes given for each, once', async () => {
    let into = await till.tabs.openTab({ label: 'Bar 1' });
    into = await till.tabs.addRound({ tab_id: into.id, version: into.version, lines: [line('Butter croissant')] });
    let from = await till.tabs.openTab({ label: 'Bar 2' });
    from = await till.tabs.addRound({ tab_id: from.id, version: from.version, lines: [line('Butter croissant')] });
    from = await till.tabs.pickTabDiscount({ tab_id: from.id, version: from.version, discount_id: named('Staff 10%').id });
    const merged = await till.tabs.mergeTabs({ tab_id: into.id, version: into.version, from_tab_id: from.id, from_version: from.version });
    expect(merged.picked_discounts).toEqual([named('Staff 10%').id]);
    expect(merged.discounts.map((d) => d.name_en)).toContain('Staff 10%');
    expect(merged.lines).toHaveLength(2);
  });

  it('taking a picked discount off is always allowed, and a tab being paid in parts takes no pick', async () => {
    const opened = await openTable(0);
    const tab = await till.tabs.addRound({ tab_id: opened.id, version: opened.version, lines: [line('Butter croissant')] });
    const picked = await till.tabs.pickTabDiscount({ tab_id: tab.id, version: tab.version, discount_id: named('Staff 10%').id });
    expect(picked.discounts.map((d) => d.name_en)).toContain('Staff 10%');
    const off = await till.tabs.pickTabDiscount({ tab_id: tab.id, version: picked.version, discount_id: named('Staff 10%').id, picked: false });
    expect(off.picked_discounts).toEqual([]);
    expect(off.total).toBe(tab.total);
    const more = await till.tabs.addRound({ tab_id: off.id, version: off.version, lines: [line('Butter croissant')] });
    const split = await till.tabs.splitTab({ tab_id: more.id, version: more.version, evenly: 2 });
    const refused = await refusal(till.tabs.pickTabDiscount({ tab_id: split.id, version: split.version, discount_id: named('Staff 10%').id }));
    expect(refused.message).toMatch(/is split into parts/);
  });
});
