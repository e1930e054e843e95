import { readFileSync, existsSync } from 'node:fs';
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

// Issue 36 item 4 and the service session after a takeover, over real
// processes: a hub (`pos serve`) onboarded as its own EGS unit at the ZATCA
// stand-in, its standby (`pos serve --standby-of`) onboarded on its own with
// `pos zatca onboard` on its own file. The hub sells three sales; ZATCA
// holds the answer to the first report, so the hub dies (SIGKILL) with its
// three documents signed and not reported. The standby is promoted by a
// manager and sells two. Then: each unit's chain runs 1, 2, 3… from the hash
// of "0", each document chained to the one before it of the same unit; no
// counter is used twice for a unit; the standby reports the hub's three with
// the hub's credentials (handed over the stream), as signed, each accepted
// by ZATCA once; the standby's outbox uploads its sales with the hub's
// service token (handed over the stream), nobody signing in again; and that
// token and the CSID secrets are in neither database file.

let service: EmulatedService;
let zatca: RunningZatcaStandIn;
const hubs: ServeHub[] = [];
const sockets: WebSocket[] = [];

beforeEach(async () => {
  service = await emulatedService({ seed: 46 });
  zatca = await startZatcaStandIn();
});
afterEach(async () => {
  sockets.splice(0).forEach((s) => s.terminate());
  await Promise.all(hubs.splice(0).map((h) => h.stop()));
  await zatca.close();
  await service.close();
});

const managers = new WeakMap<ServeHub, TillApi>();

/** A standby code, as the Stations tab asks for it: a manager signed in at a screen of `hub` (made here when none is given). */
async function codeAt(hub: ServeHub, manager?: TillApi): Promise<string> {
  if (manager) return standbyCode(manager);
  let screen = managers.get(hub);
  if (!screen) {
    screen = await browserStation(hub, undefined, sockets);
    const owner = await screen.addCashier({ name: 'Nora', role: 'manager', pin: '1357' });
    await screen.unlock({ cashier_id: owner.id, pin: '1357' });
    managers.set(hub, screen);
  }
  return standbyCode(screen);
}

const start = async (file: string, args: string[] = []) => {
  const hub = await startServeHub(file, args);
  hubs.push(hub);
  return hub;
};

interface DocumentRow {
  seq: number;
  egs_unit: string;
  icv: number;
  pih: string;
  hash: string;
  xml: string;
  order_uuid: string;
  report_state: string;
}

/** Reads a till's file as another process would (the serving processes keep it open). */
function read<T>(file: string, sql: string): T[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

const units = (file: string) => read<{ unit: string }>(file, 'SELECT unit FROM zatca_egs ORDER BY unit').map((u) => u.unit);
const documents = (file: string) => read<DocumentRow>(file, 'SELECT * FROM zatca_documents ORDER BY seq').map(documentAsSigned);
const secretsOf = (file: string): Record<string, string> =>
  existsSync(`${file}.secrets.json`) ? (JSON.parse(readFileSync(`${file}.secrets.json`, 'utf8')) as Record<string, string>) : {};
const role = async (file: string) => (JSON.parse((await runPos(['standby', '--db', file, 'status', '--json'])).stdout) as { role: string }).role;

async function onboard(file: string): Promise<string> {
  const onboarded = await posInProcess(['zatca', '--db', file, 'onboard', '--otp', zatca.otp, '--url', zatca.url, '--json']);
  expect(onboarded.code, onboarded.stderr).toBe(0);
  return (JSON.parse(onboarded.stdout) as { egs: string }).egs;
}

/**
 * The hub's file with its seller set and onboarded as its own EGS unit,
 * served; the standby's file, not made yet. A slow standby on a loaded
 * machine is never dropped (hub.standby_ack_seconds 600): a sale answered
 * alone would be missing from it, and the tests read the standby's file.
 */
async function onboardedHub(): Promise<{ hubFile: string; standbyFile: string; hubUnit: string; hub: ServeHub }> {
  const hubFile = service.dir.file('hub.db');
  const seller = openDatabase(hubFile);
  setTestSeller(seller);
  setSetting(seller, 'hub.standby_ack_seconds', 600);
  seller.close();
  const hubUnit = await onboard(hubFile);
  return { hubFile, standbyFile: service.dir.file('standby.db'), hubUnit, hub: await start(hubFile) };
}

/** The hub dies (SIGKILL) and a manager promotes its standby; answers what `pos standby promote` said. */
async function takeOver(hub: ServeHub, standbyFile: string): Promise<string> {
  hub.child.kill('SIGKILL');
  const promoted = await runPos(['standby', '--db', standbyFile, 'promote']);
  expect(promoted.code, promoted.stderr).toBe(0);
  await expect.poll(() => role(standbyFile), { timeout: 30_000 }).toBe('hub');
  return promoted.stderr;
}

async function sell(api: TillApi): Promise<string> {
  const [product] = (await api.search({ query: 'a', limit: 50 })).filter((p) => p.price !== null && !p.requires_choice);
  const cart = await api.addItem({ product_id: product!.id, quantity: 1 });
  return (await api.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] })).uuid;
}

/** Every document of one unit, in counter order, is that unit's chain: 1, 2, 3… from the hash of "0", each PIH the hash before it. */
function expectChain(docs: DocumentRow[], length: number): void {
  expect(docs.map((d) => d.icv)).toEqual(Array.from({ length }, (_, i) => i + 1));
  docs.forEach((doc, i) => expect(doc.pih, `ICV ${doc.icv}`).toBe(i === 0 ? FIRST_PREVIOUS_INVOICE_HASH : docs[i - 1]!.hash));
  for (const doc of docs) {
    // The stand-in's independent reading of the stored bytes: its counter, its PIH and its hash are the row's.
    const checked = checkDocument(doc.xml);
    expect(checked.errors, `ICV ${doc.icv}`).toEqual([]);
    expect({ icv: checked.icv, pih: checked.pih, hash: checked.hash }).toEqual({ icv: doc.icv, pih: doc.pih, hash: doc.hash });
  }
}

describe('a standby hub and ZATCA', () => {
  it(
    'is its own EGS unit: after a takeover it signs its own chain, reports the old hub’s documents as signed, and uploads without a sign-in',
    { timeout: 300_000 },
    async () => {
      const { hubFile, standbyFile, hubUnit, hub } = await onboardedHub();
      const { manager, huda, first } = await signedInManager(hub, service.emulator, sockets);
      await start(standbyFile, ['--standby-of', hub.origin, '--code', await codeAt(hub, manager)]);

      // The standby is onboarded on its own: its own key and CSID in its own secrets file, its unit recorded at the hub too.
      const standbyUnit = await onboard(standbyFile);
      expect(standbyUnit).not.toBe(hubUnit);
      await expect.poll(() => units(hubFile), { timeout: 30_000 }).toEqual([hubUnit, standbyUnit].sort());
      await expect.poll(() => units(standbyFile), { timeout: 30_000 }).toEqual([hubUnit, standbyUnit].sort());
      expect(secretsOf(standbyFile)['zatca.egs_private_key']).not.toBe(secretsOf(hubFile)['zatca.egs_private_key']);
      // What the hub hands over: its service token and its unit's CSID secret (never its key), in the standby's secrets file.
      await expect
        .poll(() => secretsOf(standbyFile), { timeout: 30_000 })
        .toMatchObject({ token: service.emulator.token, [`zatca.csid_secret:${hubUnit}`]: secretsOf(hubFile)['zatca.csid_secret'] });

      // The hub sells three; ZATCA keeps the answer to the first report, so all three are signed and none counts as reported.
      const held = zatca.hold('POST', '/invoices/reporting/single');
      await ensureShift(manager);
      const sold = [await sell(manager)];
      await held.arrived;
      sold.push(await sell(manager), await sell(manager));
      // Each sale was answered only once the standby had it.
      expect(documents(standbyFile).map((d) => [d.egs_unit, d.icv, d.report_state])).toEqual([
        [hubUnit, 1, 'pending'],
        [hubUnit, 2, 'pending'],
        [hubUnit, 3, 'pending'],
      ]);

      expect(await takeOver(hub, standbyFile)).not.toMatch(/not onboarded/);

      const counter = await browserStation(hubs[1]!, first.code, sockets);
      await counter.unlock({ cashier_id: huda.id, pin: '2468' });
      await ensureShift(counter);
      sold.push(await sell(counter), await sell(counter));

      // The new hub reports everything by itself: the old hub's three with the old hub's credentials, its own two with its own.
      await expect.poll(() => documents(standbyFile).filter((d) => d.report_state !== 'reported').length, { timeout: 120_000 }).toBe(0);
      const docs = documents(standbyFile);
      expectChain(
        docs.filter((d) => d.egs_unit === hubUnit),
        3,
      );
      expectChain(
        docs.filter((d) => d.egs_unit === standbyUnit),
        2,
      );
      expect(new Set(docs.map((d) => `${d.egs_unit}:${d.icv}`)).size).toBe(5);
      expect(docs.map((d) => d.order_uuid)).toEqual(sold);

      // ZATCA took each document once, from the unit that signed it, with no error (the first had arrived before the hub died: a 409 the second time).
      const reports = zatca.received().filter((r) => r.route === 'reporting');
      for (const doc of docs) {
        const taken = reports.filter((r) => r.hash === doc.hash && !r.resubmission);
        expect(taken, `${doc.egs_unit} ICV ${doc.icv}`).toHaveLength(1);
        expect(taken[0]).toMatchObject({ outcome: 'REPORTED', icv: doc.icv, pih: doc.pih, errors: [] });
        expect(taken[0]!.egs).toContain(doc.egs_unit);
      }
      expect(reports.filter((r) => r.resubmission).map((r) => r.hash)).toEqual([docs[0]!.hash]);

      // The new hub's outbox uploaded its own sales with the token the hub handed over: nobody signed in on it.
      await expect.poll(() => sold.filter((uuid) => service.emulator.orders.has(uuid)).length, { timeout: 60_000 }).toBe(5);

      // No secret is in either database file (nor its WAL, nor the hub's standby journal inside it).
      const secrets = [service.emulator.token, secretsOf(hubFile)['zatca.csid_secret']!, secretsOf(standbyFile)['zatca.csid_secret']!];
      for (const file of [hubFile, `${hubFile}-wal`, standbyFile, `${standbyFile}-wal`]) {
        if (!existsSync(file)) continue;
        const bytes = readFileSync(file);
        for (const secret of secrets) expect(bytes.includes(Buffer.from(secret, 'utf8')), `${file} holds a secret`).toBe(false);
      }
    },
  );

  it('a standby paired again (a fresh snapshot of its hub) is still its own unit', { timeout: 300_000 }, async () => {
    const { hubFile, standbyFile, hubUnit, hub } = await onboardedHub();
    const first = await start(standbyFile, ['--standby-of', hub.origin, '--code', await codeAt(hub)]);
    const standbyUnit = await onboard(standbyFile);
    await expect.poll(() => units(hubFile), { timeout: 30_000 }).toEqual([hubUnit, standbyUnit].sort());
    await first.stop();
    // The copy is replaced by the hub's snapshot, which says the hub is Till-hub: this machine stays its own unit.
    await start(standbyFile, ['--standby-of', hub.origin, '--code', await codeAt(hub)]);
    const status = JSON.parse((await posInProcess(['zatca', '--db', standbyFile, 'status', '--json'])).stdout) as {
      egs: string;
      units: { unit: string; this_machine: boolean }[];
    };
    expect(status.egs).toBe(standbyUnit);
    expect(status.units).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ unit: hubUnit, this_machine: false }),
        expect.objectContaining({ unit: standbyUnit, this_machine: true }),
      ]),
    );
    const hubStatus = JSON.parse((await posInProcess(['zatca', '--db', hubFile, 'status', '--json'])).stdout) as { egs: string };
    expect(hubStatus.egs).toBe(hubUnit);
  });

  it('a standby that is not onboarded never signs with the old hub’s unit after a takeover, and says so', { timeout: 300_000 }, async () => {
    const { standbyFile, hubUnit, hub } = await onboardedHub();
    const { manager, huda, first } = await signedInManager(hub, service.emulator, sockets);
    await start(standbyFile, ['--standby-of', hub.origin, '--code', await codeAt(hub, manager)]);
    await ensureShift(manager);
    // ZATCA keeps the answer to its report: the hub dies with it signed and not reported.
    const held = zatca.hold('POST', '/invoices/reporting/single');
    await sell(manager);
    await held.arrived;

    expect(await takeOver(hub, standbyFile)).toMatch(/not onboarded as an EGS unit of its own.*never signs with another unit's key/);

    const counter = await browserStation(hubs[1]!, first.code, sockets);
    await counter.unlock({ cashier_id: huda.id, pin: '2468' });
    await ensureShift(counter);
    const unsigned = await sell(counter);
    // The sale is written with the phase-1 QR; no document, no counter of the old hub's unit used.
    expect(documents(standbyFile).map((d) => [d.egs_unit, d.icv])).toEqual([[hubUnit, 1]]);
    expect(read<{ n: number }>(standbyFile, `SELECT count(*) AS n FROM orders WHERE uuid = '${unsigned}' AND zatca_qr IS NOT NULL`)[0]!.n).toBe(1);
    // The old hub's document is still reported, with the old hub's credentials.
    await expect.poll(() => documents(standbyFile)[0]!.report_state, { timeout: 120_000 }).toBe('reported');
  });
});
