import { z } from 'zod';
import { VAT_NUMBER_PATTERN } from '../settings/index.ts';
import { LOGO_MAX_BASE64 } from './logo-png.ts';
import { approvalInput } from '../shifts/index.ts';

/**
 * What the Branch screen sends (till API, privilege 'branch-settings').
 * Addresses are checked again on the host against the printer address
 * policy; here only their shape and size.
 */
const id = z.string({ error: 'an id' }).min(1, 'not empty').max(200, 'at most 200 characters');
// Text for receipts: no control or bidi-override characters, which would garble or reorder a printed line.
const line = (max: number) =>
  z
    .string({ error: 'text' })
    .max(max, `at most ${max} characters`)
    .refine((text) => !/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(text), 'no control or direction-override characters')
    .transform((text) => text.trim());

// A chosen logo's bytes, as base64 (till API arguments are plain data); the host checks they are a PNG.
const pngBase64 = z
  .string({ error: 'the PNG file as base64' })
  .min(1, 'a PNG file')
  .max(LOGO_MAX_BASE64, `at most ${LOGO_MAX_BASE64} characters of base64`)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64');

export const branchInputs = {
  /** Opening the Branch screen: a manager's PIN, when the host asks for one, approves this screen's Branch calls until it leaves. */
  branchSetup: z.object({ approval: approvalInput }),
  bindPrinter: z.object({
    printer_id: id,
    address: z.string().trim().max(300, 'at most 300 characters').nullable().default(null),
    app_command: z.array(z.string().min(1, 'not empty').max(300)).min(1, 'a program').max(20).nullable().default(null),
    paper_width: z.union([z.literal(58), z.literal(80)], { error: '58 or 80 (mm)' }).optional(),
  }),
  unbindPrinter: z.object({ printer_id: id }),
  testPrint: z.object({ printer_id: id }),
  routeCategory: z.object({ category_id: z.number().int('a category id'), printer_id: id.nullable() }),
  resetRouting: z.object({ printer_id: id.optional() }),
  saveReceiptSettings: z.object({
    seller_name_en: line(120),
    seller_name_ar: line(120),
    vat_number: line(20).refine((v) => v === '' || VAT_NUMBER_PATTERN.test(v), 'a VAT number of 15 digits that starts and ends with 3, or empty'),
    logo_file: line(500),
    header_en: line(200),
    header_ar: line(200),
    footer_en: line(200),
    footer_ar: line(200),
  }),
  receiptSettingsPreview: z.object({
    paper_width: z.union([z.literal(58), z.literal(80)]).default(80),
    seller_name_en: line(120),
    seller_name_ar: line(120),
    vat_number: line(20),
    logo_file: line(500),
    header_en: line(200),
    header_ar: line(200),
    footer_en: line(200),
    footer_ar: line(200),
    /** A logo chosen but not saved yet: the preview shows it instead of logo_file. */
    logo_png_base64: pngBase64.optional(),
  }),
  /** Keeps this PNG as the receipt logo (beside the database) and sets printing.logo_file to it. */
  uploadLogo: z.object({ png_base64: pngBase64 }),
  saveTillSettings: z.object({
    day_cutoff_hour: z.number().int('a whole hour').min(0, '0 to 12').max(12, '0 to 12'),
    idle_lock_minutes: z.number().int('whole minutes').min(0, 'not negative').max(240, 'at most 240'),
  }),
} as const;

export type BranchInputs = { [K in keyof typeof branchInputs]: z.input<(typeof branchInputs)[K]> };
