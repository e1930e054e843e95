// The printing layer's public surface: document model, ESC/POS and PNG
// rendering, the decoder, sending over TCP (or to an APP_TO_APP command),
// the virtual printer, and on top of them receipts and kitchen tickets,
// printer bindings and routing, the print queue and the preview.
// Everything else in this folder is internal.

export type {
  Align,
  BilingualBlock,
  CutBlock,
  DividerBlock,
  DrawerKickBlock,
  FeedBlock,
  ImageBlock,
  Magnification,
  QrBlock,
  ReceiptBlock,
  ReceiptDocument,
  RgbaImage,
  TextBlock,
  TextStyle,
} from './layout/receipt-document.ts';
export { paperSpec, type PaperSpec, type PaperWidth } from './layout/paper.ts';
export { containsArabic } from './layout/script.ts';

export { renderDocumentToEscPos, type EscPosMode, type EscPosRenderOptions } from './escpos/render-escpos.ts';
export {
  decodeEscPos,
  type DecodedEscPos,
  type DecodeOptions,
  type DecodeProblem,
  type EscPosCommand,
  type EscPosCommandBody,
  type QrErrorLevel,
} from './escpos/decode-escpos.ts';

export { renderDocumentToPng } from './raster/render-raster.ts';
export { clearStripCache } from './raster/draw-layout.ts';
export { clearQrCache } from './layout/qr-matrix.ts';
export { registerPrintingFonts } from './raster/fonts.ts';
export type { MonoBitmap } from './raster/mono-bitmap.ts';
export { monoBitmapToPng } from './raster/png.ts';

export {
  parsePrinterAddress,
  PrinterSendError,
  sendToPrinter,
  type PrinterAddress,
  type PrinterSendErrorCode,
  type SendOptions,
} from './transport/send-to-printer.ts';

export {
  startPrinterSink,
  type PrinterSink,
  type PrinterSinkJob,
  type PrinterSinkOptions,
  type SinkStatus,
} from './virtual-printer/printer-sink.ts';
export { runPrinterSinkCli, type PrinterSinkCliIo } from './virtual-printer/printer-sink-cli.ts';
export { sendToCommand, AppToAppError, type AppToAppErrorCode } from './transport/send-to-command.ts';

// Receipts and kitchen tickets from stored orders, under the printers' flags.
export { composeReceipt, hasCashPayment, isPostpaid, EXTRA_SPACE_LINES } from './compose/compose-receipt.ts';
export { composeKitchenTicket, routedLines } from './compose/compose-kitchen-ticket.ts';
export { type KitchenTicketOptions, type ReceiptHeader, type ReceiptOptions } from './compose/compose-options.ts';
export { monoBitmapToPdf } from './output/receipt-pdf.ts';
export { renderDocumentToPdf } from './output/document-pdf.ts';

// This till's printers: bindings, kitchen routing and its local override.
export { bindPrinter, checkBindingAddress, readPrinterBindings, unbindPrinter, type BindingInput, type PrinterBinding } from './setup/printer-bindings.ts';
export {
  ALLOWED_PORTS_SETTING,
  checkPrinterAddress,
  effectiveAddressPolicy,
  isPort,
  PRINTER_PORTS,
  resolvePrinterAddress,
  STRICT_POLICY,
  type Lookup,
  type PrinterAddressPolicy,
} from './setup/printer-address-policy.ts';
export { checkPrinterDevicePath, isPrinterDevicePath, sendToDevice } from './transport/send-to-device.ts';
export { clearLocalRoutes, readKitchenRoutes, setLocalRoute, type PrinterRoute, type RoutingSource } from './setup/kitchen-routing.ts';
export { PRINT_KINDS, readTillPrinter, readTillPrinters, type PrintKind, type TillPrinter } from './setup/till-printers.ts';
export { readPrintContext, type PrintContext } from './setup/print-context.ts';
export { LOGO_SETTING, loadLogo, readBranchLogo, shippedLogoPath } from './setup/branch-logo.ts';

// The print queue: jobs written at checkout, printed after the commit.
export { enqueuePrintJobsAtCheckout, jobsDueAtCheckout, printsAutomatically, type DueJob } from './queue/enqueue-at-checkout.ts';
export {
  DEFAULT_GIVE_UP_AFTER_MS,
  DEFAULT_PRINT_RETRY,
  isRetryablePrintError,
  PrintQueue,
  RECEIPTS_DIR_SETTING,
  receiptPdfName,
  receiptsDir,
  sendToAddress,
  type PrinterState,
  type PrinterStatus,
  type PrintJobOutcome,
  type PrintQueueEvents,
  type PrintQueueOptions,
} from './queue/print-queue.ts';
export { latestPrintJob, pendingJobCount, readPrintJobs, type PrintJob, type PrintJobReason, type PrintJobState } from './queue/print-job-store.ts';
export { documentFor, renderForPrinter, renderRequestFor, type PrinterSetup } from './queue/job-document.ts';
export { renderReceiptPreview, PREVIEW_FLAGS } from './preview/receipt-preview.ts';
export { composeTestPage, describeBinding, printTestPage, type TestPrintOptions } from './setup/test-page.ts';

// Reports and the drawer: straight to the receipt printer, not queued.
export { composeShiftReport } from './compose/compose-shift-report.ts';
export { receiptPrinter } from './print-document.ts';

// Rendering off the event loop: a worker thread for the host, inline for one-shot commands.
export { inlineRenderer, RenderWorkerError, sharedRenderWorker, WorkerRenderer, type DocumentRenderer } from './render-worker/document-renderer.ts';
export { renderRequest, type RenderOutput, type RenderRequest } from './render-worker/render-request.ts';
// Live status: DLE EOT over the printer's connection.
export { paperFromStatusByte, queryPrinterStatus, STATUS_REQUEST_PAPER, STATUS_REQUEST_PRINTER, type PaperState, type PrinterStatusAnswer } from './transport/query-printer-status.ts';
export { probePrinter } from './setup/probe-printer.ts';
