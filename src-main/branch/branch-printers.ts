// The printers as the Branch screen and `pos printers` list them: the
// service's flags, this till's binding, the routing, and a status a person
// can act on (ready, offline, out of paper, failed with the last error).

import { PRINTER_FLAGS } from '../../src-shared/catalog/index.ts';
import { type BranchPrinterState, type BranchPrinterView } from '../../src-shared/branch/index.ts';
import { TillError } from '../../src-shared/errors/index.ts';
import type { TillDatabase } from '../db/index.ts';
import {
  appCommandProblem,
  latestPrintJob,
  pendingJobCount,
  probePrinter,
  readTillPrinters,
  type PrinterAddressPolicy,
  type PrinterStatus,
  type PrinterStatusAnswer,
} from '../printing/index.ts';

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
    status.state === 'retrying'
      ? 'offline'
      : status.state === 'failed'
        ? 'failed'
        : status.state === 'unbound'
          ? 'unbound'
          : status.pending > 0
            ? 'printing'
            : 'ready';
  return { state, pending: status.pending, lastError: status.lastError };
}

/** Live answers of the printers asked just now (probePrinter), by printer id. */
export type ProbeAnswers = ReadonlyMap<string, PrinterStatusAnswer>;

/**
 * `live`: the print queue's statuses, when a queue runs in this process.
 * `probes`: what the printers said when asked: one out of paper shows so;
 * one that refused the connection is offline; one that said nothing keeps
 * the state its jobs give.
 */
export function readBranchPrinters(db: TillDatabase, live?: readonly PrinterStatus[], probes: ProbeAnswers = new Map()): BranchPrinterView[] {
  return readTillPrinters(db).map((printer) => {
    const status = live?.find((s) => s.printerId === printer.id);
    const fromJobs = status ? stateFromQueue(status) : stateFromJobs(db, printer.id);
    const { pending } = fromJobs;
    let { state, lastError } = fromJobs;
    const probe = printer.bound ? probes.get(printer.id) : undefined;
    // A binding to a program the operator did not list (or no longer lists) prints nothing: say so.
    const programProblem = printer.settings.APP_TO_APP ? appCommandProblem(db, printer.appCommand) : null;
    if (!printer.bound) state = 'unbound';
    else if (programProblem) {
      state = 'failed';
      lastError = programProblem;
    } else if (probe?.paper === 'out' && state !== 'failed') state = 'out-of-paper';
    else if (probe && !probe.reachable && (state === 'ready' || state === 'printing')) {
      state = 'offline';
      lastError = `printer at ${printer.address} ${probe.error ?? 'could not be reached'}`;
    }
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
      paper: probe?.paper ?? null,
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
    const command = trimmed
      .slice(4)
      .trim()
      .split(/\s+/)
      .filter((part) => part !== '');
    if (command.length === 0) throw new TillError('invalid_input', 'app: needs a program, e.g. app:/usr/bin/lp -d receipts');
    return { address: null, appCommand: command };
  }
  if (trimmed === '') throw new TillError('invalid_input', 'the binding is empty: give tcp://HOST:PORT, a device such as /dev/usb/lp0, or app:PROGRAM');
  return { address: trimmed, appCommand: null };
}

/** Asks every bound network printer at once how it is (DLE EOT), each within `timeoutMs`. */
export async function probeBranchPrinters(db: TillDatabase, policy: PrinterAddressPolicy, timeoutMs?: number): Promise<Map<string, PrinterStatusAnswer>> {
  const printers = readTillPrinters(db).filter((p) => p.bound);
  const answers = await Promise.all(printers.map(async (p) => [p.id, await probePrinter(p, policy, timeoutMs)] as const));
  return new Map(answers.filter((entry): entry is readonly [string, PrinterStatusAnswer] => entry[1] !== null));
}
