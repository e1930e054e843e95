// The customer's receipt, from a stored order: a ZATCA simplified tax
// invoice (seller, VAT number, time, VAT total, the QR) with the lines, the
// payments and the change; for a cleared standard (B2B) invoice, a tax
// invoice that also names the buyer (its cleared credit note likewise). Pure: the same order and options always give the
// same document, which is what prints and what the preview shows.

import { CASH_METHOD_KEY, PAY_LATER_METHOD_KEY, type AppliedDiscount, type Discount } from '../../../src-shared/pricing/index.ts';
import type { OrderLineRecord, OrderRecord } from '../../../src-shared/selling/index.ts';
import type { ZatcaBuyer } from '../../../src-shared/zatca/index.ts';
import { paperSpec } from '../layout/paper.ts';
import type { ReceiptBlock, ReceiptDocument, TextStyle } from '../layout/receipt-document.ts';
import type { ReceiptHeader, ReceiptOptions } from './compose-options.ts';
import { describeDiscount as describeDiscountIn, localDateTime, money as moneyText, percent } from './format.ts';
import { LABELS, ORDER_TYPE_LABELS, PAYMENT_METHOD_ARABIC, type Label } from './labels.ts';

/** Lines fed before the cut when HAS_SPACE is on: room to tear, and a tidy top for the next receipt. */
export const EXTRA_SPACE_LINES = 4;

/** Logos are kept to half the paper: a receipt is not a poster. */
const LOGO_WIDTH_FRACTION = 0.5;

/** Whether this order takes money through the drawer: any cash, paid in or paid back. */
export function hasCashPayment(order: OrderRecord): boolean {
  return order.payments.some((p) => p.method_key === CASH_METHOD_KEY && p.amount !== 0);
}

/** Postpaid: some of it is owed (PAY_LATER), so the receipt is a bill, not proof of payment. */
export function isPostpaid(order: OrderRecord): boolean {
  return order.status === 'UNPAID' || order.payments.some((p) => p.method_key === PAY_LATER_METHOD_KEY);
}

export function composeReceipt(order: OrderRecord, options: ReceiptOptions): ReceiptDocument {
  const { flags, header } = options;
  const bilingual = flags.MULTILINGUAL;
  // Amounts with the currency's places (three for KWD: "8.005").
  const places = header.decimals ?? 2;
  const money = (minor: number) => moneyText(minor, places);
  const describeDiscount = (discount: Discount) => describeDiscountIn(discount, places);
  const blocks: ReceiptBlock[] = [];

  /** A label with its value on the right: English and Arabic on one line, or English alone. */
  const labelled = (label: Label, right?: string, style: TextStyle = {}): void => {
    if (bilingual) blocks.push({ kind: 'bilingual', en: label.en, ar: label.ar, ...(right !== undefined ? { right } : {}), ...style });
    else blocks.push({ kind: 'text', text: label.en, ...(right !== undefined ? { right } : {}), ...style });
  };
  /** Centred text, the Arabic on its own line below when bilingual. */
  const centred = (label: Label, style: TextStyle = {}): void => {
    blocks.push({ kind: 'text', text: label.en, align: 'center', ...style });
    if (bilingual && label.ar !== '') blocks.push({ kind: 'text', text: label.ar, align: 'center', ...style });
  };

  // The drawer opens first, so the cashier counts change while the paper runs.
  if (flags.DRAWER_OPEN && !options.reprint && hasCashPayment(order)) blocks.push({ kind: 'drawer', pin: 2 });
  if (flags.PRINT_IMAGE && options.logo) {
    blocks.push({ kind: 'image', source: options.logo, align: 'center', maxWidth: Math.floor(paperSpec(options.width).dots * LOGO_WIDTH_FRACTION) });
  }

  // Each name once: without names from the service every one of them is the same fallback (the market's id or the seller).
  const [market, branch] = distinctNames(header, bilingual);
  for (const name of market!) blocks.push({ kind: 'text', text: name, align: 'center', bold: true, height: 2 });
  for (const name of branch!) blocks.push({ kind: 'text', text: name, align: 'center' });
  if (header.vatNumber) centred({ en: `${LABELS.vatNumber.en} ${header.vatNumber}`, ar: `${LABELS.vatNumber.ar} ${header.vatNumber}` });
  ownLines(blocks, header.headerEn, header.headerAr, bilingual);
  // ZATCA's names: a cleared standard (B2B) invoice is a "Tax Invoice" and its cleared credit note a "Tax Credit Note", both
  // naming the buyer; a sale to anyone, a simplified invoice, and its refund a credit note.
  const buyer = options.buyer ?? null;
  const refund = order.kind === 'REFUND';
  centred(refund ? (buyer ? LABELS.taxCreditNote : LABELS.creditNote) : buyer ? LABELS.taxInvoice : LABELS.simplifiedInvoice, { bold: true });
  if (options.reprint) centred(LABELS.copy, { bold: true });
  // A pay-later order settled since says so: its reprint is proof of payment, not a bill.
  if (order.status === 'UNPAID') centred(LABELS.unpaid, { bold: true });
  else if (isPostpaid(order)) centred(LABELS.settled, { bold: true });
  blocks.push({ kind: 'divider' });

  labelled(LABELS.order, `#${order.number}`, { bold: true });
  labelled(LABELS.date, localDateTime(order.created_at));
  if (order.kind === 'REFUND' && order.refund_of) {
    // ZATCA: a credit note names the invoice it reverses, by the number the customer's receipt shows (never the internal uuid).
    labelled(LABELS.reverses, order.refund_of_number ? `#${order.refund_of_number}` : undefined, { bold: true });
    if (order.refund_reason) labelled(LABELS.reason, order.refund_reason);
  }
  if (order.cashier_name) labelled(LABELS.cashier, order.cashier_name);
  const type = ORDER_TYPE_LABELS[order.type] ?? { en: order.type, ar: order.type };
  labelled(type, order.table_id ? `${LABELS.table.en} ${order.table_id}` : undefined);
  blocks.push({ kind: 'divider' });
  if (buyer) {
    buyerBlocks(buyer, labelled, blocks);
    blocks.push({ kind: 'divider' });
  }

  // The service's discounts (issue 35) by name: each on the lines it reached, and each with its amount under the subtotal.
  const serviceDiscounts = order.discounts ?? [];
  if (flags.PRODUCT_SHOW) {
    for (const line of order.lines) blocks.push(...itemBlocks(line, bilingual, places), ...lineDiscountBlocks(line, serviceDiscounts, bilingual, places));
    blocks.push({ kind: 'divider' });
  }

  labelled(LABELS.subtotal, money(order.subtotal));
  for (const discount of serviceDiscounts) labelled({ en: discount.name_en, ar: discount.name_ar }, money(-discount.amount));
  // The cashier's own discounts: what is left of the discount total.
  const ownDiscount = order.discount_total - serviceDiscounts.reduce((sum, d) => sum + d.amount, 0);
  if (ownDiscount !== 0) {
    const what = order.order_discount ? ` ${describeDiscount(order.order_discount)}` : '';
    labelled({ en: `${LABELS.discount.en}${what}`, ar: `${LABELS.discount.ar}${what}` }, money(-ownDiscount));
  }
  const rate = percent(order.vat_rate);
  labelled({ en: `${LABELS.vat.en} ${rate}`, ar: `${LABELS.vat.ar} ${rate}` }, money(order.tax));
  labelled(LABELS.total, `${money(order.total)} ${header.currency ?? 'SAR'}`, { bold: true, height: 2 });
  blocks.push({ kind: 'divider' });

  for (const payment of order.payments) {
    const name = options.methodNames[payment.method_key] ?? payment.method_key;
    labelled({ en: name, ar: PAYMENT_METHOD_ARABIC[payment.method_key] ?? name }, money(payment.amount));
  }
  if (order.tendered > 0) {
    labelled(LABELS.tendered, money(order.tendered));
    labelled(LABELS.change, money(order.change_due), { bold: true });
  }

  // The payload is the till core's base64 TLV, byte for byte: ZATCA validates it as is.
  if (order.zatca_qr) blocks.push({ kind: 'qr', data: order.zatca_qr });
  else if (!header.vatNumber) centred(LABELS.noVatNumber);
  blocks.push({ kind: 'feed', lines: 1 });
  ownLines(blocks, header.footerEn, header.footerAr, bilingual);
  centred(LABELS.thanks);
  if (flags.HAS_SPACE) blocks.push({ kind: 'feed', lines: EXTRA_SPACE_LINES });
  blocks.push({ kind: 'cut', partial: true });
  return { blocks };
}

/** The seller's names to print, market then branch, each name at most once (Arabic only on a bilingual printer). */
export function distinctNames(header: ReceiptHeader, bilingual: boolean): [market: string[], branch: string[]] {
  const seen = new Set<string>();
  const take = (names: string[]) =>
    names.filter((name) => {
      const key = name.trim();
      if (key === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  const market = take(bilingual ? [header.marketEn, header.marketAr] : [header.marketEn]);
  const branch = take(bilingual ? [header.branchEn, header.branchAr] : [header.branchEn]);
  return [market, branch];
}

/** The buyer as the cleared invoice names them: name, VAT number, CRN when given, and the national address. */
function buyerBlocks(buyer: ZatcaBuyer, labelled: (label: Label, right?: string, style?: TextStyle) => void, blocks: ReceiptBlock[]): void {
  labelled(LABELS.buyer, undefined, { bold: true });
  // Names and addresses may be Arabic: each on its own line, which the renderer rasterizes like the seller's Arabic name.
  blocks.push({ kind: 'text', text: buyer.name, bold: true });
  labelled(LABELS.vatNumber, buyer.vat_number);
  if (buyer.crn !== '') labelled(LABELS.crn, buyer.crn);
  labelled(LABELS.address);
  blocks.push({ kind: 'text', text: `${buyer.building} ${buyer.street}` });
  blocks.push({ kind: 'text', text: `${buyer.district}, ${buyer.city} ${buyer.postal_code}` });
}

/** The branch's header or footer: English, and Arabic when the printer is bilingual (or when there is no English). */
function ownLines(blocks: ReceiptBlock[], en: string | undefined, ar: string | undefined, bilingual: boolean): void {
  if (en) blocks.push({ kind: 'text', text: en, align: 'center' });
  if (ar && (bilingual || !en)) blocks.push({ kind: 'text', text: ar, align: 'center' });
}

/** Under a line: each product or category discount of the service that reached it, by name, with its share. */
function lineDiscountBlocks(line: OrderLineRecord, discounts: readonly AppliedDiscount[], bilingual: boolean, places: number): ReceiptBlock[] {
  return discounts.flatMap((discount): ReceiptBlock[] => {
    const share = discount.scope === 'ITEMS' ? (discount.line_amounts[line.line_no - 1] ?? 0) : 0;
    if (share === 0) return [];
    const right = moneyText(-share, places);
    return bilingual
      ? [{ kind: 'bilingual', en: `  ${discount.name_en}`, ar: discount.name_ar, right }]
      : [{ kind: 'text', text: `  ${discount.name_en}`, right }];
  });
}

function itemBlocks(line: OrderLineRecord, bilingual: boolean, places: number): ReceiptBlock[] {
  const blocks: ReceiptBlock[] = [{ kind: 'text', text: `${line.quantity} x ${line.name_en}`, right: moneyText(line.gross, places) }];
  if (bilingual && line.name_ar !== '') blocks.push({ kind: 'text', text: line.name_ar });
  for (const modifier of line.modifiers) {
    if (bilingual && modifier.name_ar !== '') blocks.push({ kind: 'bilingual', en: `  + ${modifier.name_en}`, ar: `+ ${modifier.name_ar}` });
    else blocks.push({ kind: 'text', text: `  + ${modifier.name_en}` });
  }
  if (line.line_discount) {
    const what = describeDiscountIn(line.line_discount, places);
    if (bilingual) blocks.push({ kind: 'bilingual', en: `  ${LABELS.discount.en} ${what}`, ar: `${LABELS.discount.ar} ${what}` });
    else blocks.push({ kind: 'text', text: `  ${LABELS.discount.en} ${what}` });
  }
  if (line.notes) blocks.push({ kind: 'text', text: `  ${LABELS.note.en}: ${line.notes}` });
  return blocks;
}
