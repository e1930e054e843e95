import type { Me } from '../../src-shared/catalog/index.ts';
import { statement, type TillDatabase } from '../db/index.ts';

export interface LastPull {
  at: number;
  api_version: string;
  base_url: string;
  counts: Record<string, number>;
}

export interface ReplicaMeta {
  me: Me | null;
  lastPull: LastPull | null;
}

export function writeReplicaMeta(db: TillDatabase, meta: ReplicaMeta): void {
  const put = statement(db, 'INSERT INTO replica_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  put.run('me', JSON.stringify(meta.me));
  put.run('last_pull', JSON.stringify(meta.lastPull));
}

export function readReplicaMeta(db: TillDatabase): ReplicaMeta {
  const rows = statement(db, 'SELECT key, value FROM replica_meta').all() as { key: string; value: string }[];
  const byKey = new Map(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]));
  return { me: (byKey.get('me') as Me | undefined) ?? null, lastPull: (byKey.get('last_pull') as LastPull | undefined) ?? null };
}
