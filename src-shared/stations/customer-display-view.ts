import type { Minor } from '../money/index.ts';

/**
 * What a customer display shows (issue 21, part 5): the cart of the one
 * counter it faces as the cashier rings it up, the change due and the
 * receipt's ZATCA QR after the payment, and the branch's name and logo when
 * nothing is going on. Everything it needs arrives in this one view: the
 * display reads nothing else of the till.
 */
export interface CustomerDisplayLine {
  name_en: string;
  name_ar: string;
  quantity: number;
  modifiers: { name_en: string; name_ar: string }[];
  /** The line's amount after its discount, tax as the cart shows it. */
  total: Minor;
}

/** Who the customer is buying from: the receipt's seller names (else the branch's), and its logo while idle. */
export interface CustomerDisplayBranch {
  name_en: string;
  name_ar: string;
  /** The receipt logo as base64 PNG, sent with the idle screen only; null: the branch set none. */
  logo_png: string | null;
}

export type CustomerDisplayState =
  | { state: 'idle' }
  | {
      state: 'cart';
      lines: CustomerDisplayLine[];
      subtotal: Minor;
      discount_total: Minor;
      tax: Minor;
      total: Minor;
      /** The prices already include the VAT shown (the usual case in Saudi Arabia): it is "included", not added. */
      prices_include_tax: boolean;
    }
  | {
      state: 'paid';
      order_number: string;
      total: Minor;
      tendered: Minor;
      change_due: Minor;
      /** The QR payload the receipt prints (ZATCA phase 1 TLV or phase 2's signed one), as the order stores it; null: none. */
      qr: string | null;
    };

export type CustomerDisplayView = CustomerDisplayState & {
  /** The display itself, and the counter whose cart it shows (null: a manager has not chosen one). */
  station: { code: string; name: string };
  counter: { code: string; name: string } | null;
  branch: CustomerDisplayBranch;
  /** Decimal places of the market's currency (every amount is in its minor units). */
  currency_decimals: number;
};
