export { readCatalog, type CatalogSnapshot } from './read-catalog.ts';
export { searchProducts, type ProductHit } from './search-products.ts';
export {
  activeProductIds,
  categoriesWithCounts,
  categoryNames,
  hasCategory,
  findBarcode,
  paymentMethodRows,
  productIdsInCategory,
  saleProducts,
  type CategoryRow,
  type SaleProduct,
} from './sale-catalog.ts';
export { readReplicaMeta, writeReplicaMeta, type LastPull, type ReplicaMeta } from './replica-meta.ts';
export {
  counterCustomerCounts,
  counterCustomers,
  counterCustomerView,
  knownPhonePrefixes,
  customerIdForUpload,
  customerWithPhone,
  deferCounterCustomer,
  dueCounterCustomers,
  earliestCounterCustomerAttempt,
  insertCounterCustomer,
  makeCounterCustomersDue,
  markCounterCustomerRejected,
  markCounterCustomerSynced,
  readCounterCustomer,
  type CounterCustomer,
} from './counter-customers.ts';
export {
  customerEditCounts,
  customerEdits,
  customerNow,
  deferCustomerEdit,
  dueCustomerEdits,
  earliestCustomerEditAttempt,
  makeCustomerEditsDue,
  markCustomerEditRejected,
  markCustomerEditSynced,
  pendingEdit,
  readCustomerEdit,
  recordCustomerEdit,
  type CustomerEdit,
  type CustomerFields,
} from './customer-edits.ts';
export { findCustomers, hasCustomer, methodsWithOwnPrices, type CustomerRow } from './customers.ts';
export { readServiceKitchens, serviceKitchenRoutes, type ServiceKitchen } from './kitchens.ts';
export { printerRows, type PrinterRow } from './printers.ts';
export { REPLICA, REPLICA_TABLES, productFieldsAsIs, type ReplicaRow, type ReplicaTable, type ReplicaTableName } from './replica-tables.ts';
export { DEFAULT_SLICE_ROWS, Staging, type StagingOptions, type WriteSlice } from './replica-staging.ts';
export { currencyDecimals, declaredCurrencyDecimals } from './currency-decimals.ts';
export { readServiceTables, tablesFromService, type TablesSource } from './service-tables.ts';
export { readBranchProfile, type BranchProfile, NO_BRANCH_MESSAGE } from './branch-profile.ts';
export { markBack, markSoldOut, soldOutList, soldOutToday, type SoldOutToday } from './sold-out.ts';
export { branchTimeZone, readServiceDiscounts, serviceDiscountsAt } from './service-discounts.ts';
