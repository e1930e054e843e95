import { describe, expect, it } from 'vitest';
import { UnpriceableProductError, unitPriceOf } from '../../../src-shared/pricing/index.ts';
import { line, methodPrice, modifier, orderTypePrice } from './price-fixtures.ts';

describe('base price', () => {
  const prices = [methodPrice('CASH', '10.00'), methodPrice('HUNGERSTATION', '12.00')];

  it("is the product's own price for the chosen method", () => {
    expect(unitPriceOf(line(prices), 'HUNGERSTATION', 'DINE_IN')).toBe(1200);
    expect(unitPriceOf(line(prices), 'CASH', 'DINE_IN')).toBe(1000);
  });

  it('falls back to the CASH price when the method has none', () => {
    expect(unitPriceOf(line(prices), 'MADA', 'DINE_IN')).toBe(1000);
  });

  it("ignores a modifier's method price when pricing the product", () => {
    const withModifierPrice = [methodPrice('MADA', '99.00', { modifierId: 'm1' }), ...prices];
    expect(unitPriceOf(line(withModifierPrice), 'MADA', 'DINE_IN')).toBe(1000);
  });

  it('reads a PERCENT method price as a surcharge or rebate on the CASH price', () => {
    const surcharge = [methodPrice('CASH', '10.00'), methodPrice('HUNGERSTATION', '20.00', { valueType: 'PERCENT' })];
    expect(unitPriceOf(line(surcharge), 'HUNGERSTATION', 'DINE_IN')).toBe(1200);
    const rebate = [methodPrice('CASH', '11.55'), methodPrice('MADA', '-10.00', { valueType: 'PERCENT' })];
    expect(unitPriceOf(line(rebate), 'MADA', 'DINE_IN')).toBe(1155 - 116); // 10% of 11.55 = 1.155 → 1.16
  });

  it('takes the first of duplicated prices', () => {
    expect(unitPriceOf(line([methodPrice('CASH', '5.00'), methodPrice('CASH', '6.00')]), 'CASH', 'DINE_IN')).toBe(500);
  });

  it('refuses a product with neither a price for the method nor a CASH price, naming it', () => {
    const only = line([methodPrice('HUNGERSTATION', '12.00')], { id: 'latte-7' });
    let error: unknown;
    try {
      unitPriceOf(only, 'CASH', 'DINE_IN');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UnpriceableProductError);
    expect((error as UnpriceableProductError).productId).toBe('latte-7');
    expect((error as UnpriceableProductError).methodKey).toBe('CASH');
    expect((error as Error).message).toBe(
      'product latte-7 cannot be priced for payment method CASH: it has no CASH price; give it a CASH price in the catalog',
    );
    expect(() => unitPriceOf(line([], { id: 'empty' }), 'MADA', 'DINE_IN')).toThrow(/product empty .*no MADA price and no CASH price/);
  });

  it('refuses percentages with nothing to take them of', () => {
    const percentCash = [methodPrice('CASH', '10.00', { valueType: 'PERCENT' })];
    expect(() => unitPriceOf(line(percentCash), 'CASH', 'DINE_IN')).toThrow(UnpriceableProductError);
    const percentOnly = [methodPrice('MADA', '10.00', { valueType: 'PERCENT' })];
    expect(() => unitPriceOf(line(percentOnly), 'MADA', 'DINE_IN')).toThrow(/percentage of the CASH price, and it has no CASH price/);
    // A NOMINAL price for the chosen method needs no CASH price at all.
    expect(unitPriceOf(line([...percentCash, methodPrice('MADA', '9.00')]), 'MADA', 'DINE_IN')).toBe(900);
  });

  it('names the price whose value is malformed (not a whole number of minor units: a corrupt amount, never priced)', () => {
    const bad = [{ ...methodPrice('CASH', '10.00'), id: 'price-bad', value: 1050.5 }];
    expect(() => unitPriceOf(line(bad, { id: 'p9' }), 'CASH', 'DINE_IN')).toThrow(RangeError);
    expect(() => unitPriceOf(line(bad, { id: 'p9' }), 'CASH', 'DINE_IN')).toThrow(/product p9 price price-bad \(PAYMENT_METHOD CASH\): 1050.5/);
  });
});

describe('modifier prices', () => {
  const base = [methodPrice('CASH', '10.00')];

  it("add the modifier's own price when it has no price for the method", () => {
    expect(unitPriceOf(line(base, { modifiers: [modifier('m1', '2.00'), modifier('m2', '0.50')] }), 'CASH', 'DINE_IN')).toBe(1250);
  });

  it("use the modifier's PAYMENT_METHOD price for the method, from its own prices or the product's", () => {
    const own = modifier('m1', '2.00', [methodPrice('HUNGERSTATION', '3.00', { modifierId: 'm1' })]);
    expect(unitPriceOf(line(base, { modifiers: [own] }), 'HUNGERSTATION', 'DINE_IN')).toBe(1300);
    expect(unitPriceOf(line(base, { modifiers: [own] }), 'CASH', 'DINE_IN')).toBe(1200);
    const onProduct = [...base, methodPrice('HUNGERSTATION', '4.00', { modifierId: 'm1' })];
    expect(unitPriceOf(line(onProduct, { modifiers: [modifier('m1', '2.00')] }), 'HUNGERSTATION', 'DINE_IN')).toBe(1400);
    // Another modifier's price is not this one's.
    const other = [...base, methodPrice('HUNGERSTATION', '4.00', { modifierId: 'm2' })];
    expect(unitPriceOf(line(other, { modifiers: [modifier('m1', '2.00')] }), 'HUNGERSTATION', 'DINE_IN')).toBe(1200);
  });

  it('fall back to their CASH price for a price list they have no price in, as a product does (issue 19)', () => {
    // The service gave the modifier's prices as PAYMENT_METHOD prices and no `price` of its own (read as "0.00").
    const m = modifier('m1', '0.00', [methodPrice('CASH', '3.00', { modifierId: 'm1' })]);
    expect(unitPriceOf(line(base, { modifiers: [m] }), 'HUNGERSTATION', 'DINE_IN')).toBe(1300);
    expect(unitPriceOf(line(base, { modifiers: [m] }), 'CASH', 'DINE_IN')).toBe(1300);
    // Its CASH price on the product's list counts the same.
    const onProduct = [...base, methodPrice('CASH', '4.00', { modifierId: 'm1' })];
    expect(unitPriceOf(line(onProduct, { modifiers: [modifier('m1', '0.00')] }), 'MADA', 'DINE_IN')).toBe(1400);
    // A PERCENT method price is a change to that CASH price.
    const percent = modifier('m1', '0.00', [
      methodPrice('CASH', '4.00', { modifierId: 'm1' }),
      methodPrice('HUNGERSTATION', '25.00', { modifierId: 'm1', valueType: 'PERCENT' }),
    ]);
    expect(unitPriceOf(line(base, { modifiers: [percent] }), 'HUNGERSTATION', 'DINE_IN')).toBe(1500);
  });

  it("read a PERCENT method price as a change to the modifier's own price", () => {
    const m = modifier('m1', '2.00', [methodPrice('HUNGERSTATION', '25.00', { modifierId: 'm1', valueType: 'PERCENT' })]);
    expect(unitPriceOf(line(base, { modifiers: [m] }), 'HUNGERSTATION', 'DINE_IN')).toBe(1250);
  });

  it('may be negative ("no milk"), but the unit price never goes below 0', () => {
    expect(unitPriceOf(line([methodPrice('CASH', '3.00')], { modifiers: [modifier('m1', '-0.50')] }), 'CASH', 'DINE_IN')).toBe(250);
    expect(unitPriceOf(line([methodPrice('CASH', '0.30')], { modifiers: [modifier('m1', '-0.50')] }), 'CASH', 'DINE_IN')).toBe(0);
  });

  it('name the modifier whose price is malformed', () => {
    expect(() => unitPriceOf(line(base, { modifiers: [{ id: 'm7', price: Number.NaN }] }), 'CASH', 'DINE_IN')).toThrow(/modifier m7 of product p1 price: NaN/);
  });
});

describe('order-type adjustment', () => {
  const base = [methodPrice('CASH', '10.00')];

  it('NOMINAL adds its value to the base, and may be negative', () => {
    const prices = [...base, orderTypePrice('DELIVERY', '1.50'), orderTypePrice('TAKEAWAY', '-0.50')];
    expect(unitPriceOf(line(prices), 'CASH', 'DELIVERY')).toBe(1150);
    expect(unitPriceOf(line(prices), 'CASH', 'TAKEAWAY')).toBe(950);
    expect(unitPriceOf(line(prices), 'CASH', 'DINE_IN')).toBe(1000);
  });

  it('PERCENT adds round(base × pct), of the base only, not the modifiers', () => {
    const prices = [methodPrice('CASH', '11.55'), orderTypePrice('DELIVERY', '10.00', { valueType: 'PERCENT' })];
    expect(unitPriceOf(line(prices), 'CASH', 'DELIVERY')).toBe(1155 + 116);
    expect(unitPriceOf(line(prices, { modifiers: [modifier('m1', '5.00')] }), 'CASH', 'DELIVERY')).toBe(1155 + 116 + 500);
    const discount = [methodPrice('CASH', '11.55'), orderTypePrice('TAKEAWAY', '-10.00', { valueType: 'PERCENT' })];
    expect(unitPriceOf(line(discount), 'CASH', 'TAKEAWAY')).toBe(1155 - 116); // −1.155 → −1.16, away from zero
  });

  it("applies to the method's base price", () => {
    const prices = [...base, methodPrice('HUNGERSTATION', '20.00'), orderTypePrice('DELIVERY', '10.00', { valueType: 'PERCENT' })];
    expect(unitPriceOf(line(prices), 'HUNGERSTATION', 'DELIVERY')).toBe(2200);
  });

  it("ignores a modifier's order-type price", () => {
    const prices = [...base, orderTypePrice('DELIVERY', '5.00', { modifierId: 'm1' })];
    expect(unitPriceOf(line(prices, { modifiers: [modifier('m1', '1.00')] }), 'CASH', 'DELIVERY')).toBe(1100);
  });

  it('never takes the unit price below 0', () => {
    const prices = [methodPrice('CASH', '1.00'), orderTypePrice('TAKEAWAY', '-2.00')];
    expect(unitPriceOf(line(prices), 'CASH', 'TAKEAWAY')).toBe(0);
  });
});
