/**
 * When a service discount applies (docs/discounts.md). Pure: the clock, the
 * branch's time zone and the cart come in; a reason comes out, or null when
 * it applies. Each reason has a message code for the cashier's words.
 */
import type { ServiceDiscount } from '../catalog/index.ts';
import type { Minor } from '../money/index.ts';
import { wallClock } from './wall-clock.ts';

/** Why a discount does not apply now, most lasting first (an inactive one is not worth a minimum order). */
export const NOT_APPLYING = ['inactive', 'coupon', 'branch', 'not_yet', 'ended', 'day', 'hours', 'order_type', 'no_items', 'min_order'] as const;
export type NotApplying = (typeof NOT_APPLYING)[number];

/** A cart line as the rules see it: what it is and what is left of it after the cashier's own line discount. */
export interface RuleLine {
  product_id: string;
  category_id: number | null;
  /** Minor units left after the line's own (typed) discount. */
  net: Minor;
}

export interface RuleContext {
  now: number;
  /** The branch's time zone (setting `branch.time_zone`); undefined: the machine's. */
  timeZone?: string | undefined;
  branchId: string | null;
  orderType: string;
  lines: readonly RuleLine[];
}

/** Does `discount` reach `line` (its products or categories; every line for a whole-order discount). */
export function reachesLine(discount: ServiceDiscount, line: Pick<RuleLine, 'product_id' | 'category_id'>): boolean {
  if (isWholeOrder(discount)) return true;
  return discount.product_ids.includes(line.product_id) || (line.category_id !== null && discount.category_ids.includes(line.category_id));
}

export function isWholeOrder(discount: ServiceDiscount): boolean {
  return discount.product_ids.length === 0 && discount.category_ids.length === 0;
}

function beforeStart(bound: number | string | null, now: number, stamp: string): boolean {
  if (bound === null) return false;
  return typeof bound === 'number' ? now < bound : stamp < bound;
}

function afterEnd(bound: number | string | null, now: number, stamp: string): boolean {
  if (bound === null) return false;
  return typeof bound === 'number' ? now > bound : stamp > bound;
}

/** Within the daily hours [from, to): a window whose end is before its start runs past midnight. */
function withinHours(from: string | null, to: string | null, time: string): boolean {
  if (from === null && to === null) return true;
  const start = from ?? '00:00';
  const end = to ?? '24:00';
  if (start === end) return true;
  return start < end ? time >= start && time < end : time >= start || time < end;
}

/**
 * The hours part of the window, for a cashier who wonders why a happy hour
 * did not apply: the day a window past midnight started is the day it counts
 * for (Thursday 22:00–02:00 covers Friday 01:00).
 */
function windowDay(discount: ServiceDiscount, clock: { time: string; weekday: number }): number {
  const { hours_from: from, hours_to: to } = discount;
  const pastMidnight = from !== null && to !== null && to < from && clock.time < to;
  return pastMidnight ? (clock.weekday + 6) % 7 : clock.weekday;
}

/**
 * Null when `discount` applies to this cart now; otherwise the first reason
 * it does not, in the order of NOT_APPLYING. `forCode`: it is being given
 * for its coupon code (item 2), so having one is no reason.
 */
export function whyNot(discount: ServiceDiscount, context: RuleContext, forCode = false): NotApplying | null {
  if (!discount.is_active) return 'inactive';
  if (discount.code !== null && !forCode) return 'coupon';
  if (discount.branch_ids.length > 0 && (context.branchId === null || !discount.branch_ids.includes(context.branchId))) return 'branch';
  const clock = wallClock(context.now, context.timeZone);
  if (beforeStart(discount.valid_from, context.now, clock.stamp)) return 'not_yet';
  if (afterEnd(discount.valid_to, context.now, clock.stamp)) return 'ended';
  if (discount.days.length > 0 && !discount.days.includes(windowDay(discount, clock))) return 'day';
  if (!withinHours(discount.hours_from, discount.hours_to, clock.time)) return 'hours';
  if (discount.order_types.length > 0 && !discount.order_types.includes(context.orderType)) return 'order_type';
  if (!isWholeOrder(discount) && !context.lines.some((line) => reachesLine(discount, line))) return 'no_items';
  const orderNet = context.lines.reduce((sum, line) => sum + line.net, 0);
  if (discount.min_order !== null && orderNet < discount.min_order) return 'min_order';
  return null;
}
