import { z } from 'zod';
import { TABLE_AREA_MAX, TABLE_NAME_MAX, TABLE_SEATS_MAX } from './floor-tables.ts';
import { cleanLine, cleanLines } from '../text/index.ts';
import { approvalInput } from '../shifts/index.ts';

/**
 * What the floor's calls accept (issue 21). Every change to a tab names the
 * version the screen saw: a change made on an older version is refused with
 * what changed since, never applied on top of it.
 */
const id = z.string({ error: 'an id' }).min(1, 'not empty').max(200, 'at most 200 characters');
const version = z.number({ error: 'the tab version this screen saw' }).int('a whole number').min(1, 'at least 1');
const minor = z.number({ error: 'an amount in halalas (a whole number)' }).int('a whole number of halalas').min(0, 'not negative');
const tab = { tab_id: id, version };
/** A round's lines, as addRound takes them and priceRound prices them. */
const roundLines = z
  .array(
    z.object({
      product_id: id,
      quantity: z.number().int('a whole number').min(1, 'at least 1').max(999, 'at most 999').default(1),
      modifier_ids: z.array(id).max(20).default([]),
      notes: z.string({ error: 'text' }).max(500, 'at most 500 characters').overwrite(cleanLines).nullable().default(null),
    }),
  )
  .min(1, 'at least one line')
  .max(100, 'at most 100 lines');

export const floorInputs = {
  addTable: z.object({
    name: z.string({ error: 'a name' }).overwrite(cleanLine).trim().min(1, 'a name').max(TABLE_NAME_MAX, `at most ${TABLE_NAME_MAX} characters`),
    area: z.string().overwrite(cleanLine).trim().max(TABLE_AREA_MAX, `at most ${TABLE_AREA_MAX} characters`).nullable().default(null),
    seats: z.number().int('a whole number').min(1, 'at least 1').max(TABLE_SEATS_MAX, `at most ${TABLE_SEATS_MAX}`).nullable().default(null),
  }),
  removeTable: z.object({ id }),
  /** On a table, or at the counter under a name ("Ali", "Bar 3"). A table that already has an open tab gives that tab. */
  openTab: z.object({
    table_id: id.nullable().default(null),
    label: z.string().overwrite(cleanLine).trim().max(60, 'at most 60 characters').default(''),
    guests: z.number().int('a whole number').min(1, 'at least 1').max(99, 'at most 99').nullable().default(null),
  }),
  tab: z.object({ tab_id: id }),
  addRound: z.object({ ...tab, lines: roundLines }),
  /** The round being taken, priced as the tab prices it (TAB_PRICING), before it is added: nothing changes. */
  priceRound: z.object({ tab_id: id, lines: roundLines }),
  sendRound: z.object(tab),
  /** The service's discounts as they stand for this tab now (issue 35): whether each applies and why not. */
  tabDiscounts: z.object({ tab_id: id }),
  /** Picks one of the service's discounts for the tab (or takes it off): refused, in the cashier's words, when its rules do not hold now. */
  pickTabDiscount: z.object({ ...tab, discount_id: id, picked: z.boolean().default(true) }),
  /** A line already with the kitchen goes only with a manager's approval. */
  removeTabLine: z.object({ ...tab, line_id: id, approval: approvalInput }),
  moveTab: z.object({ ...tab, table_id: id }),
  /** The other tab's lines come into this one; the other tab is closed as merged. */
  mergeTabs: z.object({ ...tab, from_tab_id: id, from_version: version }),
  splitTab: z.union([
    z.object({ ...tab, parts: z.array(z.array(id).min(1).max(100)).min(1).max(20) }),
    z.object({ ...tab, evenly: z.number().int('a whole number').min(2, 'at least 2').max(20, 'at most 20') }),
  ]),
  /** Pays the whole tab, or one part of a split tab, at the calling station (its number, drawer and cashier). */
  payTab: z.object({
    ...tab,
    part: z.number().int().min(1).max(20).optional(),
    payments: z
      .array(z.object({ method_key: id, amount: minor }))
      .min(1, 'at least one payment')
      .max(10, 'at most 10 payments'),
    cash_tendered: minor.optional(),
  }),
  clearTab: z.object(tab),
} as const;

export type FloorInputs = { [K in keyof typeof floorInputs]: z.input<(typeof floorInputs)[K]> };
