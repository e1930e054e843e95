import type { Me } from '../src-shared/catalog/index.ts';
import type { ServedPrice, ServedProduct } from './tenant.ts';
import { legacyMoney } from './money.ts';
import type { LegacyMoney } from './money.ts';
import type { VersionFeatures } from './version-features.ts';

/**
 * Whether a price exists on the wire at this version: the legacy object
 * (below 2.2.3) can only say "this payment method costs this much", so
 * order-type and percentage prices are left out there (emulator/README.md, 10).
 */
export function isPriceServed(price: ServedPrice, features: VersionFeatures): boolean {
  return features.polymorphicPrices || (price.priceable_type === 'PAYMENT_METHOD' && price.value_type === 'NOMINAL');
}

// A catalog repeats a few hundred amounts: work each legacy split out once per VAT setting.
const legacyCache = new Map<string, LegacyMoney>();

function cachedLegacyMoney(value: string, vatRate: string, pricesIncludeTax: boolean): LegacyMoney {
  const key = `${value}|${vatRate}|${pricesIncludeTax ? 1 : 0}`;
  let money = legacyCache.get(key);
  if (money === undefined) {
    if (legacyCache.size >= 10_000) legacyCache.clear();
    legacyCache.set(key, (money = legacyMoney(value, vatRate, pricesIncludeTax)));
  }
  return money;
}

/** A price at the caller's version; `product` gives the tenant ids served below 2.3.0, `branch` the VAT for legacy money. */
export function serializePrice(
  price: ServedPrice,
  product: Pick<ServedProduct, 'market_id' | 'branch_id'>,
  branch: Me['branch'],
  features: VersionFeatures,
): Record<string, unknown> {
  const out: Record<string, unknown> = { id: price.id, product_id: price.product_id };
  if (features.renamed) out.modifier_id = price.modifier_id;
  else out.product_modifier_id = price.modifier_id;
  if (features.polymorphicPrices) {
    out.priceable_type = price.priceable_type;
    out.priceable_id = price.priceable_id;
    out.value = price.value;
    out.value_type = price.value_type;
  } else {
    out.payment_method_key = price.priceable_id;
    const money = cachedLegacyMoney(price.value, branch?.vat_rate ?? '0.00', branch?.prices_include_tax ?? true);
    out.price = money.price;
    out.tax = money.tax;
    out.total = money.total;
    out.is_tax_included = money.is_tax_included;
  }
  if (!features.renamed) {
    out.market_id = product.market_id;
    out.branch_id = product.branch_id;
  }
  return out;
}
