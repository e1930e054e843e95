export { readCatalog, type CatalogSnapshot } from './read-catalog.ts';
export { searchProducts, type ProductHit } from './search-products.ts';
export {
  activeProductIds,
  categoriesWithCounts,
  findBarcode,
  paymentMethodRows,
  productIdsInCategory,
  saleProducts,
  type CategoryRow,
  type SaleProduct,
} from './sale-catalog.ts';
export { readReplicaMeta, writeReplicaMeta, type LastPull, type ReplicaMeta } from './replica-meta.ts';
export { findCustomers, methodsWithOwnPrices, type CustomerRow } from './customers.ts';
