// The status bar's printer pill and the Branch screen's printer card
// (issue 23, part 8: they disagreed): both come from one derivation on the
// host, so a printer out of paper, or bound to a program the operator does
// not allow, reads the same in both places, and the bar hears of it as an
// event as soon as the Branch screen has asked the printer.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrinterStateView, TillEvent } from '../../../src-shared/api/index.ts';
import { EventHub, TillHost } from '../../../src-main/host/index.ts';
import { FileSecretStore } from '../../../src-main/secrets/index.ts';
import { bindPrinter, PrintQueue, startPrinterSink } from '../../../src-main/printing/index.ts';
import type { PrinterSink } from '../../../src-main/printing/virtual-printer/printer-sink.ts';
import type { TillDatabase } from '../../../src-main/db/index.ts';
import { setSettingFromText, unsetSetting } from '../../../src-main/settings/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';

const LOOPBACK = { allowLoopback: true, extraPorts: [] };

let service: EmulatedService;
let db: TillDatabase;
let sink: PrinterSink;
let host: TillHost;
const events: TillEvent[] = [];

beforeAll(async () => {
  service = await emulatedService({ seed: 23 });
  // The last printer hands its jobs to a program (APP_TO_APP).
  const last = service.emulator.tenant.printers.at(-1)!;
  last.settings = { ...last.settings, APP_TO_APP: true };
  db = service.open('till.db');
  await service.pull(db);
  sink = await startPrinterSink({ port: 0, outDir: service.dir.file('sink') });
  const hub = new EventHub();
  hub.subscribe((event) => events.push(event));
  host = new TillHost({
    db,
    events: hub,
    secrets: new FileSecretStore(db),
    printerPolicy: LOOPBACK,
    printQueue: new PrintQueue({ db, addressPolicy: LOOPBACK }),
  });
});
afterAll(async () => {
  await host.stop();
  await sink.close();
  await service.close();
});

const lastPrinters = (): PrinterStateView[] => events.filter((e) => e.type === 'printers').at(-1)?.printers ?? [];

describe('the status bar says what the Branch screen says about each printer', () => {
  it('out of paper (the printer said so when the Branch screen asked): the same state in both, pushed to the bar', async () => {
    const [printer] = (await host.branchSetup()).printers;
    await host.bindPrinter({ printer_id: printer!.id, address: `tcp://127.0.0.1:${sink.port}`, app_command: null });
    sink.status = 'paper-out';
    const card = (await host.branchSetup()).printers.find((p) => p.id === printer!.id)!;
    expect(card.state).toBe('out-of-paper');
    const pill = (await host.printers()).find((p) => p.id === printer!.id)!;
    expect(pill).toMatchObject({ state: 'out-of-paper', health: 'retrying' });
    expect(lastPrinters().find((p) => p.id === printer!.id)?.state).toBe('out-of-paper');

    // The paper is back: the next look says ready in both.
    sink.status = 'ready';
    expect((await host.branchSetup()).printers.find((p) => p.id === printer!.id)!.state).toBe('ready');
    expect((await host.printers()).find((p) => p.id === printer!.id)).toMatchObject({ state: 'ready', health: 'ok' });
    expect(lastPrinters().find((p) => p.id === printer!.id)?.state).toBe('ready');
  });

  it('every printer, whatever its state, reads the same in both', async () => {
    // One printer bound to a program the operator allowed, then took off the list: it prints nothing, and both say so.
    const printers = (await host.branchSetup()).printers;
    const app = printers.find((p) => p.flags.includes('APP_TO_APP'))!;
    setSettingFromText(db, 'printing.app_programs', '/usr/bin/true');
    bindPrinter(db, app.id, { appCommand: ['/usr/bin/true'] }, LOOPBACK);
    unsetSetting(db, 'printing.app_programs');
    const cards = (await host.branchSetup()).printers;
    const pills = await host.printers();
    expect(pills.map((p) => [p.id, p.state, p.last_error])).toEqual(cards.map((c) => [c.id, c.state, c.last_error]));
    expect(cards.find((c) => c.id === app.id)!.state).toBe('failed');
    expect(pills.find((p) => p.id === app.id)).toMatchObject({ state: 'failed', health: 'failed' });
  });
});
