/**
 * The ZATCA document an order becomes: a sale is a simplified tax invoice
 * (388), a refund a credit note (381) naming the invoice it corrects and
 * the cashier's reason. Till keeps refunds negative; a credit note states
 * positive amounts and its type code says they are given back.
 */
import { mulDivRound, ONE_HUNDRED_PERCENT } from '../../src-shared/money/index.ts';
import type { OrderLineRecord, OrderRecord } from '../../src-shared/selling/index.ts';
import type { ZatcaDocument, ZatcaSeller } from './zatca-document.ts';

export function documentFromOrder(order: OrderRecord, chain: { icv: number; pih: string }, seller: ZatcaSeller): ZatcaDocument {
  const abs = Math.abs;
  const lines = order.lines.map((line) => {
    const net = abs(line.total - line.tax);
    const allowance = allowanceOf(order, line);
    return {
      id: line.line_no,
      name: itemName(line),
      quantity: abs(line.quantity),
      net,
      tax: abs(line.tax),
      total: abs(line.total),
      ...(allowance ? { allowance } : {}),
    };
  });
  const isCash = order.payments.length > 0 && order.payments.every((p) => p.method_key.toUpperCase().includes('CASH'));
  const base: ZatcaDocument = {
    kind: order.kind === 'REFUND' ? 'credit' : 'invoice',
    id: order.number,
    uuid: order.uuid,
    issuedAt: order.created_at,
    icv: chain.icv,
    pih: chain.pih,
    seller,
    vatRate: order.vat_rate,
    lines,
    net: abs(order.total - order.tax),
    tax: abs(order.tax),
    total: abs(order.total),
    paymentMeansCode: isCash ? '10' : '1',
  };
  if (order.kind !== 'REFUND') return base;
  return { ...base, billingReference: order.refund_of_number ?? order.refund_of ?? '', reason: order.refund_reason || 'Refund' };
}

/**
 * The line's item name, with the options it was sold with (issue 34: "Cappuccino (Medium، Oat milk)"),
 * in the language the name is in: Arabic when the line has an Arabic name, each option's Arabic name
 * where it has one.
 */
function itemName(line: OrderLineRecord): string {
  const arabic = line.name_ar !== '';
  const name = arabic ? line.name_ar : line.name_en;
  if (line.modifiers.length === 0) return name;
  const options = line.modifiers.map((m) => (arabic && m.name_ar !== '' ? m.name_ar : m.name_en));
  return `${name} (${options.join(arabic ? '، ' : ', ')})`;
}

/**
 * A line's discounts (the cashier's and the service's, issue 35) as one allowance without VAT, with the names of
 * the service's discounts that reached it. Prices with VAT: the discount's part without VAT, rounded once (half away
 * from zero); the price is then the net plus it, so the document's line sums hold exactly.
 */
function allowanceOf(order: OrderRecord, line: OrderLineRecord): { amount: number; reason: string } | null {
  const discount = Math.abs(line.discount);
  if (discount === 0) return null;
  const amount = order.prices_include_tax ? mulDivRound(discount, ONE_HUNDRED_PERCENT, ONE_HUNDRED_PERCENT + order.vat_rate) : discount;
  const names = (order.discounts ?? []).filter((d) => (d.line_amounts[line.line_no - 1] ?? 0) !== 0).map((d) => d.name_ar || d.name_en);
  const own = Math.abs(line.discount) - (order.discounts ?? []).reduce((sum, d) => sum + Math.abs(d.line_amounts[line.line_no - 1] ?? 0), 0);
  const reason = [...names, ...(own > 0 || names.length === 0 ? ['Discount'] : [])].join('; ');
  return { amount, reason };
}
