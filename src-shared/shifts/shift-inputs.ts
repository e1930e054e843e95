import { z } from 'zod';
import { CASHIER_ROLES } from './shift-views.ts';
import { PIN_PATTERN } from './pin-rule.ts';
import { cleanLine } from '../text/index.ts';

/**
 * Inputs of the cashier, shift, refund and settle-later methods (issue 11).
 * Money is integer halalas. `approval` carries a manager's PIN to the host's
 * authorization hook for what costs money; the methods themselves ignore it.
 */
const minor = z.number({ error: 'an amount in halalas (a whole number)' }).int('a whole number of halalas').min(0, 'not negative');
const positive = minor.min(1, 'above 0');
const id = z.string({ error: 'an id' }).min(1, 'not empty').max(200, 'at most 200 characters');
const pin = z.string({ error: 'a PIN' }).regex(PIN_PATTERN, '4 to 6 digits');
// A reason and a name are printed and kept in the audit: no control or bidi-override characters.
const reason = z.string({ error: 'a reason' }).overwrite(cleanLine).trim().min(1, 'say why').max(200, 'at most 200 characters');
const counts = z.record(z.string().regex(/^\d+$/, 'a denomination in halalas'), z.number().int('a whole number').min(0).max(100_000));
const methodAmounts = z.record(z.string().min(1).max(100), minor);

export const approvalInput = z.object({ manager_pin: pin }).optional();

export const shiftInputs = {
  addCashier: z.object({
    name: z.string({ error: 'a name' }).overwrite(cleanLine).trim().min(1, 'a name').max(60, 'at most 60 characters'),
    role: z.enum(CASHIER_ROLES),
    pin,
    approval: approvalInput,
  }),
  updateCashier: z.object({ id, active: z.boolean().optional(), pin: pin.optional(), role: z.enum(CASHIER_ROLES).optional(), approval: approvalInput }),
  /**
   * `release`: the cashier is signed in at another station whose screen is
   * gone; a manager's approval signs them out there and in here (issue 20).
   */
  unlock: z.object({ cashier_id: id, pin, release: z.boolean().optional(), approval: approvalInput }),
  openShift: z.object({ float: minor.optional(), float_counts: counts.optional() }),
  cashMovement: z.object({ kind: z.enum(['IN', 'OUT']), amount: positive, reason, approval: approvalInput }),
  shiftReport: z.object({ shift_id: id.optional() }),
  closeShift: z.object({ counted: minor.optional(), cash_counts: counts.optional(), other_counts: methodAmounts.optional(), approval: approvalInput }),
  dayReport: z.object({
    business_day: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
      .optional(),
  }),
  printReport: z.object({
    shift_id: id.optional(),
    business_day: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
      .optional(),
    printer_id: id.optional(),
  }),
  settleOrder: z.object({
    uuid: id,
    payments: z
      .array(z.object({ method_key: id, amount: positive }))
      .min(1, 'at least one payment')
      .max(10, 'at most 10 payments'),
    cash_tendered: minor.optional(),
  }),
  openDrawer: z.object({ approval: approvalInput }),
} as const;

export const refundInput = z.object({
  uuid: id,
  /** Lines and quantities to give back; the whole order when left out. */
  lines: z
    .array(z.object({ line_no: z.number().int().min(1), quantity: z.number().int().min(1, 'at least 1').max(999) }))
    .max(200)
    .optional(),
  reason,
  /** Give the money back by this method instead of the ones the sale was paid with (a manager's choice, e.g. cash for a card sale). */
  method_key: id.optional(),
  approval: approvalInput,
});
