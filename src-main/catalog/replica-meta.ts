import type { Me } from '../../src-shared/catalog/index.ts';
import { all, q, run, type TillDatabase } from '../db/index.ts';

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

export function readReplicaMeta(db: TillDatabase): ReplicaMeta {
  const rows = all(db, q.selectFrom('replica_meta').select(['key', 'value']));
  const byKey = new Map(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]));
  return { me: (byKey.get('me') as Me | undefined) ?? null, lastPull: (byKey.get('last_pull') as LastPull | undefined) ?? null };
}
