// The printers as the Branch screen and `pos printers` list them: the
// service's flags, this till's binding, the routing, and a status a person
// can act on (ready, offline, out of paper, failed with the last error).

import { PRINTER_FLAGS } from '../../src-shared/catalog/index.ts';
import type { BranchPrinterState, BranchPrinterView } from '../../src-shared/till/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { latestPrintJob, pendingJobCount, readTillPrinters, type PrinterStatus } from '../printing/index.ts';

/** Without a running queue (the CLI): what the printer's latest job says. */
function stateFromJobs(db: TillDatabase, printerId: string): { state: BranchPrinterState; pending: number; lastError: string | null } {
  const pending = pendingJobCount(db, printerId);
  const last = latestPrintJob(db, printerId);
  if (!last) return { state: 'ready', pending, lastError: null };
  if (last.state === 'failed') return { state: 'failed', pending, lastError: last.last_error };
  if (last.state === 'pending' && last.last_error) return { state: 'offline', pending, lastError: last.last_error };
  return { state: pending > 0 ? 'printing' : 'ready', pending, lastError: null };
}

function stateFromQueue(status: PrinterStatus): { state: BranchPrinterState; pending: number; lastError: string | null } {
  const state: BranchPrinterState =
    status.state === 'retrying' ? 'offline' : status.state === 'failed' ? 'failed' : status.state === 'unbound' ? 'unbound' : status.pending > 0 ? 'printing' : 'ready';
  return { state, pending: status.pending, lastError: status.lastError };
}

/** `live`: the print queue's statuses, when a queue runs in this process. `paper`: printers that reported no paper. */
export function readBranchPrinters(db: TillDatabase, live?: readonly PrinterStatus[], paperOut: ReadonlySet<string> = new Set()): BranchPrinterView[] {
  return readTillPrinters(db).map((printer) => {
    const status = live?.find((s) => s.printerId === printer.id);
    let { state, pending, lastError } = status ? stateFromQueue(status) : stateFromJobs(db, printer.id);
    if (!printer.bound) state = 'unbound';
    else if (paperOut.has(printer.id) && state !== 'failed') state = 'out-of-paper';
    return {
      id: printer.id,
      name: printer.name,
      flags: PRINTER_FLAGS.filter((flag) => printer.settings[flag]),
      address: printer.address,
      app_command: printer.appCommand,
      suggested_address: printer.suggestedAddress,
      paper_width: printer.width,
      bound: printer.bound,
      kind: printer.kind,
      category_ids: [...printer.categories].sort((a, b) => a - b),
      routing: printer.routing,
      state,
      pending_jobs: pending,
      last_error: lastError,
    };
  });
}

/**
 * What an installer types as a binding: `tcp://host:port` (or `host:port`),
 * a device file (`/dev/usb/lp0`), or `app:PROGRAM ARG...` for APP_TO_APP.
 */
export function parseBindingText(text: string): { address: string | null; appCommand: string[] | null } {
  const trimmed = text.trim();
  if (trimmed.startsWith('app:')) {
    const command = trimmed.slice(4).trim().split(/\s+/).filter((part) => part !== '');
    if (command.length === 0) throw new RangeError('app: needs a program, e.g. app:/usr/bin/lp -d receipts');
    return { address: null, appCommand: command };
  }
  if (trimmed === '') throw new RangeError('the binding is empty: give tcp://HOST:PORT, a device such as /dev/usb/lp0, or app:PROGRAM');
  return { address: trimmed, appCommand: null };
}
