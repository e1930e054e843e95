/**
 * How a branch taxes: the VAT rate and whether catalog prices already include
 * it. Saudi VAT is 15% and cafes show tax-inclusive prices, hence the default.
 * Pricing takes it in hundredths of a percent; the wire's decimal string is
 * read once, by the till's branch profile (src-main/catalog/branch-profile.ts).
 */
import { mulDivRound, ONE_HUNDRED_PERCENT, percentOf, type HundredthsOfPercent, type Minor } from '../money/index.ts';
import { PricingError } from './pricing-errors.ts';

export interface BranchTax {
  /** Hundredths of a percent: 1500 = 15%. */
  vatRate: HundredthsOfPercent;
  pricesIncludeTax: boolean;
}

export const DEFAULT_BRANCH_TAX: BranchTax = Object.freeze({ vatRate: 1500, pricesIncludeTax: true });

export function assertVatRate(vatRate: number): void {
  if (!Number.isSafeInteger(vatRate) || vatRate < 0) {
    throw new PricingError(`VAT rate ${String(vatRate)} must be a whole, non-negative number of hundredths of a percent (1500 = 15%)`);
  }
}

/**
 * The VAT in `net`. Inclusive: net already holds the tax, so tax =
 * net × rate / (100% + rate). Exclusive: tax = net × rate / 100%. One
 * rounding, by the money module's ROUNDING_RULE.
 */
export function taxOf(net: Minor, tax: BranchTax): Minor {
  assertVatRate(tax.vatRate);
  return tax.pricesIncludeTax ? mulDivRound(net, tax.vatRate, ONE_HUNDRED_PERCENT + tax.vatRate) : percentOf(net, tax.vatRate);
}
