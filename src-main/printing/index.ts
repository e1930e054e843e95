// What the rest of the till asks of printing, and nothing more: the queue
// the host runs, what checkout writes, this till's printers and their
// setup, the documents the CLI and the Branch screen render on demand.
// Everything else in this folder is internal (tests of the internals import
// the files themselves). Sub-folders depend one way, layout → … → queue
// (PRINTING_ORDER in scripts/check-layers.mjs).

// The print queue: jobs written at checkout, printed after the commit.
export { enqueuePrintJobsAtCheckout } from './queue/enqueue-at-checkout.ts';
export { enqueueKitchenRound } from './queue/enqueue-kitchen-round.ts';
export { enqueueFallbackTicket } from './queue/enqueue-fallback-ticket.ts';
export { PrintQueue, receiptPdfName, receiptsDir, sendToAddress, type PrinterStatus } from './queue/print-queue.ts';
export { latestPrintJob, pendingJobCount } from './queue/print-job-store.ts';
export { documentFor, renderForPrinter } from './queue/job-document.ts';
export { printTestPage } from './queue/test-page.ts';
export { renderReceiptPreview } from './preview/receipt-preview.ts';

// Reports and the drawer: document jobs on the receipt printer (PrintQueue.enqueueDocument).
export { composeShiftReport } from './compose/compose-shift-report.ts';
export { drawerPrinter, receiptPrinter } from './print-document.ts';
export { DRAWER_GIVE_UP_MS, DRAWER_KICK } from './layout/drawer-kick.ts';

// This till's printers: bindings, addresses, kitchen routing and its local override.
export { PRINT_KINDS, readTillPrinter, readTillPrinters, type PrintKind, type TillPrinter } from './setup/till-printers.ts';
export { bindPrinter, checkBindingAddress, readPrinterBindings, unbindPrinter } from './setup/printer-bindings.ts';
export { effectiveAddressPolicy, STRICT_POLICY, type PrinterAddressPolicy } from './setup/printer-address-policy.ts';
export { clearLocalRoutes, readKitchenRoutes, setLocalRoute } from './setup/kitchen-routing.ts';
export { readPrintContext } from './setup/print-context.ts';
export { LOGO_SETTING, loadLogo, readBranchLogo, shippedLogoPath } from './setup/branch-logo.ts';
export { parsePrinterAddress, PrinterSendError } from './transport/send-to-printer.ts';
export { AppToAppError } from './transport/send-to-command.ts';
export { appCommandProblem, appPrograms } from './setup/app-programs.ts';
export { isPrinterDevicePath } from './transport/send-to-device.ts';
// Live status: DLE EOT over the printer's connection.
export { probePrinter } from './setup/probe-printer.ts';
export type { PrinterStatusAnswer } from './transport/query-printer-status.ts';

// Documents rendered on demand (the receipt sample, `pos print --pdf`).
export type { ReceiptDocument } from './layout/receipt-document.ts';
export type { PaperWidth } from './layout/paper.ts';
export { composeReceipt } from './compose/compose-receipt.ts';
export { renderDocumentToPng } from './raster/render-raster.ts';
export { decodeImage } from './raster/png.ts';
export { renderDocumentToPdf } from './output/document-pdf.ts';
export { registerPrintingFonts } from './raster/fonts.ts';

// The virtual printer `pos printer-sink` and the demo run.
export { startPrinterSink } from './virtual-printer/printer-sink.ts';
export { runPrinterSinkCli } from './virtual-printer/printer-sink-cli.ts';
