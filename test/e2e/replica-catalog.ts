import { posJson } from './pos-cli.ts';

/** A price of the paired catalog, as `pos catalog --json` prints it. */
export interface CatalogPrice {
  modifier_id: string | null;
  priceable_type: 'PAYMENT_METHOD' | 'ORDER_TYPE';
  priceable_id: string;
  value: string;
  value_type: 'NOMINAL' | 'PERCENT';
}

/** The paired catalog read back from the replica with `pos catalog --json` (the members the e2e tests look at). */
export interface ReplicaCatalog {
  products: { id: string; name_en: string; is_active: boolean; prices: CatalogPrice[] }[];
  barcodes: { barcode: string; product_id: string; modifier_id: string | null }[];
}

export function replicaCatalog(dbFile: string): ReplicaCatalog {
  return posJson<ReplicaCatalog>(dbFile, 'catalog');
}

/** A barcode of the paired catalog that labels a product itself (not one of its modifiers), and that product. */
export function someBarcode(dbFile: string): { code: string; productId: string } {
  const barcode = replicaCatalog(dbFile).barcodes.find((b) => b.modifier_id === null)!;
  return { code: barcode.barcode, productId: barcode.product_id };
}
