import type { PrivilegedAction } from './approval-check.ts';
import type { TillApi } from './till-api.ts';

/**
 * What costs money or changes who the till works for, per till API method.
 * The host's authorization hook reads this one table: a method listed here
 * runs only when the hook approves it, and every approval or refusal is
 * audited. `when-over-limit` methods are checked only when they set a
 * discount above the branch's limit.
 */
export const METHOD_PRIVILEGES: Partial<Record<keyof TillApi, PrivilegedAction>> = {
  refund: 'refund',
  // A refund's credit note issued again gives the money back once cleared: the same approval as the refund.
  clearCreditNoteAgain: 'refund',
  signIn: 'sign-in',
  updateItem: 'discount-over-limit',
  setOrderDiscount: 'discount-over-limit',
  // The whole order's discount (lines and order together), so splitting one discount into small ones does not pass;
  // a checkout on PAY_LATER is also 'pay-later'. The payment keys of a checkout or a settlement must be the
  // catalog's (host/authorization/privileged-call.ts).
  checkout: 'discount-over-limit',
  // The Branch screen: where receipts print and what they say.
  branchSetup: 'branch-settings',
  bindPrinter: 'branch-settings',
  unbindPrinter: 'branch-settings',
  testPrint: 'branch-settings',
  routeCategory: 'branch-settings',
  resetRouting: 'branch-settings',
  saveReceiptSettings: 'branch-settings',
  receiptSettingsPreview: 'branch-settings',
  saveTillSettings: 'branch-settings',
  uploadLogo: 'branch-settings',
  // The Branch screen's ZATCA tab: the seller as ZATCA knows it, and onboarding the EGS unit (zatcaStatus is the status bar's, for every screen).
  zatcaSetup: 'branch-settings',
  saveZatcaSeller: 'branch-settings',
  onboardZatca: 'branch-settings',
  voidCart: 'void-printed-cart',
  // Removing the cart's last line empties it like a void: the same approval.
  removeItem: 'void-printed-cart',
  // Only a cash out above `cash.out_limit`.
  cashMovement: 'cash-out',
  openDrawer: 'drawer-open',
  // The Branch screen's Stations tab (issue 20): never a paired device's (paired-device-ceiling).
  stations: 'branch-settings',
  addStation: 'branch-settings',
  renameStation: 'branch-settings',
  setDisplayCounter: 'branch-settings',
  removeStation: 'branch-settings',
  // Pairing a tablet and choosing this screen's station are the Stations tab's too.
  pairingCode: 'branch-settings',
  pairingState: 'branch-settings',
  useStation: 'branch-settings',
  // The hub and its standby (issue 36): a standby receives the whole database, so its code is a manager's, and so is the status beside it.
  standbyStatus: 'branch-settings',
  standbyCode: 'branch-settings',
  // The cashier counts blind; a manager approves the close (issue 23, part 3).
  closeShift: 'close-shift',
  // Only a sign-in with `release`: signing a cashier out of a station whose screen died, and in here (issue 20).
  unlock: 'release-cashier',
  // The floor (issue 21): the tables a manager defines are branch settings; a line the kitchen already has goes only with approval.
  addTable: 'branch-settings',
  removeTable: 'branch-settings',
  removeTabLine: 'void-sent-line',
  // The Kitchens tab's kitchen displays (issue 21): where a category's tickets show is a branch setting.
  kitchenDisplays: 'branch-settings',
  routeKitchenDisplay: 'branch-settings',
  // Sold out (issue 34 item 6): a manager, or a kitchen display station (host/authorization/kitchen-display-sold-out.ts).
  markSoldOut: 'sold-out',
  markBack: 'sold-out',
  addCashier: 'manage-cashiers',
  updateCashier: 'manage-cashiers',
};
