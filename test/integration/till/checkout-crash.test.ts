import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrng } from '../../../src-shared/random/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { simulateUntilKilled } from '../../support/simulate-until-killed.ts';

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

describe('checkout survives being killed at any moment', () => {
  // The timeout only catches a hang: 20 `pos` children start one after another, which on a loaded CI machine takes minutes.
  it('keeps every order it announced, whole, through 20 SIGKILLs', { timeout: 1_200_000 }, async () => {
    const random = createPrng(2026);
    const announced: string[] = [];
    for (let round = 0; round < 20; round++) {
      announced.push(...(await simulateUntilKilled(dbFile, { killAfterMs: random.int(5, 400), seed: round + 1, armWithinMs: 15_000 })));
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
