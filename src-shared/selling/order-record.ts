import type { Discount, LineFigures, OrderType } from '../pricing/index.ts';
import type { Minor } from '../money/index.ts';
import type { PricedPromotion } from './applied-promotion.ts';

export const ORDER_KINDS = ['SALE', 'REFUND'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** PAID: settled; UNPAID: some of it is on PAY_LATER; REFUNDED: a refund order points at it. */
export const ORDER_STATUSES = ['PAID', 'UNPAID', 'REFUNDED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const UPLOAD_STATES = ['pending', 'synced', 'rejected'] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

export interface OrderLineModifierRecord {
  modifier_id: string;
  name_en: string;
  name_ar: string;
  price: Minor;
}

/** A sold line: its figures are negative on a refund (quantity too). */
export interface OrderLineRecord extends LineFigures {
  line_no: number;
  product_id: string;
  category_id: number;
  name_en: string;
  name_ar: string;
  line_discount: Discount | null;
  modifiers: OrderLineModifierRecord[];
  notes: string | null;
  /** On a refund line: the sale's line_no it gives back. */
  refunds_line?: number | null;
}

export interface OrderPaymentRecord {
  method_key: string;
  amount: Minor;
  /** Set on a payment taken after the sale (settle-later): when, and in which shift. */
  paid_at?: number | null;
  shift_id?: string | null;
  /** Set when the payment came after the order's upload body was fixed: it travels as this settlement record instead. */
  settlement_uuid?: string | null;
}

/** An order as the till stores it; a refund is its own order with negative amounts. */
export interface OrderRecord {
  uuid: string;
  number: string;
  business_day: string;
  kind: OrderKind;
  refund_of: string | null;
  status: OrderStatus;
  type: OrderType;
  table_id: string | null;
  customer_id: string | null;
  market_id: string;
  branch_id: string;
  price_list: string;
  vat_rate: number;
  prices_include_tax: boolean;
  subtotal: Minor;
  discount_total: Minor;
  tax: Minor;
  total: Minor;
  tendered: Minor;
  change_due: Minor;
  order_discount: Discount | null;
  notes: string | null;
  zatca_qr: string | null;
  created_at: number;
  lines: OrderLineRecord[];
  payments: OrderPaymentRecord[];
  /** Who rang it up and in which shift; null on orders from before cashiers existed. */
  cashier_id?: string | null;
  cashier_name?: string | null;
  shift_id?: string | null;
  /** A refund's required reason, and the number of the invoice it reverses. */
  refund_reason?: string | null;
  refund_of_number?: string | null;
  /** The code of the station (counter) that rang it up; its number is that station's. Null before stations. */
  station?: string | null;
  /** Coupons and loyalty rewards given on a sale (issue 35), with their codes; absent when there were none. */
  promotions?: PricedPromotion[];
}

/** What checkout hands to the store: everything but the number, which the store assigns. */
export type OrderDraft = Omit<OrderRecord, 'number' | 'business_day'>;

export interface OrderUpload {
  state: UploadState;
  attempts: number;
  last_error: string | null;
  /** The service's errors when it rejected the order. */
  rejection: unknown;
  synced_at: number | null;
}
