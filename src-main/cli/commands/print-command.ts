import { chmodSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PRINTER_FLAGS, printerSettings, type PrinterFlag, type PrinterSettings } from '../../../src-shared/catalog/index.ts';
import { openDatabase } from '../../db/index.ts';
import {
  checkBindingAddress,
  documentFor,
  effectiveAddressPolicy,
  isPrinterDevicePath,
  parsePrinterAddress,
  PrinterSendError,
  PRINT_KINDS,
  readPrintContext,
  receiptPdfName,
  receiptsDir,
  renderDocumentToPdf,
  renderDocumentToPng,
  renderForPrinter,
  sendToAddress,
  type PaperWidth,
  type PrintKind,
} from '../../printing/index.ts';
import { readOrder } from '../../orders/index.ts';
import { parseCommandArgs, requireOption, UsageError, type CliIo } from '../cli-io.ts';
import { PRINTER_POLICY_OPTIONS, PRINTER_POLICY_USAGE, printerPolicyFromArgs } from '../printer-policy-args.ts';
import { TillError } from '../../../src-shared/errors/index.ts';

export const PRINT_USAGE = `pos print --db FILE --order UUID --to tcp://HOST:PORT|/dev/usb/lpN [--kind receipt|kitchen] [--settings FLAG,FLAG,...] [--width 58|80] [--png OUT] ${PRINTER_POLICY_USAGE}`;

/** What `pos print` prints with when --settings is not given: a full bilingual receipt. */
export const DEFAULT_PRINT_FLAGS: readonly PrinterFlag[] = ['MULTILINGUAL', 'PRODUCT_SHOW'];

/** "RASTER,pdf" to settings; an unknown name is a usage error that lists the allowed ones. */
export function parsePrinterFlags(text: string): PrinterSettings {
  const settings = printerSettings();
  for (const raw of text.split(',')) {
    const name = raw.trim().toUpperCase();
    if (name === '') continue;
    if (!(PRINTER_FLAGS as readonly string[]).includes(name)) {
      throw new UsageError(`pos print: unknown printer flag "${raw.trim()}" in --settings; allowed: ${PRINTER_FLAGS.join(', ')}`);
    }
    settings[name as PrinterFlag] = true;
  }
  return settings;
}

/**
 * `pos print`: prints one stored order's receipt or kitchen ticket straight
 * to a printer with the given flags, outside the queue (setting up a
 * printer, testing a layout, or printing when the till app is not running).
 * A kitchen ticket here has every line: there is no printer to route for.
 */
export async function printCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs('print', argv, {
    db: { type: 'string' },
    order: { type: 'string' },
    to: { type: 'string' },
    kind: { type: 'string', default: 'receipt' },
    settings: { type: 'string' },
    width: { type: 'string', default: '80' },
    png: { type: 'string' },
    ...PRINTER_POLICY_OPTIONS,
  });
  const dbFile = requireOption('print', 'db', values.db);
  const orderUuid = requireOption('print', 'order', values.order);
  if (!(PRINT_KINDS as readonly string[]).includes(values.kind)) {
    throw new UsageError(`pos print: --kind must be receipt or kitchen, got "${values.kind}"`);
  }
  const kind = values.kind as PrintKind;
  if (values.width !== '58' && values.width !== '80') throw new UsageError(`pos print: --width must be 58 or 80 (mm), got "${values.width}"`);
  const width = Number(values.width) as PaperWidth;
  const settings = values.settings === undefined ? parsePrinterFlags(DEFAULT_PRINT_FLAGS.join(',')) : parsePrinterFlags(values.settings);
  if (settings.APP_TO_APP) {
    throw new UsageError('pos print: APP_TO_APP hands jobs to a command bound to a printer in the till; pos print sends to --to, so leave APP_TO_APP out');
  }
  if (values.to === undefined && values.png === undefined) throw new UsageError('pos print: --to is required (or --png OUT for a preview only)');
  const policy = printerPolicyFromArgs('print', values);
  if (values.to !== undefined && !isPrinterDevicePath(values.to)) {
    try {
      parsePrinterAddress(values.to);
    } catch (error) {
      throw new UsageError(`pos print: --to: ${(error as Error).message}`);
    }
  }

  const db = openDatabase(dbFile);
  try {
    const addressPolicy = effectiveAddressPolicy(db, policy);
    if (values.to !== undefined) {
      try {
        checkBindingAddress(values.to, addressPolicy);
      } catch (error) {
        if (!(error instanceof PrinterSendError) && !(error instanceof TillError)) throw error;
        io.err(`pos print: --to: ${error.message}`);
        return 1;
      }
    }
    const order = readOrder(db, orderUuid);
    if (!order) {
      io.err(`pos print: the database ${dbFile} has no order ${orderUuid}; list them with "pos orders --db ${dbFile}"`);
      return 1;
    }
    const setup = { name: 'Kitchen', settings, width, categories: null };
    const doc = documentFor(order, kind, setup, readPrintContext(db), false);
    if (!doc) {
      io.err(`pos print: order ${order.number} has no lines to put on a kitchen ticket`);
      return 1;
    }
    const what = `${kind === 'receipt' ? 'receipt' : 'kitchen ticket'} of order ${order.number}`;
    if (values.png !== undefined) {
      const file = resolve(values.png);
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      writeFileSync(file, await renderDocumentToPng(doc, { width }), { mode: 0o600 });
      chmodSync(file, 0o600);
      io.err(`Preview of the ${what} written to ${file}.`);
    }
    if (settings.PDF && kind === 'receipt') {
      const file = join(receiptsDir(db), receiptPdfName(order));
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      writeFileSync(file, await renderDocumentToPdf(doc, { width, title: `Receipt ${order.business_day} #${order.number}` }), { mode: 0o600 });
      chmodSync(file, 0o600);
      io.err(`PDF of the ${what} written to ${file}.`);
    }
    if (values.to !== undefined) {
      const bytes = await renderForPrinter(doc, setup);
      try {
        // The same address policy as a printer bound on the Branch screen (and the setting printing.allowed_ports).
        await sendToAddress(values.to, bytes, addressPolicy);
      } catch (error) {
        if (error instanceof PrinterSendError) {
          io.err(
            error.code === 'address-not-allowed'
              ? `pos print: ${error.message}`
              : `pos print: ${error.message}; check that the printer is on and the address is right`,
          );
          return 1;
        }
        throw error;
      }
      io.err(`Printed the ${what} (${bytes.length} bytes${settings.RASTER ? ', raster' : ''}) to ${values.to}.`);
    }
    return 0;
  } finally {
    db.close();
  }
}
