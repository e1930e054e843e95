// `pos print`: one stored order to a printer over TCP with the given flags,
// in-process through printCommand and end to end through bin/pos.mjs.

import { existsSync, readFileSync } from 'node:fs';
import { loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRINTER_FLAGS } from '../../../src-shared/catalog/index.ts';
import type { OrderView } from '../../../src-shared/selling/index.ts';
import { UsageError } from '../../../src-main/cli/cli-io.ts';
import { printCommand } from '../../../src-main/cli/commands/print-command.ts';
import { startPrinterSink } from '../../../src-main/printing/index.ts';
import { type PrinterSink } from '../../../src-main/printing/virtual-printer/printer-sink.ts';
import { runPos } from '../../support/run-pos.ts';
import { loadPngAsBitmap } from '../../unit/printing/pixel-diff.ts';
import { scanQr, stackBands } from '../../unit/printing/qr-scan.ts';
import { freePort, openPrintingShop, type PrintingShop } from './printing-shop.ts';
import { capturedIo } from '../../support/captured-io.ts';

let shop: PrintingShop;
let sink: PrinterSink;
let order: OrderView;
let dbFile: string;
beforeAll(async () => {
  shop = await openPrintingShop({ bind: [], startQueue: false });
  order = await shop.sell({ items: [{ categoryId: 1, quantity: 2, modifiers: 1 }, { categoryId: 5 }], pay: 'CASH', tendered: 50_00, table: '4' });
  dbFile = shop.db.name;
  sink = await startPrinterSink({ port: 0, outDir: shop.service.dir.file('cli-sink') });
});
afterAll(async () => {
  await sink.close();
  await shop.close();
});

const to = () => `tcp://127.0.0.1:${sink.port}`;
/** The sink listens on loopback: printing there needs the operator's leave, as for a bound printer. */
const toSink = () => ['--to', to(), '--allow-loopback'];

describe('pos print (in-process)', () => {
  it('prints a receipt with the given flags and paper width, and writes the PNG preview', async () => {
    const io = capturedIo();
    const png = shop.service.dir.file('out/receipt.png');
    const before = sink.jobs.length;
    const code = await printCommand(
      ['--db', dbFile, '--order', order.uuid, ...toSink(), '--settings', 'RASTER,drawer_open,HAS_SPACE', '--width', '58', '--png', png],
      io,
    );
    expect(io.stderr.at(-1)).toMatch(/^Printed the receipt of order (?:[A-Z]{1,2}-)?\d+ \(\d+ bytes, raster\) to tcp:/);
    expect(code).toBe(0);
    const [job] = (await sink.waitForJobs(before + 1)).slice(before);
    const commands = job!.decoded.commands;
    expect(commands.filter((c) => c.type === 'text')).toEqual([]);
    expect(commands.filter((c) => c.type === 'raster').every((c) => c.type === 'raster' && c.width === 384)).toBe(true);
    expect(commands.filter((c) => c.type === 'drawer-kick')).toHaveLength(1);
    // RASTER: the QR code is in the image, not encoded by the printer; it scans off both the print and the PNG.
    expect(commands.filter((c) => c.type.startsWith('qr-'))).toEqual([]);
    expect(scanQr(stackBands(commands.flatMap((c) => (c.type === 'raster' ? [c.bitmap] : []))))).toBe(order.zatca_qr);
    expect((await loadImage(readFileSync(png))).width).toBe(384);
    expect(scanQr(await loadPngAsBitmap(png))).toBe(order.zatca_qr);
  });

  it('prints a kitchen ticket with every line and no prices', async () => {
    const io = capturedIo();
    const before = sink.jobs.length;
    expect(await printCommand(['--db', dbFile, '--order', order.uuid, ...toSink(), '--kind', 'kitchen', '--settings', ''], io)).toBe(0);
    const [job] = (await sink.waitForJobs(before + 1)).slice(before);
    expect(job!.decoded.text).toContain(`2 x ${order.lines[0]!.name_en}`);
    expect(job!.decoded.text).toContain(`1 x ${order.lines[1]!.name_en}`);
    expect(job!.decoded.text).toContain('DINE IN - Table 4');
    expect(job!.decoded.text).not.toMatch(/\d+\.\d\d/);
  });

  it('writes the PDF into the receipts folder with PDF', async () => {
    const io = capturedIo();
    expect(await printCommand(['--db', dbFile, '--order', order.uuid, '--png', shop.service.dir.file('p.png'), '--settings', 'PDF'], io)).toBe(0);
    const file = /PDF of the receipt of order (?:[A-Z]{1,2}-)?\d+ written to (.*)\.$/.exec(io.stderr.join('\n'))![1]!;
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file).subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
  });

  it('rejects an unknown flag naming it and the allowed ones', async () => {
    const error = await printCommand(['--db', dbFile, '--order', order.uuid, ...toSink(), '--settings', 'RASTER,SHINY'], capturedIo()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe(`pos print: unknown printer flag "SHINY" in --settings; allowed: ${PRINTER_FLAGS.join(', ')}`);
  });

  it('rejects other mistakes in the call as usage errors', async () => {
    const usage = (argv: string[]) => printCommand(argv, capturedIo()).catch((e: unknown) => e);
    expect(await usage(['--order', order.uuid, ...toSink()])).toMatchObject({ message: 'pos print: --db is required' });
    expect(await usage(['--db', dbFile, '--order', order.uuid])).toMatchObject({ message: expect.stringMatching(/--to is required/) });
    expect(await usage(['--db', dbFile, '--order', order.uuid, ...toSink(), '--width', '72'])).toMatchObject({
      message: expect.stringMatching(/--width must be 58 or 80/),
    });
    expect(await usage(['--db', dbFile, '--order', order.uuid, ...toSink(), '--kind', 'bar'])).toMatchObject({
      message: expect.stringMatching(/--kind must be receipt or kitchen/),
    });
    expect(await usage(['--db', dbFile, '--order', order.uuid, '--to', 'http://printer'])).toMatchObject({
      message: expect.stringMatching(/must be tcp:\/\/host:port/),
    });
    expect(await usage(['--db', dbFile, '--order', order.uuid, ...toSink(), '--colour'])).toBeInstanceOf(UsageError);
  });

  it('fails with one clear line when the printer is off or the order unknown', async () => {
    const io = capturedIo();
    expect(await printCommand(['--db', dbFile, '--order', order.uuid, '--to', `tcp://127.0.0.1:${await freePort()}`, '--allow-loopback'], io)).toBe(1);
    expect(io.stderr).toHaveLength(1);
    expect(io.stderr[0]).toMatch(/^pos print: printer at 127\.0\.0\.1:\d+ refused the connection; check that the printer is on/);
    const unknown = capturedIo();
    expect(await printCommand(['--db', dbFile, '--order', 'nope', ...toSink()], unknown)).toBe(1);
    expect(unknown.stderr).toEqual([`pos print: the database ${dbFile} has no order nope; list them with "pos orders --db ${dbFile}"`]);
  });
});

describe('pos print --to and the printer address policy', () => {
  it('refuses what a binding would refuse, before printing, and allows what the operator allows', async () => {
    const before = sink.jobs.length;
    const loopback = capturedIo();
    expect(await printCommand(['--db', dbFile, '--order', order.uuid, '--to', to()], loopback)).toBe(1);
    expect(loopback.stderr).toEqual([
      expect.stringMatching(/^pos print: --to: printer address "tcp:\/\/127\.0\.0\.1:\d+" is not allowed: it is this machine \(loopback\)/),
    ]);
    const sshPort = capturedIo();
    expect(await printCommand(['--db', dbFile, '--order', order.uuid, '--to', 'tcp://10.0.0.5:22'], sshPort)).toBe(1);
    expect(sshPort.stderr).toEqual([expect.stringMatching(/port 22 is not a printer port .* --allow-port 22/)]);
    const metadata = capturedIo();
    expect(await printCommand(['--db', dbFile, '--order', order.uuid, '--to', 'tcp://169.254.169.254:9100'], metadata)).toBe(1);
    expect(metadata.stderr).toEqual([expect.stringMatching(/link-local/)]);
    const device = capturedIo();
    expect(await printCommand(['--db', dbFile, '--order', order.uuid, '--to', '/etc/passwd'], device)).toBe(1);
    expect(device.stderr).toEqual([expect.stringMatching(/not a printer device file/)]);
    // Nothing reached the printer on any refusal.
    expect(sink.jobs.length).toBe(before);
    // The operator's leave (--allow-loopback, as the demo and tests have it) lets it print.
    expect(await printCommand(['--db', dbFile, '--order', order.uuid, ...toSink()], capturedIo())).toBe(0);
    await sink.waitForJobs(before + 1);
  });
});

describe('pos print (bin/pos.mjs)', () => {
  it('prints end to end, and exits 2 on an unknown flag', async () => {
    const before = sink.jobs.length;
    const ok = await runPos(['print', '--db', dbFile, '--order', order.uuid, ...toSink(), '--settings', 'MULTILINGUAL,PRODUCT_SHOW']);
    expect(ok.stderr).toMatch(/Printed the receipt/);
    expect(ok.code).toBe(0);
    const [job] = (await sink.waitForJobs(before + 1)).slice(before);
    expect(job!.decoded.commands.filter((c) => c.type === 'qr-store').map((c) => (c.type === 'qr-store' ? c.data : ''))).toEqual([order.zatca_qr]);
    const bad = await runPos(['print', '--db', dbFile, '--order', order.uuid, ...toSink(), '--settings', 'SHINY']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown printer flag "SHINY"/);
  });
});
