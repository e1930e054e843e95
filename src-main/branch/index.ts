// Setting up a branch: printer bindings and test prints, kitchen routing,
// the receipt's identity and the till's numbering, for the Branch screen
// (BranchSetup, the till API) and for `pos printers` / `pos kitchens`.

export { BranchSetup, type BranchSetupOptions } from './branch-setup.ts';
export { parseBindingText, probeBranchPrinters, readBranchPrinters } from './branch-printers.ts';
export { readCategoryRoutes, readKitchens, resetRouting, routeCategory } from './kitchen-setup.ts';
export { readReceiptSettings, RECEIPT_SETTING_KEYS, writeReceiptSettings } from './receipt-settings.ts';
export { renderSettingsPreview, sampleOrder } from './receipt-sample.ts';
export { readTillSettings, writeTillSettings } from './till-settings.ts';
export { PrinterProbes } from './printer-probes.ts';
