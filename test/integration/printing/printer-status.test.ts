// Live printer status: the till asks a network printer DLE EOT 1 and 4
// (10 04 n) and reads the answer bytes; the virtual printer answers as a
// real one would, in any state set on it, or not at all. The Branch screen
// (BranchSetup) and `pos printers --json` show what the printer said.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BranchSetup } from '../../../src-main/branch/index.ts';
import { printersCommand } from '../../../src-main/cli/commands/printers-command.ts';
import type { CliIo } from '../../../src-main/cli/cli-io.ts';
import { bindPrinter, parsePrinterAddress, startPrinterSink } from '../../../src-main/printing/index.ts';
import { paperFromStatusByte, queryPrinterStatus } from '../../../src-main/printing/transport/query-printer-status.ts';
import { type PrinterSink } from '../../../src-main/printing/virtual-printer/printer-sink.ts';
import { freePort, openPrintingShop, type PrintingShop } from './printing-shop.ts';

const LOOPBACK = { allowLoopback: true, extraPorts: [] };

let shop: PrintingShop;
let sink: PrinterSink;
beforeAll(async () => {
  shop = await openPrintingShop({ bind: [], startQueue: false });
  sink = await startPrinterSink({ port: 0, outDir: shop.service.dir.file('status-sink') });
});
afterAll(async () => {
  await sink.close();
  await shop.close();
});

const address = () => `tcp://127.0.0.1:${sink.port}`;

describe('DLE EOT status bytes', () => {
  it('reads paper end and near end from the roll sensor byte', () => {
    expect(paperFromStatusByte(0x12)).toBe('ok');
    expect(paperFromStatusByte(0x1e)).toBe('near-end');
    expect(paperFromStatusByte(0x72)).toBe('out');
    expect(paperFromStatusByte(0x7e)).toBe('out');
  });
});

describe('queryPrinterStatus against the virtual printer', () => {
  it.each([
    ['ready', { reachable: true, answered: true, offline: false, paper: 'ok' }],
    ['paper-near-end', { reachable: true, answered: true, offline: false, paper: 'near-end' }],
    ['paper-out', { reachable: true, answered: true, offline: true, paper: 'out' }],
    ['silent', { reachable: true, answered: false, offline: null, paper: null }],
  ] as const)('a printer that is %s', async (state, expected) => {
    sink.status = state;
    const before = sink.jobs.length;
    const requests = sink.statusRequests;
    expect(await queryPrinterStatus(parsePrinterAddress(address()), { timeoutMs: 300 })).toEqual({ ...expected, error: null });
    expect(sink.statusRequests).toBe(requests + 2);
    // A status request is not a print job.
    expect(sink.jobs.length).toBe(before);
  });

  it('a printer that is off is unreachable, with the reason', async () => {
    const answer = await queryPrinterStatus(parsePrinterAddress(`tcp://127.0.0.1:${await freePort()}`), { timeoutMs: 300 });
    expect(answer).toMatchObject({ reachable: false, answered: false, paper: null, error: 'refused the connection' });
  });
});

async function listJson(): Promise<{ id: string; state: string; paper: string | null; last_error: string | null }[]> {
  const stdout: string[] = [];
  const io: CliIo = { out: (line) => stdout.push(line), err: () => {}, interactive: false, env: {} };
  expect(await printersCommand(['--db', shop.db.name, '--json', '--allow-loopback'], io)).toBe(0);
  return JSON.parse(stdout.join('\n'));
}

describe('the Branch screen and pos printers --json', () => {
  it('show out of paper where the printer reports it, ready where it says nothing, offline where it cannot be reached', async () => {
    const cashier = shop.printer('Cashier').id;
    bindPrinter(shop.db, cashier, { address: address() }, LOOPBACK);
    const branch = new BranchSetup({ db: shop.db, policy: LOOPBACK, probeTimeoutMs: 300 });
    const on = async () => (await branch.branchSetup()).printers.find((p) => p.id === cashier)!;

    sink.status = 'paper-out';
    expect(await on()).toMatchObject({ state: 'out-of-paper', paper: 'out' });
    expect((await listJson()).find((p) => p.id === cashier)).toMatchObject({ state: 'out-of-paper', paper: 'out' });

    sink.status = 'paper-near-end';
    expect(await on()).toMatchObject({ state: 'ready', paper: 'near-end' });

    sink.status = 'ready';
    expect(await on()).toMatchObject({ state: 'ready', paper: 'ok' });
    expect((await listJson()).find((p) => p.id === cashier)).toMatchObject({ state: 'ready', paper: 'ok' });

    // Many printers never answer DLE EOT: the status stays what the connection and the jobs say.
    sink.status = 'silent';
    expect(await on()).toMatchObject({ state: 'ready', paper: null, last_error: null });

    bindPrinter(shop.db, cashier, { address: `tcp://127.0.0.1:${await freePort()}` }, LOOPBACK);
    expect(await on()).toMatchObject({ state: 'offline', paper: null, last_error: expect.stringMatching(/refused the connection/) });

    // Without leave to reach loopback, the printer is not asked at all.
    bindPrinter(shop.db, cashier, { address: address() }, LOOPBACK);
    sink.status = 'paper-out';
    const requests = sink.statusRequests;
    const strict = (await new BranchSetup({ db: shop.db, probeTimeoutMs: 300 }).branchSetup()).printers.find((p) => p.id === cashier)!;
    expect(strict.paper).toBeNull();
    expect(sink.statusRequests).toBe(requests);
  });
});
