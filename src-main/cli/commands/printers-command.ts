import { existsSync } from 'node:fs';
import { openDatabase } from '../../db/index.ts';
import { BranchSetup, parseBindingText } from '../../branch/index.ts';
import { readTillPrinter } from '../../printing/index.ts';
import { TillError } from '../../../src-shared/errors/index.ts';
import type { BranchPrinterView } from '../../../src-shared/branch/index.ts';
import { parseCommandArgs, requireOption, UsageError, type CliIo } from '../cli-io.ts';
import { PRINTER_POLICY_OPTIONS, PRINTER_POLICY_USAGE, printerPolicyFromArgs } from '../printer-policy-args.ts';

export const PRINTERS_USAGE = [
  `pos printers --db FILE [--json] ${PRINTER_POLICY_USAGE}`,
  `  pos printers --db FILE bind PRINTER_ID tcp://HOST:PORT|/dev/usb/lpN|app:PROGRAM [--width 58|80] ${PRINTER_POLICY_USAGE}`,
  '  pos printers --db FILE unbind PRINTER_ID',
  `  pos printers --db FILE test PRINTER_ID ${PRINTER_POLICY_USAGE}`,
].join('\n');

function describeBinding(p: BranchPrinterView): string {
  if (p.app_command) return `app:${p.app_command.join(' ')}`;
  return p.address ?? (p.suggested_address ? `not bound (service suggests ${p.suggested_address})` : 'not bound');
}

function humanLine(p: BranchPrinterView): string {
  const paper = p.paper === 'near-end' ? ' (paper low)' : '';
  const status = (p.last_error ? `${p.state}: ${p.last_error}` : p.state) + paper;
  const routing = p.kind === 'kitchen' ? ` categories ${p.category_ids.join(',')}${p.routing === 'local' ? ' (local)' : ''}` : '';
  return `${p.id}  ${p.name}  [${p.flags.join(',') || 'no flags'}]  ${describeBinding(p)}  ${p.paper_width}mm  ${p.kind}${routing}  ${status}`;
}

/**
 * `pos printers`: the branch's printers with their flags, this till's
 * binding and status; `bind`, `unbind` and `test` set one up. Bad input is
 * one line and exit 1 (2 for a usage mistake), and nothing is changed.
 */
export async function printersCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    'printers',
    argv,
    { db: { type: 'string' }, json: { type: 'boolean', default: false }, width: { type: 'string' }, ...PRINTER_POLICY_OPTIONS },
    true,
  );
  const dbFile = requireOption('printers', 'db', values.db);
  const [action, printerId, target, ...extra] = positionals;
  if (values.width !== undefined && values.width !== '58' && values.width !== '80') {
    throw new UsageError(`pos printers: --width must be 58 or 80 (mm), got "${values.width}"`);
  }
  const policy = printerPolicyFromArgs('printers', values);
  if (action === undefined) {
    const db = openDatabase(dbFile, { readOnly: true });
    try {
      // Each bound network printer is asked how it is (DLE EOT), as the Branch screen does.
      const { printers } = await new BranchSetup({ db, policy }).branchSetup();
      if (values.json) io.out(JSON.stringify(printers));
      else if (printers.length === 0) io.out('No printers: this till has no catalog yet, or the service sends none. Sync first.');
      else for (const p of printers) io.out(humanLine(p));
      return 0;
    } finally {
      db.close();
    }
  }
  if (!['bind', 'unbind', 'test'].includes(action)) throw new UsageError(`pos printers: unknown action "${action}"; use bind, unbind or test`);
  if (printerId === undefined) throw new UsageError(`pos printers ${action}: give the PRINTER_ID (list them with "pos printers --db ${dbFile}")`);
  if (action === 'bind' ? target === undefined || extra.length > 0 : target !== undefined) {
    throw new UsageError(
      action === 'bind'
        ? 'pos printers bind: give PRINTER_ID and one ADDRESS (quote an app: command with spaces)'
        : `pos printers ${action}: takes only the PRINTER_ID`,
    );
  }

  if (!existsSync(dbFile)) {
    io.err(`pos printers: no database at ${dbFile}; run "pos sync --db ${dbFile} ..." first`);
    return 1;
  }
  const db = openDatabase(dbFile);
  // The same checks and messages as the Branch screen: one code path sets up a printer.
  const branch = new BranchSetup({ db, policy });
  try {
    const printer = readTillPrinter(db, printerId);
    if (!printer) {
      io.err(`pos printers: there is no printer ${printerId} in ${dbFile}; list them with "pos printers --db ${dbFile}"`);
      return 1;
    }
    if (action === 'unbind') {
      await branch.unbindPrinter({ printer_id: printerId });
      io.err(`Printer "${printer.name}" is no longer bound on this till.`);
      return 0;
    }
    if (action === 'bind') {
      const parsed = parseBindingText(target!);
      const view = await branch.bindPrinter({
        printer_id: printerId,
        address: parsed.address,
        app_command: parsed.appCommand,
        ...(values.width ? { paper_width: Number(values.width) as 58 | 80 } : {}),
      });
      const bound = view.printers.find((p) => p.id === printerId)!;
      io.err(
        `Printer "${printer.name}" bound to ${describeBinding(bound)} (${bound.paper_width} mm). Try it with "pos printers --db ${dbFile} test ${printerId}".`,
      );
      return 0;
    }
    const { bytes } = await branch.testPrint({ printer_id: printerId });
    io.err(`Test page printed on "${printer.name}" (${bytes} bytes).`);
    return 0;
  } catch (error) {
    if (error instanceof TillError) {
      io.err(`pos printers ${action}: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    db.close();
  }
}
