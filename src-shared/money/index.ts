export { assertMinor, toMinor, sumMinor, ONE_HUNDRED_PERCENT, MINOR_PER_MAJOR } from './minor.ts';
export type { Minor, HundredthsOfPercent } from './minor.ts';
export { ROUNDING_RULE, divRound, mulDivRound, percentOf } from './rounding.ts';
export { parseDecimal, parseDecimalRounded, plainMinor, formatMinor, DecimalFormatError, MAX_DECIMALS } from './decimal.ts';
export { DEFAULT_CURRENCY_DECIMALS, decimalsOfCurrency, minorPerMajor } from './currency-decimals.ts';
