import { z } from 'zod';
import { ORDER_TYPES } from '../pricing/index.ts';
import { cleanLine, cleanLines } from '../text/index.ts';
import { approvalInput, refundInput, shiftInputs } from '../shifts/index.ts';
import { soldOutInputs } from './sold-out.ts';
import { promotionInputs } from './promotion-inputs.ts';
import { zatcaBuyerInput } from '../zatca/index.ts';

/**
 * What the till API accepts, checked before anything is read or written, so
 * bad input from the UI, the CLI or a test gets a message naming the field
 * and changes nothing. Money is integer minor units (halalas).
 */
const minor = z.number({ error: 'an amount in halalas (a whole number)' }).int('a whole number of halalas').min(0, 'not negative');
const id = z.string({ error: 'an id' }).min(1, 'not empty').max(200, 'at most 200 characters');
// Text a person typed is stripped of control and bidi-override characters
// before it is stored or printed (a note keeps its line breaks); ids and
// barcodes are never rewritten.
/** The order history's filters (issue 23, part 10). */
export const ORDER_FILTERS = ['all', 'unpaid', 'refunds', 'pending', 'shift'] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

const notes = z.string({ error: 'text' }).max(500, 'at most 500 characters').overwrite(cleanLines).nullable();

export const discountInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('PERCENT'), value: z.number().int('hundredths of a percent, a whole number').min(0).max(10_000, 'at most 100%') }),
  z.object({ kind: z.literal('AMOUNT'), value: minor }),
]);

/**
 * The order the products are shown for, when it is not this screen's cart:
 * a tab is DINE_IN at the cash price, whatever the counter's cart is, so its
 * picker shows what its lines will charge. Absent: the cart's order type
 * and price list.
 */
/** A customer's fields as the counter takes them (issue 35): a name, a phone with its country code, an email or none. */
const customerName = z.string({ error: 'text' }).overwrite(cleanLine).trim().min(1, 'a name').max(200, 'at most 200 characters');
const customerPhone = z.string({ error: 'text' }).trim().min(1, 'a phone number').max(40, 'at most 40 characters');
const customerEmail = z
  .string({ error: 'text' })
  .trim()
  .max(200, 'at most 200 characters')
  .refine((text) => text === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text), 'an email address like name@example.com');
const pricedFor = z.object({ order_type: z.enum(ORDER_TYPES), price_list: z.string().min(1).max(64).default('CASH') }).optional();

export const tillInputs = {
  products: z.object({
    category_id: z.number().int(),
    offset: z.number().int().min(0).default(0),
    limit: z.number().int().min(1).max(500).default(100),
    priced_for: pricedFor,
  }),
  search: z.object({
    query: z.string().max(200, 'at most 200 characters').overwrite(cleanLine),
    limit: z.number().int().min(1).max(200).default(50),
    priced_for: pricedFor,
  }),
  product: z.object({ id, priced_for: pricedFor }),
  customers: z.object({
    query: z.string({ error: 'text' }).overwrite(cleanLine).trim().max(200, 'at most 200 characters').default(''),
    limit: z.number().int('a whole number').min(1, 'at least 1').max(100, 'at most 100').default(20),
  }),
  scan: z.object({ code: z.string().trim().min(1, 'a barcode').max(64) }),
  addItem: z.object({
    product_id: id,
    quantity: z.number().int('a whole number').min(1, 'at least 1').max(999, 'at most 999').default(1),
    modifier_ids: z.array(id).max(20).default([]),
    notes: notes.default(null),
  }),
  updateItem: z.object({
    line_id: id,
    quantity: z.number().int('a whole number').min(1, 'at least 1; remove the line instead').max(999, 'at most 999').optional(),
    modifier_ids: z.array(id).max(20).optional(),
    notes: notes.optional(),
    discount: discountInput.nullable().optional(),
    approval: approvalInput,
  }),
  /** Removing the last line empties the cart like a void: a manager's PIN then. */
  removeItem: z.object({ line_id: id, approval: approvalInput }),
  setOrderType: z.object({ type: z.enum(ORDER_TYPES), table_id: id.nullable().default(null) }),
  setCustomer: z.object({ customer_id: id.nullable() }),
  /** A new customer at the counter (issue 35): the phone with its country code (+ and 8 to 15 digits); `attach` makes them the cart's customer. */
  addCustomer: z.object({
    name: customerName,
    phone: customerPhone,
    email: customerEmail.default(''),
    attach: z.boolean().default(true),
  }),
  /**
   * A customer corrected at the counter (issue 35): the one on the cart or one found by search, by the id the till
   * shows; only the fields given change (at least one), each checked as addCustomer checks it.
   */
  updateCustomer: z
    .object({
      id,
      name: customerName.optional(),
      phone: customerPhone.optional(),
      email: customerEmail.optional(),
    })
    .refine((input) => input.name !== undefined || input.phone !== undefined || input.email !== undefined, 'a name, a phone or an email to change'),
  setPriceList: z.object({ method_key: id }),
  setOrderDiscount: z.object({ discount: discountInput.nullable(), approval: approvalInput }),
  /** One of the service's discounts picked from the list (or taken off it, `picked: false`); given while its rules hold, with no manager (issue 35). */
  pickDiscount: z.object({ discount_id: id, picked: z.boolean().default(true) }),
  voidCart: z.object({ approval: approvalInput }),
  parkCart: z.object({ label: z.string().overwrite(cleanLine).trim().max(80).default('') }),
  /** park_current: the order in progress is parked first (a busy counter swaps orders rather than being refused). */
  resumeCart: z.object({ id, park_current: z.boolean().default(false) }),
  checkout: z.object({
    payments: z.array(z.object({ method_key: id, amount: minor })).max(10, 'at most 10 payments'),
    cash_tendered: minor.optional(),
    /** Who owes a PAY_LATER amount when the cart names no customer (kept as the order's note). */
    pay_later_name: z.string({ error: 'a name' }).overwrite(cleanLine).trim().max(80, 'at most 80 characters').optional(),
    /** A manager's PIN when the whole order's discount is over the limit, or for PAY_LATER. */
    approval: approvalInput,
    /** A standard (B2B) tax invoice for this business buyer, cleared by ZATCA before it prints; only online. */
    buyer: zatcaBuyerInput.optional(),
  }),
  /** A sale whose standard invoice ZATCA did not clear (refused, or no answer) gets a simplified invoice instead. */
  issueSimplifiedInvoice: z.object({ uuid: id }),
  /** A refund whose standard credit note ZATCA did not clear (refused, or no answer) gets it cleared, or a new one. */
  clearCreditNoteAgain: z.object({ uuid: id }),
  orders: z.object({
    limit: z.number().int().min(1).max(500).default(50),
    offset: z.number().int().min(0).default(0),
    /** An order number (or part of one) or an amount such as 38 or 38.50. */
    search: z.string().overwrite(cleanLine).trim().max(40).default(''),
    /** unpaid: pay-later orders still owed; refunds: refunds and the sales they refunded; pending: waiting to upload; shift: the open shift's. */
    filter: z.enum(ORDER_FILTERS).default('all'),
  }),
  order: z.object({ uuid: id }),
  refund: refundInput,
  signIn: z.object({
    base_url: z.string().trim().url('a URL such as https://pos.example.com/api/v2'),
    token: z.string().trim().min(1, 'the access token'),
    api_version: z.string().trim().optional(),
  }),
  receiptPreview: z.object({ uuid: id, printer_id: id.optional() }),
  reprint: z.object({ uuid: id, kind: z.enum(['receipt', 'kitchen']).default('receipt') }),
  /** Would this call need a manager's approval from this screen? Asked before the call is sent; `input` without any PIN. */
  approvalCheck: z.object({ method: z.string({ error: 'a method name' }).min(1).max(60), input: z.unknown().optional() }),
  ...shiftInputs,
  ...soldOutInputs,
  ...promotionInputs,
} as const;

export type TillInputs = { [K in keyof typeof tillInputs]: z.input<(typeof tillInputs)[K]> };
export type TillParsedInputs = { [K in keyof typeof tillInputs]: z.output<(typeof tillInputs)[K]> };
