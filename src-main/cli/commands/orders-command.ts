import { formatMinor } from '../../../src-shared/money/index.ts';
import { openDatabase } from '../../db/index.ts';
import { allOrders, describeSetAsideOrders, outboxCounts, setAsideOrderStatus } from '../../orders/index.ts';
import { parseCommandArgs, requireOption, type CliIo } from '../cli-io.ts';

/** `pos orders --db FILE [--json]`: every local order with its upload state. */
export async function ordersCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs('orders', argv, { db: { type: 'string' }, json: { type: 'boolean', default: false } });
  const db = openDatabase(requireOption('orders', 'db', values.db), { readOnly: true });
  try {
    const orders = allOrders(db).map((row) => ({
      uuid: row.uuid,
      number: row.number,
      kind: row.kind,
      total: formatMinor(row.total),
      status: row.status,
      created_at: row.created_at,
      upload_state: row.upload_state,
      upload_error: row.upload_error,
      rejection: row.rejection,
    }));
    if (values.json) io.out(JSON.stringify(orders));
    else
      for (const o of orders)
        io.out(
          `${o.number}  ${o.kind.padEnd(6)} ${o.status.padEnd(8)} ${o.total.padStart(10)}  ${o.upload_state}${o.upload_error ? ` (${o.upload_error})` : ''}  ${o.uuid}`,
        );
    return 0;
  } finally {
    db.close();
  }
}

/** `pos outbox --db FILE [--json]`: how many orders wait, went up, or were rejected. */
export async function outboxCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs('outbox', argv, { db: { type: 'string' }, json: { type: 'boolean', default: false } });
  const dbFile = requireOption('outbox', 'db', values.db);
  const db = openDatabase(dbFile, { readOnly: true });
  try {
    const counts = outboxCounts(db);
    // An old copy of this file a rejoin set aside may hold orders it sold alone, uploaded from there (docs/standby.md).
    const setAside = setAsideOrderStatus(dbFile, db);
    if (values.json) io.out(JSON.stringify(setAside.length === 0 ? counts : { ...counts, set_aside: setAside }));
    else io.out([`pending ${counts.pending}, synced ${counts.synced}, rejected ${counts.rejected}`, ...describeSetAsideOrders(setAside)].join('\n'));
    return 0;
  } finally {
    db.close();
  }
}
