// `pos serve --demo` serves a ZATCA stand-in for the ZATCA tab to onboard
// against. Each run's stand-in is new (a new address, a new CA), so a till
// onboarded in an earlier run would hold a certificate nobody can verify:
// the next run onboards it again, its chain kept. A till never onboarded is
// left for the manager (onboarding is part of what the demo shows).

import { afterEach, describe, expect, it } from 'vitest';
import { startDemoServices, type DemoServices } from '../../../src-main/cli/demo-services.ts';
import { onboardDemoTill } from '../../../src-main/cli/demo-zatca.ts';
import { openDatabase, type TillDatabase } from '../../../src-main/db/index.ts';
import { readEgs } from '../../../src-main/zatca/index.ts';
import { tempDir } from '../../support/temp-dir.ts';

const dir = tempDir('till-demo-zatca-');
let db: TillDatabase | null = null;
let running: DemoServices | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
  db?.close();
  db = null;
});

describe('the demo and ZATCA', () => {
  it('leaves a new till for the manager to onboard, and onboards again at the next run a till onboarded before', { timeout: 120_000 }, async () => {
    db = openDatabase(dir.file('demo.db'));
    running = await startDemoServices(db, { dataDir: dir.path, products: 10 });
    expect(readEgs(db)).toBeNull();
    expect(running.zatca.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
    // The manager onboards on the ZATCA tab (here the same call the tab's onboarding makes against this stand-in).
    const first = await onboardDemoTill(db, running.zatca, Date.now);
    expect(first.base_url).toBe(running.zatca.url);
    await running.close();

    running = await startDemoServices(db, { dataDir: dir.path, products: 10 });
    const again = readEgs(db)!;
    expect(running.zatca.url).not.toBe(first.base_url);
    expect(again.base_url).toBe(running.zatca.url);
    expect(again.certificate).not.toBe(first.certificate);
    // A renewal: the chain goes on from where it was.
    expect(again.next_icv).toBe(first.next_icv);
    expect(again.last_hash).toBe(first.last_hash);
  });
});
