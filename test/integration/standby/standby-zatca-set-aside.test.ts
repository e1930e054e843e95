import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { WebSocket } from 'ws';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startZatcaStandIn, type RunningZatcaStandIn } from '../../../emulator/zatca/start-zatca-stand-in.ts';
import { checkDocument } from '../../../emulator/zatca/verify-document.ts';
import type { TillApi } from '../../../src-shared/api/index.ts';
import { FIRST_PREVIOUS_INVOICE_HASH } from '../../../src-shared/zatca/index.ts';
import { openDatabase } from '../../../src-main/db/index.ts';
import { setSetting } from '../../../src-main/settings/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { posInProcess } from '../../support/pos-in-process.ts';
import { runPos } from '../../support/run-pos.ts';
import { browserStation, signedInManager, standbyCode, startServeHub, type ServeHub } from '../../support/serve-hub.ts';
import { setTestSeller } from '../../support/zatca-egs.ts';
import { ensureShift } from '../stations/station-branch.ts';
import { documentAsSigned } from '../../../src-main/zatca/stored-xml.ts';

// Issue 36 item 4, "the old hub's unreported documents are reported by
// whichever holds them; no ICV is used twice", over real processes and the
// ZATCA stand-in. A hub and its standby, each onboarded as its own EGS unit;
// the standby is stopped, and the hub signs two sales alone (ZATCA refuses
// its CSID once, so its reporter pauses: both stay unreported, in its file
// only). The hub dies, the standby is promoted and signs its own. The old hub
// restarted rejoins as the new hub's standby: its file is set aside as
// FILE.before-rejoin-epoch-2 and replaced by the new hub's snapshot, which
// never had those two. They are reported from the set-aside file by the old
// hub's machine, with its own unit's credentials, as signed: before the
// rejoin replaces the file when ZATCA answers, in the background when it
// does not (the rejoin is not held up); `pos zatca status` and `pos doctor`
// say how many wait and where. ZATCA takes each document once; no (unit,
// ICV) is used twice, and the old hub's unit goes on after them.

let service: EmulatedService;
let zatca: RunningZatcaStandIn;
const hubs: ServeHub[] = [];
const sockets: WebSocket[] = [];

beforeEach(async () => {
  service = await emulatedService({ seed: 47 });
  zatca = await startZatcaStandIn();
});
afterEach(async () => {
  sockets.splice(0).forEach((s) => s.terminate());
  await Promise.all(hubs.splice(0).map((h) => h.stop()));
  await zatca.close();
  await service.close();
});

interface DocumentRow {
  egs_unit: string;
  icv: number;
  pih: string;
  hash: string;
  xml: string;
  uuid: string;
  issued_at: number;
  report_state: string;
}

function read<T>(file: string, sql: string): T[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

const documents = (file: string) => read<DocumentRow>(file, 'SELECT * FROM zatca_documents ORDER BY seq').map(documentAsSigned);
const units = (file: string) => read<{ unit: string }>(file, 'SELECT unit FROM zatca_egs ORDER BY unit').map((u) => u.unit);
const pairStatus = async (file: string) =>
  JSON.parse((await runPos(['standby', '--db', file, 'status', '--json'])).stdout) as {
    role: string;
    live: { hub: { standby_connected: boolean; standby_set_aside: { waiting: number } | null } | null } | null;
  };

interface ZatcaStatus {
  egs: string;
  next_icv: number;
  set_aside: { file: string; unit: string | null; waiting: number; error: string | null }[];
}
const zatcaStatus = async (file: string) => JSON.parse((await posInProcess(['zatca', '--db', file, 'status', '--json'])).stdout) as ZatcaStatus;

const start = async (file: string, args: string[] = []) => {
  const hub = await startServeHub(file, args);
  hubs.push(hub);
  return hub;
};

async function onboard(file: string): Promise<string> {
  const onboarded = await posInProcess(['zatca', '--db', file, 'onboard', '--otp', zatca.otp, '--url', zatca.url, '--json']);
  expect(onboarded.code, onboarded.stderr).toBe(0);
  return (JSON.parse(onboarded.stdout) as { egs: string }).egs;
}

async function sell(api: TillApi): Promise<string> {
  const [product] = (await api.search({ query: 'a', limit: 50 })).filter((p) => p.price !== null && !p.requires_choice);
  const cart = await api.addItem({ product_id: product!.id, quantity: 1 });
  return (await api.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] })).uuid;
}

/** Every document of one unit, in counter order: 1, 2, 3… from the hash of "0", each PIH the hash before it, as the stand-in reads the bytes. */
function expectChain(docs: DocumentRow[], length: number): void {
  expect(docs.map((d) => d.icv)).toEqual(Array.from({ length }, (_, i) => i + 1));
  docs.forEach((doc, i) => {
    expect(doc.pih, `ICV ${doc.icv}`).toBe(i === 0 ? FIRST_PREVIOUS_INVOICE_HASH : docs[i - 1]!.hash);
    const checked = checkDocument(doc.xml);
    expect({ icv: checked.icv, pih: checked.pih, hash: checked.hash }).toEqual({ icv: doc.icv, pih: doc.pih, hash: doc.hash });
  });
}

/**
 * The story up to the old hub's restart: it signed ICV 1 with its standby
 * connected (reported, replicated), then ICV 2 and 3 alone (unreported, in
 * its file only); the promoted standby signed its own ICV 1 (reported).
 */
async function oldHubSignedAlone() {
  const hubFile = service.dir.file('hub.db');
  const standbyFile = service.dir.file('standby.db');
  const seller = openDatabase(hubFile);
  setTestSeller(seller);
  setSetting(seller, 'hub.standby_ack_seconds', 600);
  seller.close();
  const hubUnit = await onboard(hubFile);
  const hub = await start(hubFile);
  const { manager, huda, first } = await signedInManager(hub, service.emulator, sockets);
  let standby = await start(standbyFile, ['--standby-of', hub.origin, '--code', await standbyCode(manager)]);
  const standbyUnit = await onboard(standbyFile);
  await expect.poll(() => units(hubFile), { timeout: 30_000 }).toEqual([hubUnit, standbyUnit].sort());

  // With the standby: ICV 1, reported by the hub, and the standby has it (and its reported state).
  await ensureShift(manager);
  await sell(manager);
  await expect.poll(() => documents(standbyFile).map((d) => [d.egs_unit, d.icv, d.report_state]), { timeout: 60_000 }).toEqual([[hubUnit, 1, 'reported']]);

  // The standby goes; the hub answers alone. ZATCA refuses its CSID once: its reporter pauses with ICV 2 and 3 signed and unreported.
  const standbyPort = new URL(standby.origin).port;
  await standby.stop();
  await expect.poll(async () => (await pairStatus(hubFile)).live?.hub?.standby_connected, { timeout: 30_000 }).toBe(false);
  zatca.faults.unauthorizedNext = 1;
  await sell(manager);
  await sell(manager);
  await expect.poll(() => zatca.faults.unauthorizedNext, { timeout: 60_000 }).toBe(0);
  const alone = documents(hubFile).filter((d) => d.icv > 1);
  expect(alone.map((d) => [d.egs_unit, d.icv, d.report_state])).toEqual([
    [hubUnit, 2, 'pending'],
    [hubUnit, 3, 'pending'],
  ]);
  expect(documents(standbyFile).map((d) => d.icv)).toEqual([1]);

  // The hub dies; a manager promotes the standby (epoch 2), which signs its own chain and reports it.
  const died = new Promise((done) => hub.child.once('exit', done));
  hub.child.kill('SIGKILL');
  await died;
  expect((await runPos(['standby', '--db', standbyFile, 'promote'])).code).toBe(0);
  standby = await start(standbyFile, ['--port', standbyPort]);
  const counter = await browserStation(standby, first.code, sockets);
  await counter.unlock({ cashier_id: huda.id, pin: '2468' });
  await ensureShift(counter);
  await sell(counter);
  await expect
    .poll(() => documents(standbyFile).map((d) => [d.egs_unit, d.icv, d.report_state]), { timeout: 60_000 })
    .toEqual([
      [hubUnit, 1, 'reported'],
      [standbyUnit, 1, 'reported'],
    ]);
  return { hubFile, standbyFile, hubUnit, standbyUnit, alone, setAside: `${hubFile}.before-rejoin-epoch-2` };
}

/** ZATCA took each document once (a resend it already had is flagged), and no (unit, ICV) came with two different documents. */
function expectReportedOnce(docs: DocumentRow[]): void {
  const reports = zatca.received().filter((r) => r.route === 'reporting');
  for (const doc of docs) {
    const taken = reports.filter((r) => r.hash === doc.hash && !r.resubmission);
    expect(taken, `${doc.egs_unit} ICV ${doc.icv}`).toHaveLength(1);
    expect(taken[0]).toMatchObject({ outcome: 'REPORTED', icv: doc.icv, errors: [] });
    expect(taken[0]!.egs).toContain(doc.egs_unit);
  }
  const hashesBySlot = new Map<string, Set<string>>();
  for (const r of reports) {
    const slot = `${r.egs}:${r.icv}`;
    hashesBySlot.set(slot, (hashesBySlot.get(slot) ?? new Set()).add(r.hash));
  }
  for (const [slot, hashes] of hashesBySlot) expect(hashes.size, slot).toBe(1);
}

/** What both stories end with: each unit's chain whole, each document reported once, the old hub's unit going on after its own. */
async function expectEveryDocumentOnce(story: Awaited<ReturnType<typeof oldHubSignedAlone>>): Promise<void> {
  const { hubFile, standbyFile, hubUnit, standbyUnit, setAside } = story;
  const oldDocs = documents(setAside).filter((d) => d.egs_unit === hubUnit);
  expectChain(oldDocs, 3);
  expect(oldDocs.map((d) => d.report_state)).toEqual(['reported', 'reported', 'reported']);
  const newDocs = documents(standbyFile);
  expectChain(
    newDocs.filter((d) => d.egs_unit === standbyUnit),
    1,
  );
  // The rejoined copy is the new hub's: the two the old hub signed alone are in the set-aside file only.
  await expect.poll(() => documents(hubFile).map((d) => d.uuid), { timeout: 30_000 }).toEqual(newDocs.map((d) => d.uuid));
  expectReportedOnce([...oldDocs, ...newDocs.filter((d) => d.egs_unit === standbyUnit)]);
  // The old hub's machine goes on after the documents it signed alone, never over them.
  const status = await zatcaStatus(hubFile);
  expect({ egs: status.egs, next_icv: status.next_icv }).toEqual({ egs: hubUnit, next_icv: 4 });
  expect(status.set_aside).toEqual([{ file: setAside, unit: hubUnit, waiting: 0, oldest_issued_at: null, error: null }]);
  // The file is kept: it also holds the sales the old hub made alone.
  expect(existsSync(setAside)).toBe(true);
}

describe('an old hub’s documents signed alone', () => {
  it('are reported before the rejoin replaces its file when ZATCA answers, once each, with their own ICVs', { timeout: 300_000 }, async () => {
    const story = await oldHubSignedAlone();
    const old = await start(story.hubFile);
    expect((await pairStatus(story.hubFile)).role).toBe('standby');
    // Reported while the old file was set aside and before the snapshot replaced it (the rejoin's log says so).
    expect(old.log()).toContain('before rejoining, this till reported 2 of the 2 document(s) it signed that the new hub never had.');
    expect(documents(story.setAside).map((d) => d.report_state)).toEqual(['reported', 'reported', 'reported']);
    await expectEveryDocumentOnce(story);
  });

  it(
    'wait in the set-aside file, said by pos zatca status and pos doctor, while ZATCA does not answer, and are reported from there after',
    { timeout: 300_000 },
    async () => {
      const story = await oldHubSignedAlone();
      // ZATCA takes the next reports and keeps its answers (the till's tries before the rejoin, then from the background, time out).
      const held = Array.from({ length: 8 }, () => zatca.hold('POST', '/invoices/reporting/single'));
      await start(story.hubFile);
      // The rejoin was not held up by ZATCA: the old hub is the new hub's standby.
      expect((await pairStatus(story.hubFile)).role).toBe('standby');
      await held[0]!.arrived;
      const status = await zatcaStatus(story.hubFile);
      expect(status.set_aside).toEqual([{ file: story.setAside, unit: story.hubUnit, waiting: 2, oldest_issued_at: story.alone[0]!.issued_at, error: null }]);
      const doctor = await runPos(['doctor', '--db', story.hubFile]);
      expect(doctor.stdout).toContain(`ZATCA: 2 document(s) unit ${story.hubUnit} signed before this till rejoined wait to be reported in ${story.setAside}`);
      const human = await posInProcess(['zatca', '--db', story.hubFile, 'status']);
      expect(human.stdout).toContain(`2 document(s) unit ${story.hubUnit} signed before this till rejoined wait to be reported in ${story.setAside}`);

      // ZATCA answers again: the machine that holds the set-aside file reports them from there by itself.
      held.forEach((hold) => hold.release());
      await expect.poll(async () => (await zatcaStatus(story.hubFile)).set_aside[0]?.waiting, { timeout: 150_000 }).toBe(0);
      await expectEveryDocumentOnce(story);
      const doctorAfter = await runPos(['doctor', '--db', story.hubFile]);
      expect(doctorAfter.stdout).toContain(`ZATCA: ${story.setAside} (set aside by a rejoin): none of its documents waits to be reported`);
    },
  );
});
