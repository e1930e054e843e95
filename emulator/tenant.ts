import type {
  Barcode,
  Category,
  DecimalString,
  Ingredient,
  Kitchen,
  Me,
  Modifier,
  PaymentMethod,
  PaymentMethodConfig,
  Price,
  Printer,
  Product,
  ProductIngredient,
} from '../src-shared/catalog/index.ts';
import type { TenantTable } from './demo-tables.ts';
import type { TenantDiscount } from './demo-discounts.ts';

/**
 * The catalog as the service keeps and serves it: money as the wire's
 * decimal strings, so a test can serve any text (too many places, not a
 * number) and see what the till's reader makes of it.
 */
export type ServedProduct = Product<DecimalString>;
export type ServedModifier = Modifier<DecimalString>;
export type ServedPrice = Price<DecimalString>;

/** A printer as the service holds it: the canonical record plus the branch it stands in. */
export interface TenantPrinter extends Printer {
  branch_id: string | null;
}

/** The related customer record that `includes[]=userable` adds (emulator/README.md, 15). */
export interface Userable {
  id: string;
  market_id: string;
  points: number;
}

/** A customer user with every member of the spec's "Customer user" table. */
export interface TenantCustomer {
  id: string;
  userable_id: string;
  role: string;
  name: string;
  username: string | null;
  email: string;
  phone_prefix: string;
  phone: string;
  lang: string;
  fcm_token: string | null;
  is_active: boolean;
  email_verified_at: number | null;
  phone_verified_at: number | null;
  created_at: number | null;
  updated_at: number | null;
  deleted_at: number | null;
  profile_img: string;
  userable: Userable;
}

/**
 * Everything the emulated service holds for one tenant, as canonical records
 * (newest field names); each answer is serialized to the caller's contract
 * version on the way out. Tests mutate it freely between requests: push,
 * splice, rename, set `deleted_at`, or replace a whole array.
 */
export interface Tenant {
  me: Me;
  categories: Category[];
  products: ServedProduct[];
  barcodes: Barcode[];
  paymentMethods: PaymentMethod[];
  paymentMethodConfigs: PaymentMethodConfig[];
  printers: TenantPrinter[];
  /** Kitchen routing: which printers get which categories' lines (emulator/README.md, 17). */
  kitchens: Kitchen[];
  customers: TenantCustomer[];
  /** The branch's tables (GET /tables; issue 21). */
  tables: TenantTable[];
  /** The chain's discounts (GET /discounts; issue 35), as served. */
  discounts: TenantDiscount[];
  ingredients: Ingredient[];
  productIngredients: ProductIngredient[];
}
