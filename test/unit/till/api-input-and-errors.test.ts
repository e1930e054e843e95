import { describe, expect, it } from 'vitest';
import { CashTenderError, PaymentMismatchError, PricingError, UnpriceableProductError } from '../../../src-shared/pricing/index.ts';
import { parseInput, toWireError } from '../../../src-shared/api/index.ts';
import { TillError, TillInputError } from '../../../src-shared/errors/index.ts';
import { RefundLimitError } from '../../../src-main/selling/order-drafts.ts';

describe('parseInput, the one reader of till API input', () => {
  it('returns the parsed input with its defaults', () => {
    expect(parseInput('addItem', { product_id: 'p1' })).toEqual({ product_id: 'p1', quantity: 1, modifier_ids: [], notes: null });
  });

  it('names the method and every field that was wrong', () => {
    let error: unknown;
    try {
      parseInput('addItem', { product_id: '', quantity: 0 });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(TillInputError);
    expect((error as TillInputError).code).toBe('invalid_input');
    expect((error as TillInputError).issues.map((issue) => issue.path)).toEqual(['product_id', 'quantity']);
    expect((error as Error).message).toBe('addItem: product_id: not empty; quantity: at least 1');
  });

  it('reads the Branch screen methods the same way', () => {
    expect(() => parseInput('bindPrinter', {})).toThrow(/^bindPrinter: printer_id: /);
  });

  it('treats no input as an empty object', () => {
    expect(parseInput('voidCart', undefined)).toEqual({});
  });
});

describe('selling errors are till API errors from the start', () => {
  const code = (error: unknown) => (error instanceof TillError ? error.code : null);

  it('gives each pricing refusal the code the UI translates', () => {
    expect(code(new PaymentMismatchError(1_000, 900))).toBe('payment_mismatch');
    expect(code(new CashTenderError('short'))).toBe('payment_mismatch');
    expect(code(new UnpriceableProductError('p1', 'CASH', 'no price'))).toBe('cannot_price');
    expect(code(new PricingError('other'))).toBe('cannot_price');
    expect(code(new RefundLimitError('too much'))).toBe('over_refund');
  });

  it('leaves what JavaScript throws for a bug untyped, never dressed as bad input', () => {
    // Checked where the host answers: a RangeError crosses the wire with no code for the UI to word as the cashier's mistake.
    expect(toWireError(new RangeError('Invalid array length'))).toMatchObject({ name: 'RangeError', code: null });
  });

  it('keeps its message and its class name for logs', () => {
    const error = new PaymentMismatchError(1_000, 900);
    expect(error.message).toContain('is missing');
    expect(error.name).toBe('PaymentMismatchError');
    expect(new RefundLimitError('x').name).toBe('RefundLimitError');
  });
});
