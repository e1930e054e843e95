import type { Minor } from '../money/index.ts';

export const CASHIER_ROLES = ['cashier', 'manager'] as const;
export type CashierRole = (typeof CASHIER_ROLES)[number];

export interface CashierView {
  id: string;
  name: string;
  role: CashierRole;
  active: boolean;
}

export interface CashMovementView {
  id: string;
  kind: 'IN' | 'OUT';
  amount: Minor;
  reason: string;
  cashier: string;
  created_at: number;
}

export interface ShiftView {
  id: string;
  cashier_id: string;
  cashier: string;
  business_day: string;
  opened_at: number;
  closed_at: number | null;
  float: Minor;
  /** Banknotes and coins counted at opening: denomination in halalas → how many. */
  float_counts: Record<string, number> | null;
  /** The code of the station whose drawer it is (A, B, …); null on shifts from before stations. */
  station: string | null;
}

/** Who is at the till, and whether it can sell. */
export interface StaffState {
  /** The till has no manager yet: the first run after pairing asks for one. */
  needs_first_manager: boolean;
  /** Null while the till is locked. */
  cashier: CashierView | null;
  /** The open shift of this station's drawer, whoever opened it. */
  shift: ShiftView | null;
  /** Minutes without a touch before the till locks itself; 0 never. */
  idle_lock_minutes: number;
  /**
   * The cash counted when this station's drawer last closed, offered as the
   * next shift's float (the cashier confirms or changes it); absent or null
   * when the drawer never closed.
   */
  last_close_cash?: Minor | null;
  /** Only in the answer to a sign-in with `release`: the station a manager's approval signed the cashier out of. */
  released_from?: string;
}

export interface MoneyBy {
  key: string;
  name_en: string;
  name_ar: string;
  amount: Minor;
  count: number;
}

/** An X (open shift) or Z (closed shift) report. All money in halalas. */
export interface ShiftReport {
  kind: 'X' | 'Z';
  shift_id: string;
  /** The station whose drawer this is (null on shifts from before stations). */
  station: string | null;
  cashier: string;
  business_day: string;
  opened_at: number;
  closed_at: number | null;
  closed_by: string | null;
  float: Minor;
  /** Sales in the shift (refunds are counted apart). */
  orders: number;
  refund_count: number;
  /** Σ sales' subtotals: the prices as rung up, before discounts. */
  gross: Minor;
  discounts: Minor;
  /** Σ refunds given back, as a positive amount. */
  refunds: Minor;
  /** Σ every order total of the shift (sales minus refunds), VAT included. */
  net: Minor;
  vat: Minor;
  /** Still owed on PAY_LATER by the shift's sales. */
  unpaid: Minor;
  /** Payments taken in this shift by method (refunds negative, settlements of older orders included). */
  by_payment_method: MoneyBy[];
  by_category: MoneyBy[];
  by_cashier: MoneyBy[];
  cash_in: Minor;
  cash_out: Minor;
  cash_movements: CashMovementView[];
  /** Float + cash taken − cash refunded + cash in − cash out. */
  cash_expected: Minor;
  cash_counted: Minor | null;
  /** Counted − expected: negative when short. Null until counted. */
  over_short: Minor | null;
  /** The optional blind count of other methods: method → {expected, counted, over_short}. */
  other_counts: { key: string; expected: Minor; counted: Minor; over_short: Minor }[];
  /** Orders of this till still waiting to upload when the report was made. */
  pending_uploads: number;
}

/** One station's part of the business day: its shifts' figures added up. */
export interface StationDayLine {
  /** The station's code; null for shifts from before stations. */
  station: string | null;
  shifts: number;
  orders: number;
  refund_count: number;
  net: Minor;
  vat: Minor;
  cash_in: Minor;
  cash_out: Minor;
  cash_expected: Minor;
  /** Null until every shift of the station that day was counted. */
  cash_counted: Minor | null;
  over_short: Minor | null;
}

/** The business day across every station's shifts: the branch's totals, then each station's. */
export interface DayReport extends Omit<
  ShiftReport,
  'kind' | 'shift_id' | 'station' | 'cashier' | 'opened_at' | 'closed_at' | 'closed_by' | 'cash_movements' | 'other_counts'
> {
  kind: 'DAY';
  shifts: { shift_id: string; station: string | null; cashier: string; opened_at: number; closed_at: number | null; over_short: Minor | null }[];
  /** Each station's lines, by code; their figures add up to the day's. */
  stations: StationDayLine[];
}
