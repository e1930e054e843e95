import type { ApiVersion } from '../api-version.ts';
import type { Price, PriceableType, PriceValueType } from '../catalog/index.ts';
import { schemaOf } from './schema-from-table.ts';
import { perVersion } from './per-version.ts';
import { ReadTally } from './read-tally.ts';

/** A product price (spec, "Product price object"): legacy below 2.2.3, polymorphic from 2.2.3, from the member table. */
export const priceSchema = perVersion((version: ApiVersion) => schemaOf('price', version));

export interface WirePrice {
  id?: string | null;
  product_id?: string | null;
  product_modifier_id?: string | null;
  modifier_id?: string | null;
  // below 2.2.3
  payment_method_key?: string;
  price?: string;
  tax?: string;
  total?: string;
  is_tax_included?: boolean;
  // from 2.2.3
  priceable_type?: PriceableType;
  priceable_id?: string;
  value?: string;
  value_type?: PriceValueType;
}

/**
 * `position` is the price's place in its list and `parentProductId` the
 * product it is nested in (or read for): together they stand in for the id
 * and product reference the spec does not show.
 */
export function normalizePrice(input: unknown, position = 0, tally: ReadTally = new ReadTally(), parentProductId?: string): Price {
  const wire = input as WirePrice;
  const productId = wire.product_id ?? parentProductId ?? '';
  const id = wire.id ?? `${productId}:price:${position + 1}`;
  const modifierId = wire.modifier_id ?? wire.product_modifier_id ?? null;
  const where = `product ${productId} price ${id}`;
  if (wire.payment_method_key !== undefined) {
    // The legacy object splits the price into net, tax and gross; the value the
    // merchant entered is the gross when prices include tax, else the net
    // (emulator/README.md, 10). Only payment-method prices exist on it.
    return {
      id,
      product_id: productId,
      modifier_id: modifierId,
      priceable_type: 'PAYMENT_METHOD',
      priceable_id: wire.payment_method_key,
      value: tally.money(wire.is_tax_included ? wire.total : wire.price, '0.00', where),
      value_type: 'NOMINAL',
    };
  }
  return {
    id,
    product_id: productId,
    modifier_id: modifierId,
    priceable_type: wire.priceable_type!,
    priceable_id: wire.priceable_id!,
    // A PERCENT value is hundredths of a percent whatever the currency; a NOMINAL one is money.
    value: wire.value_type === 'PERCENT' ? tally.percent(wire.value, where) : tally.money(wire.value, '0.00', where),
    value_type: wire.value_type!,
  };
}
