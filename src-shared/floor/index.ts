export { TABLE_AREA_MAX, TABLE_NAME_MAX, TABLE_SEATS_MAX, type FloorTable } from './floor-tables.ts';
export { partTotal, splitByLines, splitEvenly, splitTabLines, SplitError, type LineAmounts, type SplitRequest } from './tab-split.ts';
export {
  TAB_CHANGE_KINDS,
  type FloorTableView,
  type RoundPriceView,
  type TabChange,
  type TabChangeKind,
  type TabLineView,
  type TabPartView,
  type TabState,
  type TabView,
} from './tab-views.ts';
export { partDiscounts, withShares } from './tab-discounts.ts';
export { floorInputs, type FloorInputs } from './floor-inputs.ts';
export { FLOOR_API_METHODS, type FloorApi } from './floor-api.ts';
export { TAB_PRICING } from './tab-pricing.ts';
