import type { TillDatabase } from '../db/index.ts';

/** The message SQLite raises for a write on a fenced connection: replicated-api.ts turns it into the screen's refusal. */
export const FENCE_MESSAGE = 'till.fenced';

const PREFIX = 'standby_fence_';
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Makes this connection refuse every write to the till's tables, at the
 * database itself (so no code path of the till, however it writes, gets a
 * sale in): TEMP triggers, which only this connection has. The standby's
 * own connection (applying the hub's changes) and other processes are not
 * fenced. Used on a standby before it takes over and on a hub that found a
 * newer one (docs/standby.md).
 */
export function installFence(db: TillDatabase): void {
  liftFence(db);
  const tables = db.prepare('PRAGMA main.table_list').all() as { name: string; type: string }[];
  const virtual = tables.filter((t) => t.type === 'virtual').map((t) => t.name);
  for (const { name, type } of tables) {
    if (type !== 'table' || name.startsWith('sqlite_') || name.startsWith('standby_') || virtual.some((v) => name.startsWith(`${v}_`))) continue;
    for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
      db.exec(`CREATE TEMP TRIGGER ${quote(`${PREFIX}${name}_${op}`)} BEFORE ${op} ON main.${quote(name)} BEGIN SELECT RAISE(ABORT, '${FENCE_MESSAGE}'); END;`);
    }
  }
}

export function liftFence(db: TillDatabase): void {
  const names = db.prepare("SELECT name FROM temp.sqlite_master WHERE type = 'trigger' AND name LIKE 'standby\\_fence\\_%' ESCAPE '\\'").all() as {
    name: string;
  }[];
  for (const { name } of names) db.exec(`DROP TRIGGER IF EXISTS temp.${quote(name)}`);
}

/** Whether an error (or one it wraps) is the fence's refusal. */
export function isFenceRefusal(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof Error && e.message.includes(FENCE_MESSAGE)) return true;
  }
  return false;
}
