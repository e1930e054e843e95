import type { Me } from '../../src-shared/catalog/index.ts';
import { prepared, q, run, tableVersion, type TillDatabase } from '../db/index.ts';

export interface LastPull {
  at: number;
  api_version: string;
  base_url: string;
  counts: Record<string, number>;
  /** Decimal places the prices were read at (absent: a pull before issue 19, two). */
  currency_decimals?: number;
  /**
   * Where the branch's tables come from (issue 21): 'service' when the
   * Tables list answered with at least one table, 'local' when it answered
   * 404, 403 or nothing (a manager defines them on the till). Absent: a
   * pull before issue 21, local.
   */
  tables?: 'service' | 'local';
}

export interface ReplicaMeta {
  me: Me | null;
  lastPull: LastPull | null;
}

export function writeReplicaMeta(db: TillDatabase, meta: ReplicaMeta): void {
  const put = (key: string, value: unknown) =>
    run(
      db,
      q
        .insertInto('replica_meta')
        .values({ key, value: JSON.stringify(value) })
        .onConflict((conflict) => conflict.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') }))),
    );
  put('me', meta.me);
  put('last_pull', meta.lastPull);
}

// Read several times a sale (the branch profile, the currency's places): compiled once, read again only when the
// table may have changed (db/table-version.ts: a pull here or a commit elsewhere), parsed again only when its text did.
const META = prepared()(q.selectFrom('replica_meta').select(['key', 'value']));
const parsed = new WeakMap<TillDatabase, { version: number | null; me: string | undefined; lastPull: string | undefined; meta: ReplicaMeta }>();

export function readReplicaMeta(db: TillDatabase): ReplicaMeta {
  const version = tableVersion(db, 'replica_meta');
  const kept = parsed.get(db);
  if (version !== null && kept?.version === version) return kept.meta;
  const rows = META.all(db, {});
  const me = rows.find((row) => row.key === 'me')?.value;
  const lastPull = rows.find((row) => row.key === 'last_pull')?.value;
  if (kept && kept.me === me && kept.lastPull === lastPull) {
    kept.version = version;
    return kept.meta;
  }
  // Shared by every reader until the text changes: frozen, so none can change it for the others.
  const meta: ReplicaMeta = deepFreeze({
    me: me === undefined ? null : ((JSON.parse(me) as Me | null) ?? null),
    lastPull: lastPull === undefined ? null : ((JSON.parse(lastPull) as LastPull | null) ?? null),
  });
  parsed.set(db, { version, me, lastPull, meta });
  return meta;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
