import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { parseListPage } from '../../../src-shared/wire/index.ts';
import type { ApiVersion } from '../../../src-shared/api-version.ts';
import { listBody } from './samples.ts';

const LEGACY: ApiVersion[] = ['2.0.0', '2.1.0', '2.2.0', '2.2.1'];

function legacyPrice(money: { price: string; tax: string; total: string; is_tax_included: boolean }) {
  return {
    id: 'price-1',
    product_id: 'product-1',
    product_modifier_id: 'modifier-1',
    payment_method_key: 'CARD_VISA',
    ...money,
    market_id: 'market-1',
    branch_id: 'branch-1',
  };
}

describe.each(LEGACY)('legacy prices at %s', (version) => {
  it('recover the gross value when prices include tax', () => {
    const wire = legacyPrice({ price: '10.00', tax: '1.50', total: '11.50', is_tax_included: true });
    expect(parseListPage('product_prices', version, listBody([wire]), 1).records).toStrictEqual([
      {
        id: 'price-1',
        product_id: 'product-1',
        modifier_id: 'modifier-1',
        priceable_type: 'PAYMENT_METHOD',
        priceable_id: 'CARD_VISA',
        value: 1150,
        value_type: 'NOMINAL',
      },
    ]);
  });

  it('recover the net value when prices exclude tax', () => {
    const wire = legacyPrice({ price: '10.00', tax: '1.50', total: '11.50', is_tax_included: false });
    const [price] = parseListPage('product_prices', version, listBody([wire]), 1).records;
    expect(price?.value).toBe(1000);
    expect(price?.priceable_type).toBe('PAYMENT_METHOD');
    expect(price?.value_type).toBe('NOMINAL');
  });
});

// The emulator's rule (emulator/README.md, 10), in integer hundredths.
function roundHalfUpDiv(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}
const toDecimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

describe('legacy price money recovery', () => {
  it('gives back the value the merchant entered, whatever the rate and tax mode', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 3000 }), fc.boolean(), (cents, rateHundredths, included) => {
        // rate in percent with two places, e.g. 1500 = 15.00 %
        let price: number;
        let tax: number;
        let total: number;
        if (included) {
          total = cents;
          tax = roundHalfUpDiv(cents * rateHundredths, 10_000 + rateHundredths);
          price = total - tax;
        } else {
          price = cents;
          tax = roundHalfUpDiv(cents * rateHundredths, 10_000);
          total = price + tax;
        }
        const wire = legacyPrice({
          price: toDecimal(price),
          tax: toDecimal(tax),
          total: toDecimal(total),
          is_tax_included: included,
        });
        const [record] = parseListPage('product_prices', '2.0.0', listBody([wire]), 1).records;
        expect(record?.value).toBe(cents);
      }),
    );
  });
});
