import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { BranchSetup } from '../../src-main/branch/index.ts';
import { printersCommand } from '../../src-main/cli/commands/printers-command.ts';
import { settingsCommand } from '../../src-main/cli/commands/settings-command.ts';
import { readTillPrinters } from '../../src-main/printing/index.ts';
import { readPrintJobs } from '../../src-main/printing/queue/print-job-store.ts';
import { getSetting, setSetting, SettingError } from '../../src-main/settings/index.ts';
import { installAppProgram } from '../support/app-program.ts';
import { openPrintingShop, type PrintingShop } from '../integration/printing/printing-shop.ts';
import { refusal } from '../support/refusal.ts';
import { capturedIo } from '../support/captured-io.ts';

// Finding (high, issue 18): a printer binding was any program with any
// arguments, so any manager session (or a paired device made manager) could
// run programs on the till's machine, and a service could plant a command as
// a printer's "suggested address". Now only programs the operator listed on
// the till's machine run, through execFile with an argument vector.

const open: PrintingShop[] = [];
afterEach(async () => {
  for (const shop of open.splice(0)) await shop.close();
});

async function shopWith(...args: Parameters<typeof openPrintingShop>): Promise<PrintingShop> {
  const shop = await openPrintingShop(...args);
  open.push(shop);
  return shop;
}

/** A program that proves it ran: it writes its arguments, one a line, to the file named by its first one. */
const RECORDER = `const { writeFileSync } = require('node:fs');\nprocess.stdin.resume();\nprocess.stdin.on('end', () => writeFileSync(process.argv[2], process.argv.slice(2).join('\\n')));\n`;

describe('printing.app_programs: the operator’s list, set only on the till’s machine', () => {
  it('is written by `pos settings set` only: never through the code path screens and the service use', async () => {
    const shop = await shopWith({ bind: [], startQueue: false });
    expect(() => setSetting(shop.db, 'printing.app_programs', ['/usr/bin/lp'])).toThrow(SettingError);
    expect(() => setSetting(shop.db, 'printing.app_programs', ['/usr/bin/lp'])).toThrow(/set only by the operator/);
    const io = capturedIo();
    expect(await settingsCommand(['--db', shop.db.name, 'set', 'printing.app_programs', '/usr/bin/lp,/opt/vendor/spool'], io)).toBe(0);
    expect(getSetting(shop.db, 'printing.app_programs')).toEqual(['/usr/bin/lp', '/opt/vendor/spool']);
  });

  it('refuses a shell, an interpreter, a launcher, a relative path or a folder', async () => {
    const shop = await shopWith({ bind: [], startQueue: false });
    for (const bad of [
      '/bin/sh',
      '/usr/bin/bash',
      '/usr/bin/env',
      '/usr/bin/python3',
      '/usr/bin/node',
      '/usr/bin/perl',
      'lp',
      '../lp',
      '/opt/../bin/sh',
      '/usr/bin/',
    ]) {
      const io = capturedIo();
      expect(await settingsCommand(['--db', shop.db.name, 'set', 'printing.app_programs', bad], io), bad).toBe(1);
    }
    expect(getSetting(shop.db, 'printing.app_programs')).toBeNull();
  });
});

describe('an APP_TO_APP binding runs only a listed program, without a shell', () => {
  it('refuses to bind a program that is not listed, from the Branch screen and `pos printers`, and nothing runs', async () => {
    const shop = await shopWith({ bind: [], startQueue: false, flags: { Cashier: ['APP_TO_APP'] } });
    const marker = shop.service.dir.file('pwned');
    const branch = new BranchSetup({ db: shop.db, probeTimeoutMs: 0 });
    const id = shop.printer('Cashier').id;
    const refused = await refusal(branch.bindPrinter({ printer_id: id, app_command: ['/bin/sh', '-c', `id > ${marker}`] }));
    expect(refused?.code).toBe('invalid_input');
    expect(refused?.message).toMatch(/not one this till may run.*pos settings set printing\.app_programs/);
    const io = capturedIo();
    expect(await printersCommand(['--db', shop.db.name, 'bind', id, `app:/bin/sh -c touch ${marker}`], io)).toBe(1);
    expect(io.stderr.join('\n')).toMatch(/not one this till may run/);
    expect(readTillPrinters(shop.db).find((p) => p.id === id)!.bound).toBe(false);
    expect(existsSync(marker)).toBe(false);
  });

  it('passes fixed arguments as a vector: shell syntax in them is only text', async () => {
    const shop = await shopWith({ bind: [], flags: { Cashier: ['APP_TO_APP', 'PRINT_AUTO'] } });
    const out = shop.service.dir.file('argv.txt');
    const marker = shop.service.dir.file('pwned');
    const recorder = installAppProgram(shop.service.dir.file('recorder'), RECORDER);
    expect(await settingsCommand(['--db', shop.db.name, 'set', 'printing.app_programs', recorder], capturedIo())).toBe(0);
    const branch = new BranchSetup({ db: shop.db, probeTimeoutMs: 0 });
    const id = shop.printer('Cashier').id;
    const args = [out, `; touch ${marker}`, `$(touch ${marker})`, `| touch ${marker}`];
    await branch.bindPrinter({ printer_id: id, app_command: [recorder, ...args] });
    await branch.testPrint({ printer_id: id });
    expect(readFileSync(out, 'utf8').split('\n')).toEqual(args);
    expect(existsSync(marker)).toBe(false);
  });

  it('refuses at print time a binding to a program no longer (or never) listed, says why, and `pos printers` reports it', async () => {
    const shop = await shopWith({ bind: [], flags: { Cashier: ['APP_TO_APP', 'PRINT_AUTO'] } });
    const out = shop.service.dir.file('argv.txt');
    const recorder = installAppProgram(shop.service.dir.file('recorder'), RECORDER);
    const id = shop.printer('Cashier').id;
    // What an older till left: a binding to a program, with no list at all.
    shop.db
      .prepare('INSERT INTO printer_bindings (printer_id, address, app_command, paper_width, updated_at) VALUES (?, NULL, ?, 80, 0)')
      .run(id, JSON.stringify([recorder, out]));
    const branch = new BranchSetup({ db: shop.db, probeTimeoutMs: 0 });
    const refused = await refusal(branch.testPrint({ printer_id: id }));
    expect(refused?.message).toMatch(new RegExp(`the program ${recorder} is not one this till may run`));

    const order = await shop.sell({ items: [{ categoryId: 1 }] });
    await shop.settle();
    expect(readPrintJobs(shop.db, order.uuid)).toMatchObject([
      { state: 'failed', attempts: 1, last_error: expect.stringMatching(/not one this till may run/) },
    ]);
    expect(existsSync(out)).toBe(false);

    const io = capturedIo();
    expect(await printersCommand(['--db', shop.db.name], io)).toBe(0);
    expect(io.stdout.join('\n')).toMatch(/Cashier.*failed: the program .* is not one this till may run/);
    const view = (await branch.branchSetup()).printers.find((p) => p.id === id)!;
    expect(view).toMatchObject({ state: 'failed', last_error: expect.stringMatching(/pos settings set printing\.app_programs/) });

    // Listed by the operator: the same binding prints.
    expect(await settingsCommand(['--db', shop.db.name, 'set', 'printing.app_programs', recorder], capturedIo())).toBe(0);
    await branch.testPrint({ printer_id: id });
    expect(existsSync(out)).toBe(true);
  });
});

describe('a service suggestion is never a program', () => {
  it('offers only a TCP address or a USB device, and nothing for an APP_TO_APP printer', async () => {
    const shop = await shopWith({ bind: [], startQueue: false, flags: { Cashier: ['APP_TO_APP'] } });
    const branch = new BranchSetup({ db: shop.db, probeTimeoutMs: 0 });
    const suggest = async (name: string, address: string) => {
      shop.db.prepare('UPDATE printers SET address = ? WHERE name = ?').run(address, name);
      return (await branch.branchSetup()).printers.find((p) => p.name === name)!.suggested_address;
    };
    expect(await suggest('Bar', 'tcp://192.168.1.50:9100')).toBe('tcp://192.168.1.50:9100');
    expect(await suggest('Bar', '/dev/usb/lp0')).toBe('/dev/usb/lp0');
    for (const planted of ['app:/bin/sh -c id', '/bin/sh -c id', '/bin/sh', 'tcp://192.168.1.50:9100 -c id', 'file:///etc/passwd', 'http://printer/'])
      expect(await suggest('Bar', planted), planted).toBeNull();
    expect(await suggest('Cashier', 'tcp://192.168.1.50:9100')).toBeNull();
    // `pos printers` shows no planted command either.
    await suggest('Kitchen', 'app:/bin/sh -c id');
    const io = capturedIo();
    await printersCommand(['--db', shop.db.name], io);
    expect(io.stdout.join('\n')).not.toContain('/bin/sh');
  });
});
