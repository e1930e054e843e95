// The printing layer's public surface: document model, ESC/POS and PNG
// rendering, the decoder, sending over TCP and the virtual printer.
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
} from './virtual-printer/printer-sink.ts';
export { runPrinterSinkCli, type PrinterSinkCliIo } from './virtual-printer/printer-sink-cli.ts';
