// A demo till signed in to its demo service finds that service again after a
// restart: the service comes back on its old address, or, when that port is
// taken now, on a new one that the till's session is moved to. Before, every
// restart gave the service a new port and the till's sales stayed pending.

import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startDemoServices, type DemoServices } from '../../../src-main/cli/demo-services.ts';
import { openDatabase, type TillDatabase } from '../../../src-main/db/index.ts';
import { getSetting, setSetting } from '../../../src-main/settings/index.ts';
import { tempDir } from '../../support/temp-dir.ts';

const dir = tempDir('till-demo-restart-');
let db: TillDatabase | null = null;
let running: DemoServices | null = null;
let squatter: Server | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
  await new Promise<void>((closed) => (squatter ? squatter.close(() => closed()) : closed()));
  squatter = null;
  db?.close();
  db = null;
});

async function answers(baseUrl: string, token: string): Promise<number> {
  const response = await fetch(`${baseUrl}/me`, { headers: { Authorization: `Bearer ${token}` } });
  return response.status;
}

describe('the demo service across restarts', () => {
  it('comes back on its old address, or moves the till to its new one when that port is taken', { timeout: 120_000 }, async () => {
    db = openDatabase(dir.file('demo.db'));
    running = await startDemoServices(db, { dataDir: dir.path, products: 10 });
    const first = running.credentials;
    // The till signs in to the demo service (the first-run screen does this with /demo.json).
    setSetting(db, 'session', { base_url: first.base_url, api_version: '2.3.0' });
    await running.close();

    running = await startDemoServices(db, { dataDir: dir.path, products: 10 });
    expect(running.credentials).toEqual(first);
    expect(getSetting(db, 'session')?.base_url).toBe(first.base_url);
    expect(await answers(first.base_url, first.token)).toBe(200);
    await running.close();
    running = null;

    // Something else took the port while the till was stopped.
    const port = Number(new URL(first.base_url).port);
    squatter = createServer();
    await new Promise<void>((listening) => squatter!.listen(port, '127.0.0.1', () => listening()));
    running = await startDemoServices(db, { dataDir: dir.path, products: 10 });
    const moved = running.credentials;
    expect(moved.base_url).not.toBe(first.base_url);
    expect(moved.token).toBe(first.token);
    expect(getSetting(db, 'session')?.base_url).toBe(moved.base_url);
    expect(await answers(moved.base_url, moved.token)).toBe(200);
  });

  it('says what the demo service holds, and that it is down during an outage drill', { timeout: 120_000 }, async () => {
    db = openDatabase(dir.file('received.db'));
    running = await startDemoServices(db, { dataDir: dir.path, products: 10 });
    expect(running.received()).toEqual({ running: true, order_requests: 0, orders: [], settlements: 0, attendances: 0 });
    await running.stopService();
    expect(running.received().running).toBe(false);
    await running.startService();
    expect(running.received().running).toBe(true);
  });
});
