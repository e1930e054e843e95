import type {
  Barcode,
  Category,
  Customer,
  DiningTable,
  ServiceDiscount,
  Ingredient,
  Kitchen,
  Modifier,
  PaymentMethod,
  PaymentMethodConfig,
  Price,
  Printer,
  Product,
  ProductIngredient,
} from '../catalog/index.ts';

/** The list reads the sync pulls, by the name the till gives them. */
export const LIST_RESOURCES = [
  'categories',
  'products',
  'barcodes',
  'payment_methods',
  'payment_method_configs',
  'printers',
  'customers',
  'product_modifiers',
  'product_prices',
  'product_ingredients',
  'ingredients',
  'kitchens',
  'tables',
  'discounts',
] as const;

export type ListResource = (typeof LIST_RESOURCES)[number];

/** The canonical record each list resource is normalized to. */
export interface CanonicalRecords {
  categories: Category;
  products: Product;
  barcodes: Barcode;
  payment_methods: PaymentMethod;
  payment_method_configs: PaymentMethodConfig;
  printers: Printer;
  customers: Customer;
  product_modifiers: Modifier;
  product_prices: Price;
  product_ingredients: ProductIngredient;
  ingredients: Ingredient;
  kitchens: Kitchen;
  tables: DiningTable;
  discounts: ServiceDiscount;
}

export type CanonicalRecordOf<R extends ListResource> = CanonicalRecords[R];
