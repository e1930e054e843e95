export { readCatalog, type CatalogSnapshot } from './read-catalog.ts';
export { searchProducts, type ProductHit } from './search-products.ts';
