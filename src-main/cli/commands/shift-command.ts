import { formatMinor as formatMinorIn, parseDecimal } from '../../../src-shared/money/index.ts';
import { currencyDecimals } from '../../catalog/index.ts';
import { dayReportJson, shiftReportJson, type DayReport, type ShiftReport } from '../../../src-shared/shifts/index.ts';
import { TillError } from '../../../src-shared/errors/index.ts';
import { openDatabase, type TillDatabase } from '../../db/index.ts';
import { findCashierByName, publicCashier } from '../../staff/index.ts';
import { openShiftRow } from '../../shifts/index.ts';
import { TillService } from '../../host/index.ts';
import { parseCommandArgs, requireOption, UsageError, type CliIo } from '../cli-io.ts';

function amount(text: string | undefined, name: string, decimals: number): number {
  const value = requireOption('shift', name, text);
  try {
    const minor = parseDecimal(value, `--${name}`, decimals);
    if (minor >= 0) return minor;
  } catch (error) {
    throw new UsageError(`pos shift: ${(error as Error).message}`);
  }
  throw new UsageError(`pos shift: --${name}: "${value}" must not be negative`);
}

/** Acts as a named cashier, or as the open shift's cashier: the CLI is for support, who hold the database file. */
function actAs(db: TillDatabase, till: TillService, name: string | undefined): void {
  const cashier = name ? findCashierByName(db, name) : null;
  if (name && !cashier)
    throw new TillError('not_found', `this till has no cashier named "${name}"; add one with "pos cashiers --db FILE add NAME --role cashier --pin PIN"`);
  if (cashier && !cashier.active) throw new TillError('not_found', `cashier "${name}" is disabled`);
  if (cashier) return till.staff.signInAs(publicCashier(cashier));
  const shift = openShiftRow(db, till.station().code);
  if (shift) till.staff.signInAs({ id: shift.cashier_id, name: shift.cashier, role: 'cashier', active: true });
}

/** `pos shift`: open, cash in and out, X, Z and the business day, for support and tests. */
export async function shiftCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    'shift',
    argv,
    {
      db: { type: 'string' },
      cashier: { type: 'string' },
      float: { type: 'string' },
      reason: { type: 'string' },
      counted: { type: 'string' },
      date: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
    true,
  );
  const [action, ...rest] = positionals;
  const db = openDatabase(requireOption('shift', 'db', values.db));
  try {
    const till = new TillService({ db });
    // The currency's places (3 for KWD), in what is typed and what is shown.
    const decimals = currencyDecimals(db);
    const formatMinor = (minor: number) => formatMinorIn(minor, decimals);
    const print = (report: ShiftReport | DayReport) => {
      if (values.json) io.out(JSON.stringify(report.kind === 'DAY' ? dayReportJson(report, decimals) : shiftReportJson(report, decimals)));
      else io.out(describeReport(report, decimals));
    };
    switch (action) {
      case 'open': {
        const name = requireOption('shift', 'cashier', values.cashier);
        actAs(db, till, name);
        const shift = await till.openShift({ float: amount(values.float, 'float', decimals) });
        io.out(
          values.json
            ? JSON.stringify({
                shift_id: shift.id,
                cashier: shift.cashier,
                opened_at: new Date(shift.opened_at).toISOString(),
                float: formatMinor(shift.float),
              })
            : `shift ${shift.id} opened by ${shift.cashier} with a float of ${formatMinor(shift.float)}`,
        );
        return 0;
      }
      case 'cash-in':
      case 'cash-out': {
        if (rest.length !== 1) throw new UsageError(`pos shift: ${action} takes one AMOUNT`);
        actAs(db, till, values.cashier);
        const report = await till.cashMovement({
          kind: action === 'cash-in' ? 'IN' : 'OUT',
          amount: amount(rest[0], 'amount', decimals),
          reason: requireOption('shift', 'reason', values.reason),
        });
        io.out(
          values.json
            ? JSON.stringify({ cash_expected: formatMinor(report.cash_expected) })
            : `${action} recorded; the drawer should now hold ${formatMinor(report.cash_expected)}`,
        );
        return 0;
      }
      case 'report':
        print(await till.shiftReport({}));
        return 0;
      case 'close': {
        actAs(db, till, values.cashier);
        const z = await till.closeShift({ counted: amount(values.counted, 'counted', decimals) });
        if (!values.json && z.pending_uploads > 0)
          io.err(`note: ${z.pending_uploads} order(s) are still waiting to upload; they will go when the service is reachable`);
        print(z);
        return 0;
      }
      case 'day':
        print(await till.dayReport(values.date ? { business_day: values.date } : {}));
        return 0;
      default:
        throw new UsageError(`pos shift: say what to do: open, cash-in, cash-out, report, close or day${action ? ` (not "${action}")` : ''}`);
    }
  } finally {
    db.close();
  }
}

/** The report as a person reads it in a terminal. */
export function describeReport(r: ShiftReport | DayReport, decimals = 2): string {
  const m = (minor: number) => formatMinorIn(minor, decimals);
  const title = r.kind === 'DAY' ? `Business day ${r.business_day}` : `${r.kind} report, shift ${r.shift_id} (${r.cashier}), ${r.business_day}`;
  const lines = [
    title,
    `  orders ${r.orders}, refunds ${r.refund_count}`,
    `  gross ${m(r.gross)}  discounts ${m(r.discounts)}  refunds ${m(r.refunds)}  net ${m(r.net)}  VAT ${m(r.vat)}`,
    `  by payment method: ${r.by_payment_method.map((x) => `${x.key} ${m(x.amount)}`).join(', ') || '-'}`,
    `  by category: ${r.by_category.map((x) => `${x.name_en} ${m(x.amount)}`).join(', ') || '-'}`,
    `  by cashier: ${r.by_cashier.map((x) => `${x.key} ${m(x.amount)}`).join(', ') || '-'}`,
    `  float ${m(r.float)}  cash in ${m(r.cash_in)}  cash out ${m(r.cash_out)}  expected ${m(r.cash_expected)}`,
    `  counted ${r.cash_counted === null ? '-' : m(r.cash_counted)}  over/short ${r.over_short === null ? '-' : m(r.over_short)}`,
  ];
  if (r.pending_uploads > 0) lines.push(`  ${r.pending_uploads} order(s) waiting to upload`);
  return lines.join('\n');
}
