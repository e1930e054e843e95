/**
 * Canonical catalog records: what the replica stores and the till reads,
 * whatever contract version the service answered in. Field names are the
 * newest contract's (2.5.0). Money is in one form inside the till: integer
 * minor units of the market currency's places (`Minor`), read from the
 * wire's decimal strings once, by the tolerant reader (src-shared/wire), and
 * formatted again only for the wire, paper and screen. A PERCENT price is in
 * hundredths of a percent whatever the currency.
 *
 * `Money` is there for the emulator, which stands in for the service and so
 * keeps the wire's decimal strings (`Product<DecimalString>`); the till's
 * records are always `Product` (minor units).
 */
import type { Minor } from '../money/index.ts';

export type DecimalString = string;
export type EpochMs = number;

export interface SectorLink {
  id: number;
  sector_id: number;
  category_id: number;
}

export interface Category {
  id: number;
  icon: string;
  name_en: string;
  name_ar: string;
  deleted_at: EpochMs | null;
  sectors: SectorLink[];
}

/**
 * A modifier is an option added to a product line ("Extra shot", "Oat milk").
 * The spec does not show modifier fields; this shape is the emulator's and is
 * documented in emulator/README.md.
 */
export interface Modifier<Money = Minor> {
  id: string;
  product_id: string;
  name_en: string;
  name_ar: string;
  /** Added to the line's unit price when the modifier is chosen, in minor units. */
  price: Money;
  /** The option group it is one of (issue 34: size, milk, extras); absent or null: an optional add-on. */
  group?: ModifierGroup | null;
}

/**
 * A group of a product's options and its rule: `min` 1 and `max` 1 is a
 * required one-of (size), `min` 0 and `max` 1 an optional one-of (milk),
 * `max` 3 "up to 3" (extras). Not shown by the spec: read tolerantly
 * (src-shared/wire/modifier.ts, docs/service-contract.md).
 */
export interface ModifierGroup {
  /** The service's group id, or `name:{name}` when it names the group only; unique within its product. */
  id: string;
  name_en: string;
  name_ar: string;
  /** Fewest options a line must have from it; 0: optional. */
  min: number;
  /** Most options a line may have from it; null: no limit. Never below `min`. */
  max: number | null;
}

export const PRICEABLE_TYPES = ['PAYMENT_METHOD', 'ORDER_TYPE'] as const;
export type PriceableType = (typeof PRICEABLE_TYPES)[number];
export const PRICE_VALUE_TYPES = ['NOMINAL', 'PERCENT'] as const;
export type PriceValueType = (typeof PRICE_VALUE_TYPES)[number];

/** The 2.2.3+ polymorphic price; older shapes are normalized into it. */
export interface Price<Money = Minor> {
  id: string;
  product_id: string;
  /** Null when the price belongs to the product itself rather than one of its modifiers. */
  modifier_id: string | null;
  priceable_type: PriceableType;
  /** A payment method key for PAYMENT_METHOD; an order type (DINE_IN, TAKEAWAY, DELIVERY) for ORDER_TYPE. */
  priceable_id: string;
  /** NOMINAL: money, in minor units; PERCENT: hundredths of a percent (`HundredthsOfPercent`, 1500 is 15%), whatever the currency. */
  value: Money;
  value_type: PriceValueType;
}

export interface Product<Money = Minor> {
  id: string;
  market_id: string;
  branch_id: string | null;
  category_id: number;
  name_en: string;
  name_ar: string;
  description_en: string | null;
  description_ar: string | null;
  duration: number | null;
  stock: number | null;
  order: number;
  images: string[] | null;
  is_active: boolean;
  created_at: EpochMs;
  updated_at: EpochMs;
  deleted_at: EpochMs | null;
  rating_amount: number;
  rating_avg: DecimalString;
  sold_amount: number;
  /** A sales statistic the service reports as a JSON number; never used for pricing. */
  sold_revenue: number;
  accounting_id: string | null;
  modifiers: Modifier<Money>[];
  prices: Price<Money>[];
  /**
   * Set when the list answer did not carry these includes at all (as opposed
   * to carrying an empty list): the pull then reads them per product.
   */
  missing_includes?: ('modifiers' | 'prices')[];
}

/** An item of `/products/modifiers/barcodes` (fields not shown by the spec; see emulator/README.md). */
export interface Barcode {
  id: string;
  barcode: string;
  product_id: string;
  modifier_id: string | null;
}

export interface PaymentMethod {
  key: string;
  name: string;
  is_online: boolean;
  logo_img: string | null;
}

/** `target`, `method`, `scope` and `sort` are hidden before 2.4.0, so they are null when pulled at an older version. */
export interface PaymentMethodConfig {
  id: string;
  payment_method_key: string;
  target: 'MARKET' | 'PRODUCT' | null;
  method: string | null;
  scope: string | null;
  sort: number | null;
}

export const PRINTER_FLAGS = [
  'MULTILINGUAL',
  'PRODUCT_SHOW',
  'DRAWER_OPEN',
  'PRINT_POSTPAID',
  'PRINT_IMAGE',
  'PRINT_AUTO',
  'APP_TO_APP',
  'HAS_SPACE',
  'RASTER',
  'PDF',
] as const;
export type PrinterFlag = (typeof PRINTER_FLAGS)[number];
export type PrinterSettings = Record<PrinterFlag, boolean>;

export interface Printer {
  id: string;
  name: string;
  settings: PrinterSettings;
  /**
   * Where the printer listens (`tcp://host:9100`), only if the service sends
   * an `address` member: the spec shows none, so a till binds each printer
   * itself (src-main/printing) and uses this only as the default.
   */
  address?: string;
}

export interface Customer {
  id: string;
  userable_id: string;
  name: string;
  email: string;
  phone_prefix: string;
  phone: string;
  lang: string;
  is_active: boolean;
}

/**
 * Who the token belongs to and which market and branch the till sells for,
 * from `GET /me` (fields not shown by the spec; see emulator/README.md).
 */
export interface Me {
  user: { id: string; name: string; role: string };
  /** `currency`: the ISO 4217 code when `/me` names one (it sets how many decimal places money has). */
  market: { id: string; name_en: string; name_ar: string; vat_number: string | null; currency?: string | null };
  branch: {
    id: string;
    name_en: string;
    name_ar: string;
    /** VAT rate in percent with two places, e.g. "15.00". */
    vat_rate: DecimalString;
    /** Whether catalog prices already include VAT. */
    prices_include_tax: boolean;
  } | null;
}

/** An item of `/products/{id}/ingredients` (read by the emulator and the schemas; the till does not replicate it). */
export interface ProductIngredient {
  id: string;
  product_id: string;
  modifier_id: string | null;
  /** The real ingredient id; null before 2.2.0, where the service always sent the integer 1. */
  ingredient_id: string | null;
  quantity: DecimalString;
}

export interface Ingredient {
  id: string;
  name: string;
  /** Hidden for clients below 2.1.0. */
  cost: DecimalString | null;
}

/** Printer settings with exactly the given flags on. */
export function printerSettings(on: readonly PrinterFlag[] = []): PrinterSettings {
  return Object.fromEntries(PRINTER_FLAGS.map((flag) => [flag, on.includes(flag)])) as PrinterSettings;
}
