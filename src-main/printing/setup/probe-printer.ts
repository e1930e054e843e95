// The live status of a bound network printer, for the Branch screen and
// `pos printers`: the address passes the same policy as a print job before
// anything is sent, and a printer that cannot be asked (USB, APP_TO_APP, an
// address the policy refuses) is simply not asked.

import { queryPrinterStatus, type PrinterStatusAnswer } from '../transport/query-printer-status.ts';
import { isPrinterDevicePath } from '../transport/send-to-device.ts';
import { resolvePrinterAddress, type PrinterAddressPolicy } from './printer-address-policy.ts';
import type { TillPrinter } from './till-printers.ts';

export async function probePrinter(
  printer: Pick<TillPrinter, 'address' | 'bound' | 'settings'>,
  policy: PrinterAddressPolicy,
  timeoutMs?: number,
): Promise<PrinterStatusAnswer | null> {
  if (!printer.bound || printer.settings.APP_TO_APP || !printer.address || isPrinterDevicePath(printer.address)) return null;
  let target;
  try {
    target = await resolvePrinterAddress(printer.address, policy);
  } catch {
    return null; // the print job will say why, with the policy's words
  }
  return queryPrinterStatus(target, timeoutMs === undefined ? {} : { timeoutMs });
}
