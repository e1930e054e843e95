import type { Price } from '../../src-shared/catalog/index.ts';
import { formatMinor } from '../../src-shared/money/index.ts';
import type { TillSchema } from '../db/index.ts';

/** A stored price row back as the canonical record (minor units → "12.50", or "1.250" with 3 places; a PERCENT always two). */
export function priceRecord(row: Omit<TillSchema['prices'], 'seq'>, decimals = 2): Price {
  return {
    id: row.id,
    product_id: row.product_id,
    modifier_id: row.modifier_id,
    priceable_type: row.priceable_type,
    priceable_id: row.priceable_id,
    value: formatMinor(row.value, row.value_type === 'PERCENT' ? 2 : decimals),
    value_type: row.value_type,
  };
}
