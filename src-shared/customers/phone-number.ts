/**
 * A phone number with its country prefix, as a customer added at the
 * counter carries it (issue 35): "+", then 8 to 15 digits (E.164's bound),
 * spaces, dashes and brackets dropped, Arabic-Indic digits read as digits.
 * The service keeps the prefix and the number apart (`phone_prefix`,
 * `phone`): the prefix is the first group when the cashier typed a space
 * after it ("+966 501234567"), or else the longest known calling code it
 * starts with.
 */
export interface PhoneNumber {
  /** Country dialling digits, without "+". */
  prefix: string;
  /** The national number's digits. */
  number: string;
}

/** Calling codes Till recognises without a space after them: the Gulf and its neighbours, and the most common others. */
const KNOWN_PREFIXES = [
  '966',
  '971',
  '965',
  '973',
  '974',
  '968',
  '967',
  '962',
  '961',
  '963',
  '964',
  '970',
  '20',
  '212',
  '213',
  '216',
  '218',
  '249',
  '90',
  '92',
  '91',
  '880',
  '63',
  '62',
  '44',
  '33',
  '49',
  '1',
  '7',
];

const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

function westernDigits(text: string): string {
  return text.replace(ARABIC_DIGITS, (digit) => String((digit.codePointAt(0)! - 0x0660) % 0x90));
}

/** Why a typed phone cannot be read; the reason code the UI words. */
export type PhoneProblem = 'customer_phone_format' | 'customer_phone_prefix';

/** The phone as prefix and number, or the problem with it. */
export function parsePhoneNumber(typed: string, extraPrefixes: readonly string[] = []): PhoneNumber | { problem: PhoneProblem } {
  const text = westernDigits(typed.trim());
  if (!/^\+[\d\s()-]+$/.test(text)) return { problem: 'customer_phone_format' };
  const digits = text.replace(/\D/g, '');
  if (digits.length < 8 || digits.length > 15 || digits.startsWith('0')) return { problem: 'customer_phone_format' };
  const spaced = /^\+(\d{1,3})[\s(-]/.exec(text);
  if (spaced) return { prefix: spaced[1]!, number: digits.slice(spaced[1]!.length) };
  const known = [...new Set([...extraPrefixes, ...KNOWN_PREFIXES])]
    .filter((p) => /^\d{1,3}$/.test(p) && digits.startsWith(p))
    .sort((a, b) => b.length - a.length)[0];
  if (known === undefined) return { problem: 'customer_phone_prefix' };
  return { prefix: known, number: digits.slice(known.length) };
}

/** "+966 501234567": how the till shows a number it holds. */
export function formatPhoneNumber(phone: PhoneNumber): string {
  return `+${phone.prefix} ${phone.number}`;
}
