// Small builders for canonical catalog prices, so each test states only what it is about. A test writes
// amounts as the catalog shows them ("12.50", a PERCENT "15.00"); the records hold them in minor units
// (hundredths of a percent), as the reader makes them and the replica keeps them.
import type { Price, PriceValueType } from '../../../src-shared/catalog/index.ts';
import { parseDecimal } from '../../../src-shared/money/index.ts';
import type { CartLineInput, ChosenModifier } from '../../../src-shared/pricing/index.ts';

const minor = (text: string) => parseDecimal(text, 'test price');

let nextId = 1;

export function methodPrice(methodKey: string, value: string, opts: { modifierId?: string; valueType?: PriceValueType; productId?: string } = {}): Price {
  return {
    id: `price-${nextId++}`,
    product_id: opts.productId ?? 'p1',
    modifier_id: opts.modifierId ?? null,
    priceable_type: 'PAYMENT_METHOD',
    priceable_id: methodKey,
    value: minor(value),
    value_type: opts.valueType ?? 'NOMINAL',
  };
}

export function orderTypePrice(orderType: string, value: string, opts: { modifierId?: string; valueType?: PriceValueType } = {}): Price {
  return {
    id: `price-${nextId++}`,
    product_id: 'p1',
    modifier_id: opts.modifierId ?? null,
    priceable_type: 'ORDER_TYPE',
    priceable_id: orderType,
    value: minor(value),
    value_type: opts.valueType ?? 'NOMINAL',
  };
}

export function line(prices: Price[], opts: Partial<Omit<CartLineInput, 'product'>> & { id?: string } = {}): CartLineInput {
  return {
    product: { id: opts.id ?? 'p1', prices },
    modifiers: opts.modifiers ?? [],
    quantity: opts.quantity ?? 1,
    ...(opts.discount ? { discount: opts.discount } : {}),
  };
}

export function modifier(id: string, price: string, prices?: Price[]): ChosenModifier {
  return prices ? { id, price: minor(price), prices } : { id, price: minor(price) };
}
