// The restaurant floor (issue 21): the branch's tables and the open tabs on
// them. This folder owns local_tables (and the tabs' tables); everything
// else reads and changes them through these functions.
export { addLocalTable, listLocalTables, removeLocalTable, type NewLocalTable } from './local-tables.ts';
export { floorTables, floorTablesSource, requireFloorTable, requireLocalTables, tableName } from './floor-tables.ts';
export {
  changeTab,
  closeMergedTab,
  insertParts,
  insertTab,
  insertTabLines,
  markPartPaid,
  markUnsentSent,
  moveLines,
  nextRound,
  pickedTabDiscounts,
  tabPromotions,
  readTab,
  removeTabLineRow,
  staleTab,
  tabAtTable,
  tabChanges,
  tabLines,
  tabParts,
  tabsInUse,
  updateTab,
  type ChangeNote,
  type TabActor,
  type TabLineRow,
  type TabPartRow,
  type TabRow,
} from './tab-store.ts';
export { TabService, type TabHooks } from './tab-service.ts';
export type { TabCheckout } from './tab-checkout.ts';
