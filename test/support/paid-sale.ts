import type { OrderRecord } from '../../src-shared/selling/index.ts';

/**
 * What a plain sale carries besides its number, lines and money: paid, dine-in, on the cash price list, at a
 * branch with 15 % VAT inside its prices, for no customer and without a note. Printing tests and the print bench
 * compose receipts of such sales; each still writes out the figures it prints.
 */
const PAID_DINE_IN_SALE = {
  kind: 'SALE',
  refund_of: null,
  status: 'PAID',
  type: 'DINE_IN',
  customer_id: null,
  market_id: 'm',
  branch_id: 'b',
  price_list: 'CASH',
  vat_rate: 1500,
  prices_include_tax: true,
  notes: null,
} as const satisfies Partial<OrderRecord>;

/** The rest of the order; any of the fields above may be given too, to differ from the plain sale. */
export type SaleParticulars = Omit<OrderRecord, keyof typeof PAID_DINE_IN_SALE> & Partial<OrderRecord>;

export function paidDineInSale(particulars: SaleParticulars): OrderRecord {
  return { ...PAID_DINE_IN_SALE, ...particulars };
}
