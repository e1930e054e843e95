/**
 * How many decimal places a currency's minor unit has (ISO 4217): money in
 * the domain is an integer count of that minor unit, so 1 SAR = 100
 * halalas but 1 KWD = 1000 fils. Two is the default; the setting
 * `currency.decimals` overrides what a currency code suggests.
 */
export const DEFAULT_CURRENCY_DECIMALS = 2;

/** The currencies with three places (ISO 4217): the Gulf's and North Africa's dinars and rials. */
const THREE_PLACES = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);

/** The places of `code` (an ISO 4217 code, any case), or null when the code says nothing the till knows. */
export function decimalsOfCurrency(code: string | null | undefined): number | null {
  if (typeof code !== 'string' || !/^[A-Za-z]{3}$/.test(code.trim())) return null;
  return THREE_PLACES.has(code.trim().toUpperCase()) ? 3 : DEFAULT_CURRENCY_DECIMALS;
}

/** Minor units in one major unit: 100 for 2 places, 1000 for 3. */
export function minorPerMajor(decimals: number): number {
  return 10 ** decimals;
}
