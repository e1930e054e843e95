import type { AppliedDiscount, Discount, LineFigures, NotApplying, OrderType } from '../pricing/index.ts';
import type { Minor } from '../money/index.ts';
import type { ModifierGroup } from '../catalog/index.ts';
import type { OrderRecord, OrderUpload, UploadState } from './order-record.ts';

/** What the till API returns; every amount is integer minor units. */

export interface CategoryView {
  id: number;
  icon: string;
  name_en: string;
  name_ar: string;
  product_count: number;
}

export interface ProductCard {
  id: string;
  category_id: number;
  name_en: string;
  name_ar: string;
  /** The unit price for the cart's price list and order type, before modifiers; null when it cannot be priced. */
  price: Minor | null;
  has_modifiers: boolean;
  /** True when a choice must be made before the product can be sold (an option group with a minimum); absent: every option is optional. */
  requires_choice?: boolean;
  /** Marked sold out for today (issue 34): shown, but it cannot be added. */
  sold_out: boolean;
}

export interface ModifierView {
  id: string;
  name_en: string;
  name_ar: string;
  price: Minor;
  /** The option group it is one of (issue 34: one-of, up to N, required); absent: an optional add-on. */
  group?: ModifierGroup;
  /** In the picker only: this option is marked sold out for today and cannot be chosen. */
  sold_out?: boolean;
}

export interface ProductDetail extends ProductCard {
  description_en: string | null;
  description_ar: string | null;
  modifiers: ModifierView[];
}

export interface CartLineView extends LineFigures {
  line_id: string;
  product_id: string;
  name_en: string;
  name_ar: string;
  modifiers: ModifierView[];
  notes: string | null;
  line_discount: Discount | null;
}

export interface CartView {
  lines: CartLineView[];
  order_type: OrderType;
  table_id: string | null;
  customer_id: string | null;
  price_list: string;
  order_discount: Discount | null;
  /** The service's discounts the cashier picked (issue 35); absent: none. */
  picked_discounts?: string[];
  /** The service's discounts given now (automatic or picked), each with its amount and its share of each line; absent: none. */
  discounts?: AppliedDiscount[];
  /** Σ of those; absent: 0. Not the cashier's discount: no manager's approval is asked for it. */
  service_discount?: Minor;
  subtotal: Minor;
  discount_total: Minor;
  tax: Minor;
  total: Minor;
  vat_rate: number;
  prices_include_tax: boolean;
  /** Banknote amounts a cashier is likely to be handed for the total. */
  quick_cash: Minor[];
}

/** One of the service's discounts, as the cart stands now (issue 35): whether it applies, and why not. */
export interface DiscountView {
  id: string;
  name_en: string;
  name_ar: string;
  kind: 'PERCENT' | 'AMOUNT';
  /** PERCENT: hundredths of a percent; AMOUNT: minor units. */
  value: number;
  max_amount: Minor | null;
  min_order: Minor | null;
  /** ORDER: the whole order; ITEMS: some products or categories. */
  scope: 'ORDER' | 'ITEMS';
  automatic: boolean;
  /** It has a coupon code: given only for the code, never picked from the list. */
  coupon: boolean;
  picked: boolean;
  /** Its rules hold for this cart now. */
  applies: boolean;
  /** Why its rules do not hold (a reason code, `reason.discount.*`); null when they do. */
  why_not: NotApplying | null;
  /** What it takes off this cart now (0 when another discount of the same kind gives more). */
  amount: Minor;
}

export interface ParkedCartView {
  id: string;
  label: string;
  parked_at: number;
  lines: number;
  total: Minor;
  order_type: OrderType;
  table_id: string | null;
  /** Who parked it, when known. */
  cashier: string | null;
  /** What is on it, in cart order (names in both languages and how many). */
  items: { name_en: string; name_ar: string; quantity: number }[];
}

export interface PaymentMethodView {
  key: string;
  name: string;
  is_online: boolean;
  /** The catalog prices some product for this method itself (a delivery app's menu); never true for CASH, the fallback list. */
  has_prices: boolean;
}

/** A customer of the market, as the replica holds it (active ones only). */
export interface CustomerView {
  id: string;
  name: string;
  phone_prefix: string;
  phone: string;
  email: string;
}

/** A customer added at the counter, with where its upload stands (the service's id once it named one). */
export interface CounterCustomerView extends CustomerView {
  upload: { state: 'pending' | 'synced' | 'rejected'; service_id: string | null; last_error: string | null };
}

/** A customer corrected at the counter (issue 35): as the till shows it now, and where its Customers Update stands. */
export interface EditedCustomerView extends CustomerView {
  upload: { state: 'pending' | 'synced' | 'rejected'; last_error: string | null };
}

export interface OrderView extends OrderRecord {
  upload: OrderUpload;
  /** On a sale: quantities already refunded, by line_no (a refund dialog offers only what is left). */
  refunded_lines?: Record<number, number>;
  /** On a sale: its credit notes (refund orders), oldest first, so the screen can link to them. */
  refunds?: { uuid: string; number: string; total: Minor }[];
  /** Change to hand back, from cash tendered. */
  change_due: Minor;
  /** A sale with a standard (B2B) tax invoice: what ZATCA's clearance did (issue 22). */
  clearance?: ClearanceView;
}

/**
 * Clearance of a sale's standard invoice. cleared: ZATCA's cleared invoice
 * is the receipt's QR. refused (ZATCA said NOT_CLEARED, with its messages)
 * or unanswered (the network failed while clearing): no receipt printed;
 * the cashier issues a simplified invoice for the same sale instead
 * (issueSimplifiedInvoice). simplified: that was done.
 */
export interface ClearanceView {
  state: 'cleared' | 'refused' | 'unanswered' | 'simplified';
  /** ZATCA's own messages (its errors, else its warnings), as it sent them. */
  messages: string[];
}

export interface OrderSummary {
  uuid: string;
  number: string;
  kind: OrderRecord['kind'];
  status: OrderRecord['status'];
  type: OrderType;
  total: Minor;
  created_at: number;
  upload_state: UploadState;
  upload_error: string | null;
  /** Who rang it up, when known. */
  cashier: string | null;
  /** The methods it was paid (or refunded) with, in the order taken. */
  methods: string[];
}

export interface SyncStatus {
  online: boolean | null;
  paused: null | 'unauthenticated';
  pending: number;
  rejected: number;
  synced: number;
  lastSuccessAt: number | null;
  lastError: string | null;
}

export interface SessionView {
  paired: boolean;
  base_url: string | null;
  api_version: string | null;
  market_name_en: string | null;
  market_name_ar: string | null;
  branch_name_en: string | null;
  branch_name_ar: string | null;
  last_pull_at: number | null;
  products: number;
  /** No VAT number from the settings or the service: receipts print without the ZATCA QR. */
  vat_number_missing: boolean;
  /** The service token is stored without real encryption (no OS keyring: safeStorage's plain-text fallback). */
  secrets_unprotected: boolean;
  /** Decimal places of the market's currency: every amount the till sends is in minor units of this many (2; 3 for KWD). */
  currency_decimals: number;
}
