/**
 * The business buyer of a standard (B2B) tax invoice, as the cashier types
 * it at checkout: the fields ZATCA requires of a standard invoice's buyer
 * (BR-KSA-42 name, BR-KSA-44 VAT number, BR-KSA-63 the address: street,
 * building number, district, city, postal code; BR-KSA-81 the CRN is
 * optional where the VAT number is given). Checked here with the same rules
 * the seller's own fields follow, so the screen and the host agree.
 */
import { z } from 'zod';
import { VAT_NUMBER_PATTERN } from '../settings/index.ts';
import { cleanLine } from '../text/index.ts';

const line = (max: number) => z.string({ error: 'text' }).overwrite(cleanLine).trim().min(1, 'not empty').max(max, `at most ${max} characters`);

export const zatcaBuyerInput = z.object({
  name: line(127),
  vat_number: z.string({ error: 'text' }).trim().regex(VAT_NUMBER_PATTERN, 'a VAT number of 15 digits that starts and ends with 3'),
  street: line(127),
  building: z
    .string({ error: 'text' })
    .trim()
    .regex(/^\d{4}$/, 'a building number of 4 digits'),
  district: line(127),
  city: line(127),
  postal_code: z
    .string({ error: 'text' })
    .trim()
    .regex(/^\d{5}$/, 'a postal code of 5 digits'),
  /** Optional: empty means none. */
  crn: z
    .string({ error: 'text' })
    .trim()
    .regex(/^(\d{10})?$/, 'a commercial registration number of 10 digits, or empty')
    .default(''),
});

export type ZatcaBuyer = z.output<typeof zatcaBuyerInput>;
export type ZatcaBuyerInput = z.input<typeof zatcaBuyerInput>;
export const ZATCA_BUYER_FIELDS = ['name', 'vat_number', 'crn', 'street', 'building', 'district', 'city', 'postal_code'] as const;
export type ZatcaBuyerField = (typeof ZATCA_BUYER_FIELDS)[number];

/** The fields that are wrong as typed (the screen marks them before sending). */
export function zatcaBuyerProblems(input: Partial<Record<ZatcaBuyerField, string>>): ZatcaBuyerField[] {
  const result = zatcaBuyerInput.safeParse(input);
  if (result.success) return [];
  return [...new Set(result.error.issues.map((issue) => issue.path[0] as ZatcaBuyerField))];
}
