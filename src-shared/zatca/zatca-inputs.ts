import { z } from 'zod';
import { SETTING_KEYS, type SettingKey } from '../settings/index.ts';
import type { ZatcaSellerField } from './zatca-views.ts';

/** The setting behind each seller field of the ZATCA tab. */
export const ZATCA_SELLER_SETTING: Record<ZatcaSellerField, SettingKey> = {
  seller_name: 'seller_name',
  vat_number: 'vat_number',
  crn: 'seller.crn',
  street: 'seller.street',
  building: 'seller.building',
  district: 'seller.district',
  city: 'seller.city',
  postal_code: 'seller.postal_code',
};

/** A field as typed: trimmed; empty clears the setting; anything else must pass the setting's own check. */
function sellerField(field: ZatcaSellerField) {
  const kind = SETTING_KEYS[ZATCA_SELLER_SETTING[field]].kind;
  return z
    .string({ error: 'text' })
    .trim()
    .pipe(z.union([z.literal(''), kind.schema as z.ZodType<string, string>], { error: kind.expects }));
}

/** Whether `value` (as typed) is acceptable for `field`: the renderer checks at the field with the host's own schema. */
export function zatcaSellerFieldOk(field: ZatcaSellerField, value: string): boolean {
  return sellerField(field).safeParse(value).success;
}

/** What the ZATCA tab sends (till API, privilege 'branch-settings'). */
export const zatcaInputs = {
  saveZatcaSeller: z.object({
    seller_name: sellerField('seller_name'),
    vat_number: sellerField('vat_number'),
    crn: sellerField('crn'),
    street: sellerField('street'),
    building: sellerField('building'),
    district: sellerField('district'),
    city: sellerField('city'),
    postal_code: sellerField('postal_code'),
  }),
  onboardZatca: z.object({
    environment: z.enum(['sandbox', 'simulation', 'production'], { error: 'sandbox, simulation or production' }),
    // The one-time password the Fatoora portal shows for onboarding a device: six digits, valid for an hour.
    otp: z
      .string({ error: 'the OTP' })
      .trim()
      .regex(/^\d{6}$/, 'the 6-digit OTP from the Fatoora portal'),
  }),
} as const;

export type ZatcaInputs = { [K in keyof typeof zatcaInputs]: z.input<(typeof zatcaInputs)[K]> };
