/**
 * The unit price of a product line, from the canonical prices of the catalog.
 *
 * Rules (tested one by one in test/unit/pricing/unit-price.test.ts):
 * 1. Base: the product's own price (modifier_id null) of type PAYMENT_METHOD
 *    whose priceable_id is the chosen method; else its own CASH price; else the
 *    product cannot be priced (UnpriceableProductError naming the product).
 *    The spec does not say what a PERCENT payment-method price means; Till
 *    reads it as a surcharge (or, negative, a rebate) on the CASH price, the
 *    one reading that needs no other input. A CASH price must be NOMINAL.
 * 2. Each chosen modifier falls back the way a product does: its own
 *    PAYMENT_METHOD price for the method (a price whose modifier_id is the
 *    modifier's id, from the modifier's `prices` or the product's) if one
 *    exists; else its own CASH price; else its `price`. A PERCENT method
 *    price adjusts that CASH price (or `price`) the same way as in rule 1.
 * 3. Order type: the product's own ORDER_TYPE price whose priceable_id is the
 *    order type. NOMINAL adds its value (which may be negative) to the base;
 *    PERCENT adds round(base × value). Order-type prices of modifiers are not
 *    in the rules and are ignored.
 * 4. Unit price = base + adjustment + Σ modifier prices, never below 0.
 * Where the catalog holds two matching prices, the first one wins, so the
 * till never refuses a sale over duplicated catalog data.
 */
import type { Price } from '../catalog/index.ts';
import { percentOf, sumMinor, toMinor, type Minor } from '../money/index.ts';
import type { CartLineInput, ChosenModifier, OrderType } from './cart.ts';
import { CASH_METHOD_KEY } from './method-keys.ts';
import { UnpriceableProductError } from './pricing-errors.ts';

/** A price's value (minor units; a PERCENT in hundredths of a percent), checked whole so a corrupt amount names its price. */
function valueOf(price: Price, owner: string): Minor {
  return toMinor(price.value, `${owner} price ${price.id} (${price.priceable_type} ${price.priceable_id})`);
}

function isMethodPrice(price: Price, modifierId: string | null, methodKey: string): boolean {
  return price.modifier_id === modifierId && price.priceable_type === 'PAYMENT_METHOD' && price.priceable_id === methodKey;
}

function basePrice(product: CartLineInput['product'], methodKey: string): Minor {
  const owner = `product ${product.id}`;
  const chosen = product.prices.find((p) => isMethodPrice(p, null, methodKey));
  if (chosen?.value_type === 'NOMINAL') return valueOf(chosen, owner);
  // No price for the method, or one that is a percentage of the CASH price.
  const cash = product.prices.find((p) => isMethodPrice(p, null, CASH_METHOD_KEY));
  if (!cash) {
    throw new UnpriceableProductError(
      product.id,
      methodKey,
      chosen
        ? `its ${methodKey} price ${chosen.id} is a percentage of the CASH price, and it has no CASH price`
        : methodKey === CASH_METHOD_KEY
          ? 'it has no CASH price'
          : `it has no ${methodKey} price and no CASH price`,
    );
  }
  if (cash.value_type !== 'NOMINAL') {
    throw new UnpriceableProductError(product.id, methodKey, `its CASH price ${cash.id} is a percentage, with no amount to take it of`);
  }
  const cashValue = valueOf(cash, owner);
  return chosen ? cashValue + percentOf(cashValue, valueOf(chosen, owner)) : cashValue;
}

/** What one chosen option adds to its line's unit price on `methodKey`'s price list (rule 2): what a picker shows beside it. */
export function modifierPriceOf(product: CartLineInput['product'], modifier: ChosenModifier, methodKey: string): Minor {
  const owner = `modifier ${modifier.id} of product ${product.id}`;
  const candidates = [...(modifier.prices ?? []), ...product.prices];
  const chosen = candidates.find((p) => isMethodPrice(p, modifier.id, methodKey));
  if (chosen?.value_type === 'NOMINAL') return valueOf(chosen, owner);
  // No price for the method (or a percentage of the CASH price): its CASH price, as for a product; else its `price`.
  const cash = candidates.find((p) => isMethodPrice(p, modifier.id, CASH_METHOD_KEY) && p.value_type === 'NOMINAL');
  const cashValue = cash ? valueOf(cash, owner) : toMinor(modifier.price, `${owner} price`);
  return chosen ? cashValue + percentOf(cashValue, valueOf(chosen, owner)) : cashValue;
}

function orderTypeAdjustment(product: CartLineInput['product'], orderType: OrderType, base: Minor): Minor {
  const price = product.prices.find((p) => p.modifier_id === null && p.priceable_type === 'ORDER_TYPE' && p.priceable_id === orderType);
  if (!price) return 0;
  const value = valueOf(price, `product ${product.id}`);
  return price.value_type === 'NOMINAL' ? value : percentOf(base, value);
}

/**
 * The unit price of one line under the rules above, in minor units, never
 * below 0. Prices come in minor units of the currency (a PERCENT in
 * hundredths of a percent), so the currency's places play no part here.
 */
export function unitPriceOf(line: Pick<CartLineInput, 'product' | 'modifiers'>, methodKey: string, orderType: OrderType): Minor {
  const base = basePrice(line.product, methodKey);
  const adjustment = orderTypeAdjustment(line.product, orderType, base);
  const modifiers = line.modifiers.map((m) => modifierPriceOf(line.product, m, methodKey));
  const unit = sumMinor([base, adjustment, ...modifiers], `unit price of product ${line.product.id}`);
  return Math.max(0, unit);
}
