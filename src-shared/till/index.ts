export * from './order-record.ts';
export { tillInputs, discountInput, ORDER_FILTERS, type OrderFilter, type TillInputs, type TillParsedInputs } from './till-inputs.ts';
export type * from './till-views.ts';
export {
  APPROVAL_METHODS,
  PRINTING_METHODS,
  SELLING_METHODS,
  SESSION_METHODS,
  SHIFT_METHODS,
  TILL_API_METHODS,
  type SellingApi,
  type TillApi,
} from './till-api.ts';
export { parseInput, type ApiInputMethod, type ParsedInput } from './parse-input.ts';
export type * from './till-events.ts';
export { fromWireError, toWireError, wireErrorTransfer, type WireError } from './transport-errors.ts';
export { METHOD_PRIVILEGES, type PrivilegedAction } from './method-privileges.ts';
export type { ApprovalCheckView } from './approval-check.ts';
export { branchInputs, type BranchInputs } from './branch-inputs.ts';
export { BRANCH_API_METHODS, type BranchApi } from './branch-api.ts';
export type * from './branch-views.ts';
export { APP_ENTRY_URL, APP_HOST, APP_ORIGIN, APP_SCHEME } from './app-origin.ts';
export { normalizePrinterAddress, type AddressCheck } from './printer-address.ts';
export { stationInputs, type StationInputs } from './station-inputs.ts';
export { STATION_API_METHODS, type StationApi } from './station-api.ts';
export { checkLogoPng, LOGO_MAX_BASE64, LOGO_MAX_BYTES, LOGO_MAX_SIDE, type LogoCheck, type LogoProblem } from './logo-png.ts';
export { ZATCA_API_METHODS, type ZatcaApi } from './zatca-api.ts';
export { zatcaInputs, zatcaSellerFieldOk, ZATCA_SELLER_SETTING, type ZatcaInputs } from './zatca-inputs.ts';
export { zatcaBuyerInput, zatcaBuyerProblems, ZATCA_BUYER_FIELDS, type ZatcaBuyer, type ZatcaBuyerInput, type ZatcaBuyerField } from './zatca-buyer.ts';
export { ZATCA_ONBOARDING_STEPS, ZATCA_SELLER_FIELDS } from './zatca-views.ts';
export type * from './zatca-views.ts';
export { floorInputs, type FloorInputs } from './floor-inputs.ts';
export { FLOOR_API_METHODS, type FloorApi } from './floor-api.ts';
export { CUSTOMER_DISPLAY_METHODS, CUSTOMER_DISPLAY_SCREEN_METHODS, type CustomerDisplayApi } from './customer-display-api.ts';
export { kitchenInputs, type KitchenInputs } from './kitchen-inputs.ts';
export { KITCHEN_API_METHODS, KITCHEN_DISPLAY_METHODS, KITCHEN_SETUP_METHODS, type KitchenApi, type KitchenSetupApi } from './kitchen-api.ts';
