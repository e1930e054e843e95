import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertMinor,
  decimalsOfCurrency,
  DecimalFormatError,
  formatMinor,
  parseDecimal,
  parseDecimalRounded,
  plainMinor,
  sumMinor,
  toMinor,
} from '../../../src-shared/money/index.ts';

const MAX = Number.MAX_SAFE_INTEGER;

describe('parseDecimal', () => {
  it('reads two-place decimals as hundredths', () => {
    expect(parseDecimal('12.50', 'x')).toBe(1250);
    expect(parseDecimal('12.5', 'x')).toBe(1250);
    expect(parseDecimal('12', 'x')).toBe(1200);
    expect(parseDecimal('0.05', 'x')).toBe(5);
    expect(parseDecimal('-0.05', 'x')).toBe(-5);
    expect(parseDecimal('-3', 'x')).toBe(-300);
    expect(parseDecimal('007.1', 'x')).toBe(710);
    expect(parseDecimal('15.00', 'vat_rate')).toBe(1500); // a percent: hundredths of a percent
    expect(parseDecimal('90071992547409.91', 'x')).toBe(MAX);
    expect(parseDecimal('-90071992547409.91', 'x')).toBe(-MAX);
  });

  it('reads a negative zero as a plain zero', () => {
    expect(Object.is(parseDecimal('-0.00', 'x'), 0)).toBe(true);
  });

  it.each(['', ' 1', '1 ', '+1', '1.', '.5', '1.234', '1e3', '1,5', '١٢', 'NaN', 'Infinity', '--1', '0x10', '1.-5', '- 1', '12.5\n'])(
    'rejects %j, naming where and the text',
    (text) => {
      let error: unknown;
      try {
        parseDecimal(text, 'product p1 price 7');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DecimalFormatError);
      // A till API error from the start: the UI words it by its code.
      expect((error as DecimalFormatError).code).toBe('invalid_input');
      expect((error as DecimalFormatError).message).toContain('product p1 price 7');
      expect((error as DecimalFormatError).message).toContain(`"${text}"`);
      expect((error as DecimalFormatError).where).toBe('product p1 price 7');
      expect((error as DecimalFormatError).text).toBe(text);
    },
  );

  it('rejects amounts beyond exact integers', () => {
    expect(() => parseDecimal('90071992547409.92', 'total')).toThrow(/total: "90071992547409.92" is too large/);
    expect(() => parseDecimal('99999999999999999999', 'total')).toThrow(DecimalFormatError);
  });

  it('rejects what is not a string at all', () => {
    expect(() => parseDecimal(12.5 as unknown as string, 'price')).toThrow(/price: "12.5"/);
  });
});

describe('formatMinor', () => {
  it('writes two places with the sign in front', () => {
    expect(formatMinor(1250)).toBe('12.50');
    expect(formatMinor(-5)).toBe('-0.05');
    expect(formatMinor(0)).toBe('0.00');
    expect(formatMinor(-0)).toBe('0.00');
    expect(formatMinor(7)).toBe('0.07');
    expect(formatMinor(100)).toBe('1.00');
    expect(formatMinor(-100)).toBe('-1.00');
    expect(formatMinor(11500)).toBe('115.00');
    expect(formatMinor(MAX)).toBe('90071992547409.91');
    expect(formatMinor(-MAX)).toBe('-90071992547409.91');
    expect(formatMinor(MAX - 8)).toBe('90071992547409.83'); // near 2^53, where abs / 100 would round
  });

  it('refuses what is not a safe integer', () => {
    expect(() => formatMinor(1.5)).toThrow(RangeError);
    expect(() => formatMinor(Number.NaN)).toThrow(RangeError);
    expect(() => formatMinor(2 ** 53)).toThrow(RangeError);
  });
});

describe('round trips', () => {
  it('parse(format(n)) = n for every safe integer', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX, max: MAX }), (n) => {
        expect(parseDecimal(formatMinor(n), 'n')).toBe(n);
      }),
      { numRuns: 2000 },
    );
  });

  it('format(parse(s)) is the canonical form of s', () => {
    const digits = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 13 });
    const fraction = fc.option(fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 2 }), { nil: undefined });
    fc.assert(
      fc.property(fc.boolean(), digits, fraction, (negative, whole, frac) => {
        const text = `${negative ? '-' : ''}${whole}${frac === undefined ? '' : `.${frac}`}`;
        const value = parseDecimal(text, 's');
        const expected = BigInt(whole) * 100n + BigInt((frac ?? '').padEnd(2, '0'));
        expect(BigInt(Math.abs(value))).toBe(expected);
        expect(parseDecimal(formatMinor(value), 's')).toBe(value);
      }),
    );
  });
});

describe('safe-integer guards', () => {
  it('assertMinor and toMinor name the place', () => {
    expect(() => assertMinor(0.1, 'line 2 total')).toThrow(/line 2 total: 0.1/);
    expect(toMinor(42, 'x')).toBe(42);
    expect(() => toMinor(Number.POSITIVE_INFINITY, 'x')).toThrow(RangeError);
  });

  it('sumMinor is exact and refuses to leave the safe range', () => {
    expect(sumMinor([1, 2, -3, 10])).toBe(10);
    expect(sumMinor([])).toBe(0);
    expect(() => sumMinor([MAX, 1], 'subtotal')).toThrow(/subtotal/);
    expect(() => sumMinor([0.5])).toThrow(RangeError);
  });
});

describe('a currency with three places (KWD, BHD, OMR: fils)', () => {
  it('parses and formats minor units of the given places, strictly', () => {
    expect(parseDecimal('2.125', 'x', 3)).toBe(2125);
    expect(parseDecimal('2.5', 'x', 3)).toBe(2500);
    expect(parseDecimal('-0.005', 'x', 3)).toBe(-5);
    expect(() => parseDecimal('2.1255', 'x', 3)).toThrow(/at most 3 places/);
    expect(() => parseDecimal('2.125', 'x')).toThrow(/at most two places/);
    expect(formatMinor(8005, 3)).toBe('8.005');
    expect(formatMinor(-5, 3)).toBe('-0.005');
    expect(formatMinor(1200, 0)).toBe('1200');
    expect(parseDecimal('12', 'x', 0)).toBe(12);
  });

  it('rounds by the one rule (half away from zero) only to the currency places', () => {
    expect(parseDecimalRounded('2.125', 'x', 3)).toEqual({ minor: 2125, exact: true });
    expect(parseDecimalRounded('2.125', 'x')).toEqual({ minor: 213, exact: false });
    expect(parseDecimalRounded('2.1255', 'x', 3)).toEqual({ minor: 2126, exact: false });
    expect(parseDecimalRounded('-2.1255', 'x', 3)).toEqual({ minor: -2126, exact: false });
  });

  it('takes the default places from a currency code', () => {
    expect(decimalsOfCurrency('KWD')).toBe(3);
    expect(decimalsOfCurrency('bhd')).toBe(3);
    expect(decimalsOfCurrency('OMR')).toBe(3);
    expect(decimalsOfCurrency('SAR')).toBe(2);
    expect(decimalsOfCurrency(null)).toBeNull();
    expect(decimalsOfCurrency('riyal')).toBeNull();
  });
});

describe('plainMinor (the BigInt-free reading of plain amounts)', () => {
  // The BigInt reading parseDecimalRounded does for anything plainMinor leaves to it: the oracle.
  const viaBigInt = (text: string, decimals: number): { minor: number; exact: boolean } | 'refused' => {
    const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
    if (!match) return 'refused';
    const [, sign = '', whole = '0', fraction = ''] = match;
    const scaled = BigInt(whole + fraction);
    const places = BigInt(fraction.length);
    const wanted = BigInt(decimals);
    const minor = places <= wanted ? scaled * 10n ** (wanted - places) : divRoundOracle(scaled, 10n ** (places - wanted));
    const exact = places <= wanted || minor * 10n ** (places - wanted) === scaled;
    if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return 'refused';
    return { minor: sign === '-' ? 0 - Number(minor) : Number(minor), exact };
  };
  const divRoundOracle = (n: bigint, d: bigint) => ((n % d) * 2n >= d ? n / d + 1n : n / d);
  const read = (text: string, decimals: number) => {
    try {
      return parseDecimalRounded(text, 'x', decimals);
    } catch (error) {
      if (error instanceof DecimalFormatError) return 'refused';
      throw error;
    }
  };
  const decimalText = fc
    .tuple(fc.constantFrom('', '-', '+', '--'), fc.stringMatching(/^[0-9]{0,19}$/), fc.constantFrom('', '.', '..', 'e', ' '), fc.stringMatching(/^[0-9]{0,6}$/))
    .map(([sign, whole, point, fraction]) => `${sign}${whole}${point}${fraction}`);

  it('reads every text as the BigInt reading does, at every number of places', () => {
    fc.assert(
      fc.property(decimalText, fc.integer({ min: 0, max: 4 }), (text, decimals) => {
        expect(read(text, decimals)).toEqual(viaBigInt(text, decimals));
        const plain = plainMinor(text, decimals);
        if (!Number.isNaN(plain)) expect(viaBigInt(text, decimals)).toEqual({ minor: plain, exact: true });
      }),
      { numRuns: 20_000 },
    );
  });

  it('reads plain amounts itself and leaves the rest to the BigInt reading', () => {
    expect(plainMinor('13.00', 2)).toBe(1300);
    expect(plainMinor('2.5', 3)).toBe(2500);
    expect(plainMinor('7', 0)).toBe(7);
    expect(plainMinor('-0.05', 2)).toBe(-5);
    expect(Object.is(plainMinor('-0.00', 2), 0)).toBe(true);
    expect(plainMinor('007.10', 2)).toBe(710);
    expect(plainMinor('9999999999999.99', 2)).toBe(999999999999999);
    // 16 digits of minor units, more places than the currency has, malformed, unknown places: NaN.
    for (const [text, decimals] of [
      ['99999999999999.99', 2],
      ['1', 4 + 12],
      ['2.125', 2],
      ['1.', 2],
      ['.5', 2],
      ['', 2],
      ['-', 2],
      ['1', 5],
      ['1', 2.5],
      ['١٢', 2],
    ] as const) {
      expect(plainMinor(text, decimals)).toBeNaN();
    }
    expect(parseDecimalRounded('90071992547409.91', 'x')).toEqual({ minor: MAX, exact: true });
    expect(() => parseDecimalRounded('90071992547409.92', 'x')).toThrow(/too large/);
    expect(() => parseDecimalRounded('1', 'x', 5)).toThrow(RangeError);
  });
});
