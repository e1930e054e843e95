import type { z } from 'zod';
import { isAtLeast } from '../api-version.ts';
import type { ApiVersion } from '../api-version.ts';
import { PRICEABLE_TYPES, PRICE_VALUE_TYPES } from '../catalog/index.ts';
import type { Price } from '../catalog/index.ts';
import { bool, decimal, id, idOrNull, oneOf, record } from './primitives.ts';
import { perVersion } from './per-version.ts';

/** Below 2.2.3: a payment-method price with its tax worked out (spec, "Product price object"). */
const legacyPrice = record({
  id,
  product_id: id,
  product_modifier_id: idOrNull,
  payment_method_key: id,
  price: decimal,
  tax: decimal,
  total: decimal,
  is_tax_included: bool,
  market_id: id,
  branch_id: idOrNull,
});

const polymorphic = {
  id,
  product_id: id,
  priceable_type: oneOf(PRICEABLE_TYPES),
  priceable_id: id,
  value: decimal,
  value_type: oneOf(PRICE_VALUE_TYPES),
};

/** 2.2.3: polymorphic, still with the old modifier name and the tenant ids. */
const price223 = record({ ...polymorphic, product_modifier_id: idOrNull, market_id: id, branch_id: idOrNull });

/** From 2.3.0: `modifier_id`, and no tenant ids. */
const price230 = record({ ...polymorphic, modifier_id: idOrNull });

export const priceSchema = perVersion((version: ApiVersion) => {
  if (isAtLeast(version, '2.3.0')) return price230;
  if (isAtLeast(version, '2.2.3')) return price223;
  return legacyPrice;
});

export type WirePrice = z.output<ReturnType<typeof priceSchema>>;

export function normalizePrice(wire: WirePrice): Price {
  if ('payment_method_key' in wire) {
    // The legacy object splits the price into net, tax and gross; the value the
    // merchant entered is the gross when prices include tax, else the net
    // (emulator/README.md, 10). Only payment-method prices exist on it.
    return {
      id: wire.id,
      product_id: wire.product_id,
      modifier_id: wire.product_modifier_id,
      priceable_type: 'PAYMENT_METHOD',
      priceable_id: wire.payment_method_key,
      value: wire.is_tax_included ? wire.total : wire.price,
      value_type: 'NOMINAL',
    };
  }
  return {
    id: wire.id,
    product_id: wire.product_id,
    modifier_id: 'modifier_id' in wire ? wire.modifier_id : wire.product_modifier_id,
    priceable_type: wire.priceable_type,
    priceable_id: wire.priceable_id,
    value: wire.value,
    value_type: wire.value_type,
  };
}
