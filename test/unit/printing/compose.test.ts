// Composition is pure: an order, the seller and a printer's flags in, a
// document out. These pin what each flag changes in the document, and which
// jobs checkout writes, without a database or a printer.

import { describe, expect, it } from 'vitest';
import { printerSettings, type PrinterFlag, type PrinterSettings } from '../../../src-shared/catalog/index.ts';
import { kitchenOrderOf } from '../../../src-shared/kitchen/index.ts';
import type { OrderRecord } from '../../../src-shared/selling/index.ts';
import { paidDineInSale } from '../../support/paid-sale.ts';
import { composeReceipt, type TillPrinter } from '../../../src-main/printing/index.ts';
import { composeKitchenTicket } from '../../../src-main/printing/compose/compose-kitchen-ticket.ts';
import { EXTRA_SPACE_LINES } from '../../../src-main/printing/compose/compose-receipt.ts';
import { jobsDueAtCheckout } from '../../../src-main/printing/queue/enqueue-at-checkout.ts';
import { type ReceiptBlock } from '../../../src-main/printing/layout/receipt-document.ts';
import { type ReceiptOptions } from '../../../src-main/printing/compose/compose-options.ts';

const LOGO = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);

function settings(on: readonly PrinterFlag[]): PrinterSettings {
  const s = printerSettings();
  for (const flag of on) s[flag] = true;
  return s;
}

function order(overrides: Partial<OrderRecord> = {}): OrderRecord {
  return paidDineInSale({
    uuid: '6f1c0b1e-0000-4000-8000-000000000001',
    number: '007',
    business_day: '2025-01-05',
    table_id: 'T3',
    subtotal: 4600,
    discount_total: 460,
    tax: 540,
    total: 4140,
    tendered: 5000,
    change_due: 860,
    order_discount: { kind: 'PERCENT', value: 1000 },
    zatca_qr: 'AQVRYWh3YQ==',
    created_at: new Date(2025, 0, 5, 9, 30).getTime(),
    lines: [
      {
        line_no: 1,
        product_id: 'p1',
        category_id: 1,
        name_en: 'Cortado',
        name_ar: 'كورتادو',
        quantity: 2,
        unit_price: 1600,
        gross: 3200,
        discount: 320,
        tax: 376,
        total: 2880,
        line_discount: null,
        modifiers: [{ modifier_id: 'm1', name_en: 'Oat milk', name_ar: 'حليب الشوفان', price: 200 }],
        notes: 'extra hot',
      },
      {
        line_no: 2,
        product_id: 'p2',
        category_id: 5,
        name_en: 'Croissant',
        name_ar: 'كرواسون',
        quantity: 1,
        unit_price: 1400,
        gross: 1400,
        discount: 140,
        tax: 164,
        total: 1260,
        line_discount: { kind: 'AMOUNT', value: 100 },
        modifiers: [],
        notes: null,
      },
    ],
    payments: [{ method_key: 'CASH', amount: 4140 }],
    ...overrides,
  });
}

function receiptOptions(on: readonly PrinterFlag[], extra: Partial<ReceiptOptions> = {}): ReceiptOptions {
  return {
    flags: settings(on),
    width: 80,
    header: { marketEn: 'Qahwa House', marketAr: 'بيت القهوة', branchEn: 'Olaya', branchAr: 'العليا', vatNumber: '310123456700003' },
    methodNames: { CASH: 'Cash' },
    logo: LOGO,
    reprint: false,
    ...extra,
  };
}

const texts = (blocks: ReceiptBlock[]) => blocks.flatMap((b) => (b.kind === 'text' ? [b.text] : b.kind === 'bilingual' ? [b.en, b.ar] : []));
const kinds = (blocks: ReceiptBlock[]) => blocks.map((b) => b.kind);

describe('the receipt document', () => {
  it('has the header, order, lines, totals, payments, change, QR and footer', () => {
    const { blocks } = composeReceipt(order(), receiptOptions(['PRODUCT_SHOW']));
    const all = texts(blocks);
    expect(all).toEqual(expect.arrayContaining(['Qahwa House', 'Olaya', 'VAT No. 310123456700003', 'Simplified Tax Invoice', 'Order', 'Date', 'Dine in']));
    expect(blocks).toContainEqual({ kind: 'text', text: 'Order', right: '#007', bold: true });
    expect(blocks).toContainEqual({ kind: 'text', text: 'Date', right: '2025-01-05 09:30' });
    expect(blocks).toContainEqual({ kind: 'text', text: 'Dine in', right: 'Table T3' });
    expect(blocks).toContainEqual({ kind: 'text', text: '2 x Cortado', right: '32.00' });
    expect(all).toEqual(expect.arrayContaining(['  + Oat milk', '  Note: extra hot', '  Discount 1.00', 'Thank you for your visit']));
    expect(blocks).toContainEqual({ kind: 'text', text: 'Discount 10%', right: '-4.60' });
    expect(blocks).toContainEqual({ kind: 'text', text: 'VAT 15%', right: '5.40' });
    expect(blocks).toContainEqual({ kind: 'text', text: 'Total', right: '41.40 SAR', bold: true, height: 2 });
    expect(blocks).toContainEqual({ kind: 'text', text: 'Cash', right: '41.40' });
    expect(blocks).toContainEqual({ kind: 'text', text: 'Change', right: '8.60', bold: true });
    expect(blocks).toContainEqual({ kind: 'qr', data: 'AQVRYWh3YQ==' });
    expect(blocks.at(-1)).toEqual({ kind: 'cut', partial: true });
    // English only: no Arabic anywhere.
    expect(all.join('')).not.toMatch(/[\u0600-\u06ff]/);
  });

  it('MULTILINGUAL adds the Arabic beside or below every English text', () => {
    const { blocks } = composeReceipt(order(), receiptOptions(['PRODUCT_SHOW', 'MULTILINGUAL']));
    expect(blocks).toContainEqual({ kind: 'bilingual', en: 'Total', ar: 'الإجمالي', right: '41.40 SAR', bold: true, height: 2 });
    expect(blocks).toContainEqual({ kind: 'text', text: 'كورتادو' });
    expect(blocks).toContainEqual({ kind: 'bilingual', en: '  + Oat milk', ar: '+ حليب الشوفان' });
    expect(texts(blocks)).toEqual(expect.arrayContaining(['بيت القهوة', 'العليا', 'فاتورة ضريبية مبسطة', 'نقداً']));
  });

  it('says, in both languages, that there is no VAT number where the QR would be', () => {
    const noVat = receiptOptions(['MULTILINGUAL'], {
      header: { marketEn: 'Qahwa House', marketAr: 'بيت القهوة', branchEn: 'Olaya', branchAr: 'العليا', vatNumber: null },
    });
    const blocks = composeReceipt(order({ zatca_qr: null }), noVat).blocks;
    expect(kinds(blocks)).not.toContain('qr');
    expect(texts(blocks)).toEqual(expect.arrayContaining(['No VAT number: no ZATCA QR code', 'لا يوجد رقم ضريبي: بدون رمز الاستجابة السريعة']));
    expect(texts(blocks).some((t) => t.startsWith('VAT No.'))).toBe(false);
    // With a VAT number the note never shows.
    expect(texts(composeReceipt(order(), receiptOptions(['MULTILINGUAL'])).blocks)).not.toContain('No VAT number: no ZATCA QR code');
  });

  it('PRODUCT_SHOW off leaves the totals only', () => {
    const all = texts(composeReceipt(order(), receiptOptions([])).blocks);
    expect(all.some((t) => t.includes('Cortado'))).toBe(false);
    expect(all).toContain('Subtotal');
  });

  it('DRAWER_OPEN kicks first on cash (sale or refund), never for card or on a reprint', () => {
    expect(composeReceipt(order(), receiptOptions(['DRAWER_OPEN'])).blocks[0]).toEqual({ kind: 'drawer', pin: 2 });
    const card = order({ payments: [{ method_key: 'MADA', amount: 4140 }], tendered: 0, change_due: 0 });
    expect(kinds(composeReceipt(card, receiptOptions(['DRAWER_OPEN'])).blocks)).not.toContain('drawer');
    const refund = order({ kind: 'REFUND', payments: [{ method_key: 'CASH', amount: -4140 }], tendered: 0, change_due: 0, zatca_qr: null });
    const refundBlocks = composeReceipt(refund, receiptOptions(['DRAWER_OPEN'])).blocks;
    expect(refundBlocks[0]).toEqual({ kind: 'drawer', pin: 2 });
    expect(texts(refundBlocks)).toContain('Credit Note (Refund)');
    expect(kinds(refundBlocks)).not.toContain('qr');
    const copy = composeReceipt(order(), receiptOptions(['DRAWER_OPEN'], { reprint: true })).blocks;
    expect(kinds(copy)).not.toContain('drawer');
    expect(texts(copy)).toContain('** COPY **');
    expect(kinds(composeReceipt(order(), receiptOptions([])).blocks)).not.toContain('drawer');
  });

  it('PRINT_IMAGE puts the logo on top, half the paper wide at most', () => {
    const withLogo = composeReceipt(order(), receiptOptions(['PRINT_IMAGE'])).blocks;
    expect(withLogo[0]).toEqual({ kind: 'image', source: LOGO, align: 'center', maxWidth: 288 });
    expect(composeReceipt(order(), receiptOptions(['PRINT_IMAGE'], { width: 58 })).blocks[0]).toMatchObject({ maxWidth: 192 });
    expect(kinds(composeReceipt(order(), receiptOptions([])).blocks)).not.toContain('image');
  });

  it('HAS_SPACE feeds before the cut', () => {
    const spaced = composeReceipt(order(), receiptOptions(['HAS_SPACE'])).blocks;
    expect(spaced.slice(-2)).toEqual([
      { kind: 'feed', lines: EXTRA_SPACE_LINES },
      { kind: 'cut', partial: true },
    ]);
    expect(composeReceipt(order(), receiptOptions([])).blocks.at(-2)?.kind).not.toBe('feed');
  });

  it('marks a postpaid order UNPAID', () => {
    const unpaid = order({ status: 'UNPAID', payments: [{ method_key: 'PAY_LATER', amount: 4140 }], tendered: 0, change_due: 0, zatca_qr: null });
    expect(texts(composeReceipt(unpaid, receiptOptions([])).blocks)).toContain('UNPAID - pay later');
  });

  it('marks a pay-later order settled since PAID, never UNPAID', () => {
    const settled = order({
      status: 'PAID',
      payments: [
        { method_key: 'PAY_LATER', amount: 4140 },
        { method_key: 'CASH', amount: 4140 },
      ],
    });
    const printed = texts(composeReceipt(settled, receiptOptions([])).blocks);
    expect(printed).toContain('PAID - settled');
    expect(printed).not.toContain('UNPAID - pay later');
  });

  it('names the sale a credit note reverses by its number, never its internal uuid', () => {
    const refund = order({ kind: 'REFUND', refund_of: '0b7c5a7e-1111-4222-8333-944445555666', refund_of_number: 'A-007', total: -4140 });
    // Everything the paper carries, the right-hand values included.
    const printed = JSON.stringify(composeReceipt(refund, receiptOptions([])).blocks);
    expect(printed).toContain('#A-007');
    expect(printed).not.toContain('0b7c5a7e-1111-4222-8333-944445555666');
  });
});

describe('the kitchen ticket', () => {
  const ticket = (categories: number[] | null, on: readonly PrinterFlag[] = []) =>
    composeKitchenTicket(kitchenOrderOf(order()), {
      flags: settings(on),
      width: 80,
      station: 'Bar',
      categories: categories && new Set(categories),
      reprint: false,
    });

  it('has the station, a large number, type and table, and only the routed lines, without prices', () => {
    const doc = ticket([1])!;
    expect(doc.blocks.slice(0, 3)).toEqual([
      { kind: 'text', text: 'BAR', align: 'center', bold: true },
      { kind: 'text', text: '#007', align: 'center', bold: true, width: 2, height: 2 },
      { kind: 'text', text: 'DINE IN - Table T3', align: 'center', bold: true, height: 2 },
    ]);
    const all = texts(doc.blocks);
    expect(all).toEqual(expect.arrayContaining(['2 x Cortado', '  + Oat milk', '  ! extra hot']));
    expect(all.some((t) => t.includes('Croissant'))).toBe(false);
    expect(doc.blocks.some((b) => 'right' in b && b.right !== undefined)).toBe(false);
    expect(all.join(' ')).not.toMatch(/\d+\.\d\d/);
  });

  it('adds Arabic names with MULTILINGUAL', () => {
    expect(texts(ticket([1], ['MULTILINGUAL'])!.blocks)).toEqual(expect.arrayContaining(['كورتادو', '+ حليب الشوفان', 'محلي - طاولة T3']));
  });

  it('is not printed at all when none of the lines are routed here', () => {
    expect(ticket([9])).toBeNull();
    expect(texts(ticket(null)!.blocks)).toEqual(expect.arrayContaining(['2 x Cortado', '1 x Croissant']));
  });
});

describe('the jobs checkout writes', () => {
  const printer = (name: string, on: readonly PrinterFlag[], categories: number[] = [], bound = true): TillPrinter => ({
    id: name,
    name,
    settings: settings(on),
    address: bound ? 'tcp://127.0.0.1:9100' : null,
    suggestedAddress: null,
    appCommand: null,
    width: 80,
    bound,
    kind: categories.length > 0 ? 'kitchen' : 'receipt',
    categories: new Set(categories),
    routing: categories.length > 0 ? 'service' : null,
  });

  it('follows PRINT_AUTO, PRINT_POSTPAID, routing and the binding', () => {
    const printers = [
      printer('Cashier', ['PRINT_AUTO']),
      printer('Manual', []),
      printer('Bar', ['PRINT_AUTO'], [1, 2]),
      printer('Grill', ['PRINT_AUTO'], [9]),
      printer('Elsewhere', ['PRINT_AUTO'], [], false),
    ];
    expect(jobsDueAtCheckout(printers, order())).toEqual([
      { printerId: 'Cashier', kind: 'receipt' },
      { printerId: 'Bar', kind: 'kitchen' },
    ]);
    const postpaid = order({ status: 'UNPAID', payments: [{ method_key: 'PAY_LATER', amount: 4140 }] });
    expect(jobsDueAtCheckout(printers, postpaid)).toEqual([{ printerId: 'Bar', kind: 'kitchen' }]);
    expect(jobsDueAtCheckout([printer('Cashier', ['PRINT_AUTO', 'PRINT_POSTPAID'])], postpaid)).toEqual([{ printerId: 'Cashier', kind: 'receipt' }]);
    expect(jobsDueAtCheckout(printers, order({ kind: 'REFUND' }))).toEqual([{ printerId: 'Cashier', kind: 'receipt' }]);
  });
});
