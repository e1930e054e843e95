// How this till reaches each printer. The spec's printer object has no
// address, so the binding is local (table printer_bindings, migration 0003);
// an `address` the service might send is only a suggestion, used once
// someone binds it here (printer-address-policy.ts says why). APP_TO_APP
// printers are reached through a local command instead of the network, USB
// printers through their device file.

import type { Selectable } from 'kysely';
import { all, q, run, type TillDatabase, type TillSchema } from '../../db/index.ts';
import type { PaperWidth } from '../layout/paper.ts';
import { checkPrinterDevicePath, isPrinterDevicePath } from '../transport/send-to-device.ts';
import { checkAppCommand } from '../transport/send-to-command.ts';
import { appPrograms } from './app-programs.ts';
import { checkPrinterAddress, effectiveAddressPolicy, STRICT_POLICY, type PrinterAddressPolicy } from './printer-address-policy.ts';
import { TillError } from '../../../src-shared/errors/index.ts';

export interface PrinterBinding {
  printerId: string;
  /** `tcp://host:port` or a USB device file (`/dev/usb/lp0`); null when not bound to one. */
  address: string | null;
  /** The program (and its arguments) that takes the ESC/POS bytes on stdin, for APP_TO_APP. */
  appCommand: string[] | null;
  paperWidth: PaperWidth;
}

export interface BindingInput {
  address?: string | null;
  appCommand?: string[] | null;
  paperWidth?: PaperWidth;
}

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

type BindingRow = Pick<Selectable<TillSchema['printer_bindings']>, 'printer_id' | 'address' | 'app_command' | 'paper_width'>;

function fromRow(row: BindingRow): PrinterBinding {
  return {
    printerId: row.printer_id,
    address: row.address,
    appCommand: row.app_command === null ? null : (JSON.parse(row.app_command) as string[]),
    paperWidth: row.paper_width === 58 ? 58 : 80,
  };
}

export function readPrinterBindings(db: TillDatabase): Map<string, PrinterBinding> {
  const rows = all(db, q.selectFrom('printer_bindings').select(['printer_id', 'address', 'app_command', 'paper_width']));
  return new Map(rows.map((row) => [row.printer_id, fromRow(row)]));
}

/**
 * Binds (or rebinds) a printer on this till; fields left out keep their
 * current value. Checks the address (against `policy` plus the setting
 * printing.allowed_ports) and the command (its program must be one the
 * operator listed in printing.app_programs) now, so a mistake is an error
 * for the person setting up, not a failed receipt at the next sale.
 */
export function bindPrinter(
  db: TillDatabase,
  printerId: string,
  input: BindingInput,
  policy: PrinterAddressPolicy = STRICT_POLICY,
  now: number = Date.now(),
): PrinterBinding {
  if (input.address) checkBindingAddress(input.address, effectiveAddressPolicy(db, policy));
  if (input.appCommand && (input.appCommand.length === 0 || input.appCommand.some((part) => typeof part !== 'string' || part === ''))) {
    throw new TillError('invalid_input', `the APP_TO_APP command of printer ${printerId} must be a program and its arguments, none empty`);
  }
  if (input.appCommand?.some((part) => CONTROL.test(part))) {
    throw new TillError('invalid_input', `the APP_TO_APP command of printer ${printerId} has a control character in it`);
  }
  // Only a program the operator listed (printing.app_programs); checked again at every print.
  if (input.appCommand) checkAppCommand(input.appCommand, appPrograms(db));
  if (input.paperWidth !== undefined && input.paperWidth !== 58 && input.paperWidth !== 80) {
    throw new TillError('invalid_input', `paper width ${String(input.paperWidth)} mm is not supported: use 58 or 80`);
  }
  const current = readPrinterBindings(db).get(printerId);
  const next: PrinterBinding = {
    printerId,
    address: input.address !== undefined ? input.address : (current?.address ?? null),
    appCommand: input.appCommand !== undefined ? input.appCommand : (current?.appCommand ?? null),
    paperWidth: input.paperWidth ?? current?.paperWidth ?? 80,
  };
  run(
    db,
    q
      .insertInto('printer_bindings')
      .values({
        printer_id: printerId,
        address: next.address,
        app_command: next.appCommand === null ? null : JSON.stringify(next.appCommand),
        paper_width: next.paperWidth,
        updated_at: now,
      })
      .onConflict((conflict) =>
        conflict.column('printer_id').doUpdateSet((eb) => ({
          address: eb.ref('excluded.address'),
          app_command: eb.ref('excluded.app_command'),
          paper_width: eb.ref('excluded.paper_width'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      ),
  );
  return next;
}

/** A TCP address allowed by the policy, or a printer device file; throws a PrinterSendError naming it otherwise. */
export function checkBindingAddress(address: string, policy: PrinterAddressPolicy): void {
  if (isPrinterDevicePath(address)) checkPrinterDevicePath(address);
  else checkPrinterAddress(address, policy);
}

/** Stops using a printer on this till (an address the service suggests is not used until bound again). */
export function unbindPrinter(db: TillDatabase, printerId: string): void {
  run(db, q.deleteFrom('printer_bindings').where('printer_id', '=', printerId));
}
