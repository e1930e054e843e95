import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrng } from '../../../src-shared/random/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { spawnPos } from '../../support/run-pos.ts';

let service: EmulatedService;
let dbFile: string;
beforeAll(async () => {
  service = await emulatedService({ seed: 3 });
  const db = service.open('crash.db');
  await service.pull(db);
  db.close();
  dbFile = service.dir.file('crash.db');
});
afterAll(async () => {
  await service.close();
});

/** Runs `pos simulate` until it is killed with SIGKILL after `killAfterMs`; returns the uuids it printed. */
function simulateUntilKilled(killAfterMs: number, seed: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawnPos(['simulate', '--db', dbFile, '--orders', '100000', '--seed', String(seed), '--json']);
    const printed: string[] = [];
    let buffer = '';
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) printed.push((JSON.parse(line) as { uuid: string }).uuid);
    });
    // The clock starts at the first order, so every kill lands among checkouts, not during start-up.
    let timer: NodeJS.Timeout | undefined;
    const arm = () => (timer ??= setTimeout(() => child.kill('SIGKILL'), killAfterMs));
    child.stdout!.once('data', arm);
    const safety = setTimeout(arm, 15_000);
    child.once('exit', (code, signal) => {
      clearTimeout(safety);
      if (timer) clearTimeout(timer);
      if (signal !== 'SIGKILL') reject(new Error(`pos simulate ended with ${code ?? signal} before it was killed: ${stderr}`));
      else resolve(printed);
    });
  });
}

describe('checkout survives being killed at any moment', () => {
  it('keeps every order it announced, whole, through 20 SIGKILLs', { timeout: 240_000 }, async () => {
    const random = createPrng(2026);
    const announced: string[] = [];
    for (let round = 0; round < 20; round++) {
      announced.push(...(await simulateUntilKilled(random.int(5, 400), round + 1)));
    }
    expect(announced.length).toBeGreaterThan(20);

    const db = new Database(dbFile, { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const stored = new Set((db.prepare('SELECT uuid FROM orders').all() as { uuid: string }[]).map((r) => r.uuid));
      const missing = announced.filter((uuid) => !stored.has(uuid));
      expect(missing).toEqual([]);
      // No half-written order: each has lines, payments adding up to its total, and an outbox entry.
      const broken = db
        .prepare(
          `SELECT o.uuid FROM orders o
           WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_uuid = o.uuid)
              OR NOT EXISTS (SELECT 1 FROM outbox x WHERE x.order_uuid = o.uuid)
              OR o.total <> (SELECT coalesce(sum(amount), 0) FROM order_payments p WHERE p.order_uuid = o.uuid)
              OR o.total <> (SELECT sum(total) FROM order_lines l WHERE l.order_uuid = o.uuid)`,
        )
        .all();
      expect(broken).toEqual([]);
      expect((db.prepare('SELECT count(*) AS n FROM outbox').get() as { n: number }).n).toBe(stored.size);
      // Numbers stay unique per business day across restarts.
      const duplicates = db.prepare('SELECT business_day, number, count(*) AS n FROM orders GROUP BY 1, 2 HAVING n > 1').all();
      expect(duplicates).toEqual([]);
    } finally {
      db.close();
    }
  });
});
