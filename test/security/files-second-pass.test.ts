import { mkdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { emulatedService, type EmulatedService } from '../support/emulated-service.ts';
import { startWebHost, type WebHost } from '../support/till-web-host.ts';
import { openPrintingShop, type PrintingShop } from '../integration/printing/printing-shop.ts';

// Findings (low, issue 18): `pos serve` followed symlinks out of its UI
// folder; receipt PDFs were written 0644.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('pos serve keeps to its UI folder', () => {
  it('refuses a symlink out of the folder (the real path is checked), and still serves files inside it', async () => {
    const service: EmulatedService = await emulatedService({ seed: 7 });
    const web: WebHost = await startWebHost(service);
    cleanups.push(async () => {
      await web.close();
      await service.close();
    });
    const secret = service.dir.file('secret.txt');
    writeFileSync(secret, 'TOP-SECRET');
    const ui = service.dir.file('renderer');
    mkdirSync(`${ui}/assets`, { recursive: true });
    writeFileSync(`${ui}/assets/app.js`, 'console.log("till")');
    symlinkSync(secret, `${ui}/leak.txt`);
    symlinkSync(dirname(secret), `${ui}/assets/outside`);
    const cookie = await web.managerCookie();
    const get = async (path: string) => (await fetch(`http://${web.base}${path}`, { headers: { cookie } })).text();
    expect(await get('/leak.txt')).not.toContain('TOP-SECRET');
    expect(await get('/assets/outside/secret.txt')).not.toContain('TOP-SECRET');
    expect(await get('/assets/app.js')).toContain('console.log');
  });
});

describe('receipts written to disk', () => {
  it('are 0600 in a 0700 folder', async () => {
    const shop: PrintingShop = await openPrintingShop({ bind: ['Cashier'], flags: { Cashier: ['PRINT_AUTO', 'PDF', 'PRODUCT_SHOW'] } });
    cleanups.push(() => shop.close());
    const order = await shop.sell({ items: [{ categoryId: 1 }] });
    await shop.settle();
    const file = shop.outcomes.find((o) => o.job.order_uuid === order.uuid)?.pdf;
    expect(file).toBeTruthy();
    expect(statSync(file!).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(file!)).mode & 0o777).toBe(0o700);
  });
});
