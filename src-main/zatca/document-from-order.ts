/**
 * The ZATCA document an order becomes: a sale is a simplified tax invoice
 * (388), a refund a credit note (381) naming the invoice it corrects and
 * the cashier's reason. Till keeps refunds negative; a credit note states
 * positive amounts and its type code says they are given back.
 */
import type { OrderLineRecord, OrderRecord } from '../../src-shared/selling/index.ts';
import type { ZatcaDocument, ZatcaSeller } from './zatca-document.ts';

export function documentFromOrder(order: OrderRecord, chain: { icv: number; pih: string }, seller: ZatcaSeller): ZatcaDocument {
  const abs = Math.abs;
  const lines = order.lines.map((line) => ({
    id: line.line_no,
    name: itemName(line),
    quantity: abs(line.quantity),
    net: abs(line.total - line.tax),
    tax: abs(line.tax),
    total: abs(line.total),
  }));
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
