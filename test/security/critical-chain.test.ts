import { existsSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TillApi } from '../../src-shared/api/index.ts';
import { printerSettings } from '../../src-shared/catalog/index.ts';
import { readAudit } from '../../src-main/host/index.ts';
import { listCashiers } from '../../src-main/staff/index.ts';
import { readPrintJobs } from '../../src-main/printing/queue/print-job-store.ts';
import { emulatedService, type EmulatedService } from '../support/emulated-service.ts';
import { pairDevice, startWebHost, type WebHost } from '../support/till-web-host.ts';
import { refusal } from '../support/refusal.ts';

// The critical chain of issue 18, over the real host (HTTP, pairing, the
// WebSocket till API): a paired tablet, on a till with no manager yet and an
// APP_TO_APP printer in the catalog, made itself manager, bound
// `/bin/sh -c id > FILE` and ran it with a test print. Every step is refused
// now, and nothing runs.

let service: EmulatedService;
let web: WebHost;
let marker: string;

beforeEach(async () => {
  service = await emulatedService({ seed: 18 });
  // The service marks its receipt printer APP_TO_APP and "suggests" a command for it.
  const cashierPrinter = service.emulator.tenant.printers.find((p) => p.name === 'Cashier')!;
  cashierPrinter.settings = printerSettings(['APP_TO_APP', 'PRINT_AUTO']);
  marker = service.dir.file('pwned');
  (cashierPrinter as { address?: string }).address = `app:/bin/sh -c id > ${marker}`;
  web = await startWebHost(service, { pairing: true });
});
afterEach(async () => {
  await web.close();
  await service.close();
});

describe('the critical chain: pair, become manager, bind a shell, test-print', () => {
  it('refuses every step from a paired device, and nothing runs', async () => {
    const manager: TillApi = (await web.connect({ origin: web.origin, cookie: await web.managerCookie() })).api;
    await manager.signIn({ base_url: service.emulator.baseUrl, token: service.emulator.token });
    const printer = (await manager.branchSetup()).printers.find((p) => p.name === 'Cashier')!;
    expect(printer.flags).toContain('APP_TO_APP');
    // The planted command is not even offered as a suggestion.
    expect(printer.suggested_address).toBeNull();

    // 1. Pair (the till has no manager yet: the host's own screen makes no code, so the test issues one directly).
    const device: TillApi = (await web.connect({ origin: web.origin, cookie: await pairDevice(web) })).api;
    expect((await device.staffState()).needs_first_manager).toBe(true);

    // 2. Try to become manager.
    expect((await refusal(device.addCashier({ name: 'Mallory', role: 'manager', pin: '1111' })))?.code).toBe('not_allowed');
    expect(listCashiers(web.db)).toEqual([]);

    // 3. Try to bind a shell (also with a PIN it guessed nothing for).
    const shell = ['/bin/sh', '-c', `id > ${marker}`];
    expect((await refusal(device.bindPrinter({ printer_id: printer.id, app_command: shell })))?.code).toBe('not_allowed');

    // 4. Try to test-print.
    expect((await refusal(device.testPrint({ printer_id: printer.id })))?.code).toBe('not_allowed');

    // The host's own screen cannot bind a shell either: it is not a program the operator listed.
    const byManager = await refusal(manager.bindPrinter({ printer_id: printer.id, app_command: shell }));
    expect(byManager?.code).toBe('invalid_input');
    expect(byManager?.message).toMatch(/pos settings set printing\.app_programs/);

    // A sale on the device prints through that printer: its job fails, it does not run anything.
    const [product] = await device.search({ query: 'a', limit: 1 });
    const cart = await device.addItem({ product_id: product!.id, quantity: 1 });
    const order = await device.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] });
    expect(order.status).toBe('PAID');
    // Wait for the receipt job's outcome (no bound on time: the machine may be slow).
    const receiptJob = () => readPrintJobs(web.db, order.uuid).find((job) => job.printer_id === printer.id);
    while (receiptJob() && receiptJob()!.state === 'pending') await new Promise((resolve) => setTimeout(resolve, 20));
    expect(receiptJob()?.state ?? 'no job: the printer is not bound').not.toBe('done');

    expect(existsSync(marker)).toBe(false);
    const refused = readAudit(web.db).filter((row) => row.outcome === 'refused' && /^paired device /.test(row.who));
    expect(refused.map((row) => row.method).sort()).toEqual(['addCashier', 'bindPrinter', 'testPrint']);
  });
});
