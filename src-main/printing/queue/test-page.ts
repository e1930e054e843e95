// The test page an installer prints from the Branch screen or `pos printers
// test`: proof that this printer, at this binding, takes this till's jobs,
// in both languages (so Arabic rendering is proven too) with the time, so a
// page left in the tray says when it came.

import type { ReceiptDocument } from '../layout/receipt-document.ts';
import { localDateTime } from '../compose/format.ts';
import { renderForPrinter } from './job-document.ts';
import { sendToAddress } from './print-queue.ts';
import { sendToCommand } from '../transport/send-to-command.ts';
import type { SendOptions } from '../transport/send-to-printer.ts';
import type { PrinterAddressPolicy } from '../setup/printer-address-policy.ts';
import type { TillPrinter } from '../setup/till-printers.ts';
import { TillError } from '../../../src-shared/errors/index.ts';

/** Keeps only printable ASCII of text that came from a binding, for the text-mode line. */
const ascii = (text: string): string => text.replace(/[^\x20-\x7e]/g, '?');

export function describeBinding(printer: Pick<TillPrinter, 'address' | 'appCommand' | 'settings'>): string {
  if (printer.settings.APP_TO_APP) return printer.appCommand ? `app: ${printer.appCommand.join(' ')}` : 'not bound';
  return printer.address ?? 'not bound';
}

export function composeTestPage(printer: Pick<TillPrinter, 'name' | 'address' | 'appCommand' | 'settings' | 'width'>, now: number): ReceiptDocument {
  return {
    blocks: [
      { kind: 'text', text: 'TEST PAGE', align: 'center', bold: true, width: 2, height: 2 },
      { kind: 'text', text: 'صفحة اختبار', align: 'center', bold: true, height: 2 },
      { kind: 'divider', style: 'double' },
      { kind: 'bilingual', en: 'Printer', ar: 'الطابعة' },
      { kind: 'text', text: printer.name, align: 'center', bold: true },
      { kind: 'bilingual', en: 'Binding', ar: 'العنوان' },
      { kind: 'text', text: ascii(describeBinding(printer)), align: 'center' },
      { kind: 'bilingual', en: 'Paper', ar: 'عرض الورق', right: `${printer.width} mm` },
      { kind: 'bilingual', en: 'Time', ar: 'الوقت', right: localDateTime(now) },
      { kind: 'divider' },
      { kind: 'text', text: 'If you can read this, the till can print here.', align: 'center' },
      { kind: 'text', text: 'إذا قرأت هذا فالجهاز يطبع هنا.', align: 'center' },
      { kind: 'feed', lines: 2 },
      { kind: 'cut', partial: true },
    ],
  };
}

export interface TestPrintOptions {
  policy: PrinterAddressPolicy;
  /** The programs the operator allowed for APP_TO_APP (setting printing.app_programs). */
  appPrograms: readonly string[];
  now?: number;
  send?: SendOptions;
  appTimeoutMs?: number;
}

/**
 * Prints the test page on `printer` as it is bound now, in its mode (RASTER
 * or text); resolves once the printer took every byte, rejects with the
 * reason otherwise. Not queued: the person at the screen waits for the answer.
 */
export async function printTestPage(printer: TillPrinter, options: TestPrintOptions): Promise<{ bytes: number }> {
  if (!printer.bound) throw new TillError('printer_error', `printer "${printer.name}" is not bound on this till: give it an address first`);
  const doc = composeTestPage(printer, options.now ?? Date.now());
  const bytes = await renderForPrinter(doc, printer);
  if (printer.settings.APP_TO_APP) {
    await sendToCommand(printer.appCommand!, bytes, {
      programs: options.appPrograms,
      ...(options.appTimeoutMs === undefined ? {} : { timeoutMs: options.appTimeoutMs }),
    });
  } else {
    await sendToAddress(printer.address!, bytes, options.policy, options.send);
  }
  return { bytes: bytes.length };
}
