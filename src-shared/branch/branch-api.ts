import type { BranchInputs } from './branch-inputs.ts';
import type { BranchSetupView, TestPrintView } from './branch-views.ts';

/**
 * The Branch screen's part of the till API: binding printers, routing
 * kitchens, the receipt's identity and this till's numbering. Every method
 * needs the 'branch-settings' privilege (method-privileges.ts).
 */
export interface BranchApi {
  /** What the Branch screen shows; opening it with a manager's PIN approves that visit's later calls (host/authorization, branch-visits.ts). */
  branchSetup(input?: BranchInputs['branchSetup']): Promise<BranchSetupView>;
  /** The Branch screen closed on this screen: the manager's approval of that visit ends here (the next visit asks again). */
  leaveBranch(): Promise<void>;
  bindPrinter(input: BranchInputs['bindPrinter']): Promise<BranchSetupView>;
  unbindPrinter(input: BranchInputs['unbindPrinter']): Promise<BranchSetupView>;
  /** Prints the bilingual test page now; resolves only when the printer took it. */
  testPrint(input: BranchInputs['testPrint']): Promise<TestPrintView>;
  /** Sends a category's kitchen tickets to one printer only (null: to none), on this till. */
  routeCategory(input: BranchInputs['routeCategory']): Promise<BranchSetupView>;
  /** Drops this till's routing overrides (of one printer, or all): the service's kitchens apply again. */
  resetRouting(input: BranchInputs['resetRouting']): Promise<BranchSetupView>;
  saveReceiptSettings(input: BranchInputs['saveReceiptSettings']): Promise<BranchSetupView>;
  /** A sample receipt with these (unsaved) settings, as a `data:image/png;base64,...` URL. */
  receiptSettingsPreview(input: BranchInputs['receiptSettingsPreview']): Promise<string>;
  saveTillSettings(input: BranchInputs['saveTillSettings']): Promise<BranchSetupView>;
  /** Keeps a PNG (its bytes, checked on the host) beside the database as the receipt logo and sets `printing.logo_file` to it. */
  uploadLogo(input: BranchInputs['uploadLogo']): Promise<BranchSetupView>;
}

export const BRANCH_API_METHODS = [
  'branchSetup',
  'leaveBranch',
  'bindPrinter',
  'unbindPrinter',
  'testPrint',
  'routeCategory',
  'resetRouting',
  'saveReceiptSettings',
  'receiptSettingsPreview',
  'saveTillSettings',
  'uploadLogo',
] as const satisfies readonly (keyof BranchApi)[];
