import type { Minor } from '../money/index.ts';
import type { AppliedDiscount } from '../pricing/index.ts';
import type { FloorTable } from './floor-tables.ts';

/** What happened to a tab at one version: what a stale change is refused with, and the tab's history. */
export const TAB_CHANGE_KINDS = ['opened', 'round', 'sent', 'removed', 'moved', 'merged', 'mergedAway', 'split', 'paid', 'cleared', 'discount'] as const;
export type TabChangeKind = (typeof TAB_CHANGE_KINDS)[number];

export interface TabChange {
  version: number;
  kind: TabChangeKind;
  /** The station's code, and the cashier signed in there (null: none). */
  station: string;
  cashier: string | null;
  at: number;
  /** What it names: lines added, the table moved to, parts split into. */
  count: number | null;
  table: string | null;
}

/**
 * open: taking rounds; split: parts being paid; paid: every part paid, the
 * table still to be cleared; cleared: done; merged: its lines went to
 * another tab (merged_into).
 */
export type TabState = 'open' | 'split' | 'paid' | 'cleared' | 'merged';

export interface TabLineView {
  line_id: string;
  round: number;
  product_id: string;
  category_id: number;
  name_en: string;
  name_ar: string;
  quantity: number;
  modifiers: { id: string; name_en: string; name_ar: string }[];
  notes: string | null;
  /** When its round went to the kitchen; null: not sent yet. */
  sent_at: number | null;
  unit_price: Minor;
  total: Minor;
}

export interface TabPartView {
  part: number;
  lines: { line_id: string; quantity: number; total: Minor }[];
  total: Minor;
  /** The service's discounts its pieces carry, fixed at the split (issue 35). */
  discounts: AppliedDiscount[];
  /** The order that paid it; null: not paid yet. */
  order_uuid: string | null;
  order_number: string | null;
}

export interface TabView {
  id: string;
  /** The table's name, or the name the tab was opened under at the counter. */
  label: string;
  table_id: string | null;
  guests: number | null;
  state: TabState;
  /** Every change carries it back: a change made on an older version is refused, naming what changed. */
  version: number;
  opened_at: number;
  opened_by: string;
  merged_into: string | null;
  lines: TabLineView[];
  /** Lines not yet with the kitchen. */
  unsent: number;
  last_sent_at: number | null;
  subtotal: Minor;
  /** The service's discounts the tab gets now (issue 35): automatic ones by their rules and those picked for it, as a cart's. */
  discounts: AppliedDiscount[];
  /** Σ of the lines' discounts (the service's): subtotal − discount_total (+ tax when prices exclude it) = total. */
  discount_total: Minor;
  /** The service's discounts picked for this tab from the list (by id); each is given while its rules hold. */
  picked_discounts: string[];
  tax: Minor;
  total: Minor;
  /** Once split: the parts, each paid as its own order. */
  parts: TabPartView[];
  changes: TabChange[];
}

/**
 * The round being taken on a screen, priced as the tab will charge it once
 * added (TAB_PRICING): each line, the round alone, and the tab with it.
 */
export interface RoundPriceView {
  tab_id: string;
  lines: { product_id: string; quantity: number; unit_price: Minor; total: Minor }[];
  subtotal: Minor;
  tax: Minor;
  total: Minor;
  /** The tab's figures once this round is on it: what Pay covers when the round goes with it. */
  with_tab: { subtotal: Minor; discount_total: Minor; tax: Minor; total: Minor; discounts: AppliedDiscount[] };
}

/** A table as a floor view shows it: free, with an open tab (its total, guests, age), or paid and to be cleared. */
export interface FloorTableView extends FloorTable {
  state: 'free' | 'open' | 'paid';
  tab: {
    id: string;
    version: number;
    state: TabState;
    total: Minor;
    guests: number | null;
    opened_at: number;
    /** Lines not yet sent, and when the last round went to the kitchen (waiting on the kitchen since). */
    unsent: number;
    last_sent_at: number | null;
  } | null;
}
