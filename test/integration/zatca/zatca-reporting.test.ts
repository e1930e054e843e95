// ZATCA reporting over real HTTP on loopback, against the stand-in (which
// recomputes every hash and checks the chain): through 500s, a lost answer,
// a timeout on the till's own clock, a 401, a rejection and `pos zatca
// report` killed with SIGKILL mid-report. What must hold every time: each
// document REPORTED exactly once in the stand-in's log, every try of a
// document the same bytes, documents sent in ICV order, and a rejected
// document keeping its slot while the ones after it still report.
import { afterEach, describe, expect, it } from 'vitest';
import { startZatcaStandIn, type RunningZatcaStandIn } from '../../../emulator/zatca/start-zatca-stand-in.ts';
import type { ReceivedDocument } from '../../../emulator/zatca/received-document.ts';
import type { Clock } from '../../../src-main/clock/index.ts';
import { main } from '../../../src-main/cli/main.ts';
import type { CliIo } from '../../../src-main/cli/cli-io.ts';
import { EventHub, TillHost } from '../../../src-main/host/index.ts';
import { FileSecretStore } from '../../../src-main/secrets/index.ts';
import { chainSummary, ZatcaReporter, type EgsSigner } from '../../../src-main/zatca/index.ts';
import type { UploadStatus } from '../../../src-main/sync/index.ts';
import { openCheckoutShop, type CheckoutShop } from '../../support/checkout-shop.ts';
import { eventually, ManualClock } from '../../support/manual-clock.ts';
import { spawnPos } from '../../support/run-pos.ts';
import { tempDir } from '../../support/temp-dir.ts';
import { openDatabase } from '../../../src-main/db/index.ts';
import { hostStamp, testSigner } from '../../support/zatca-egs.ts';
import { onboardAgainstStandIn, reportRows, useSigner } from '../../support/zatca-reporting.ts';

const REPORTING = '/invoices/reporting/single';
/** A request timeout no other timer of the reporter uses, so the test can tell it apart. */
const TIMEOUT_MS = 45_001;

let shop: CheckoutShop | undefined;
let zatca: RunningZatcaStandIn | undefined;
let reporter: ZatcaReporter | undefined;
afterEach(async () => {
  await reporter?.stop();
  await zatca?.close();
  await shop?.close();
  reporter = undefined;
  zatca = undefined;
  shop = undefined;
});

async function onboardedShop(): Promise<{ shop: CheckoutShop; zatca: RunningZatcaStandIn; signer: EgsSigner }> {
  shop = await openCheckoutShop({ stamp: (db) => hostStamp(db) });
  zatca = await startZatcaStandIn();
  const signer = await onboardAgainstStandIn(shop.db, zatca);
  return { shop, zatca, signer };
}

/**
 * A manual clock that knows which of its timers are request timeouts: the
 * driver moves time only to the reporter's own waits (backoff, probes), so
 * a request in flight is never timed out by the test unless it says so.
 */
class TestClock implements Clock {
  readonly manual = new ManualClock(Date.UTC(2025, 0, 5, 12, 0, 0));
  private readonly timeouts = new Set<number>();
  now(): number {
    return this.manual.now();
  }
  after(ms: number, fire: () => void): () => void {
    const at = this.manual.now() + ms;
    if (ms === TIMEOUT_MS) this.timeouts.add(at);
    const cancel = this.manual.after(ms, () => {
      this.timeouts.delete(at);
      fire();
    });
    return () => {
      this.timeouts.delete(at);
      cancel();
    };
  }
  /** Whether a request is waiting for its answer. */
  get inFlight(): boolean {
    return this.timeouts.size > 0;
  }
}

async function drive(clock: TestClock, what: string, done: () => boolean): Promise<void> {
  const end = Date.now() + 60_000;
  while (!done()) {
    if (Date.now() > end) throw new Error(`gave up waiting for ${what} (clock at ${new Date(clock.now()).toISOString()})`);
    await new Promise((resolve) => setTimeout(resolve, 2));
    const next = clock.manual.nextDue();
    if (!done() && !clock.inFlight && next !== null) clock.manual.advanceTo(next);
  }
}

/** The stand-in's log of reporting requests, checked for what exactly-once means. */
function expectExactlyOnce(received: ReceivedDocument[], uuids: string[]): void {
  const reporting = received.filter((r) => r.route === 'reporting');
  const firstTimes = reporting.filter((r) => !r.resubmission);
  // Each document arrived as new once, and was REPORTED then (202: with warnings) or later as a duplicate.
  expect(firstTimes.map((r) => r.uuid).sort()).toEqual([...uuids].sort());
  for (const uuid of uuids) {
    const tries = reporting.filter((r) => r.uuid === uuid);
    // The same bytes on every try: the stored XML and hash, never rebuilt.
    expect(new Set(tries.map((r) => r.xml)).size).toBe(1);
    expect(new Set(tries.map((r) => r.invoiceHash)).size).toBe(1);
    const reported = tries.filter((r) => r.outcome === 'REPORTED' && !r.resubmission);
    expect(reported).toHaveLength(1);
    for (const again of tries.filter((r) => r.resubmission)) expect(again.httpStatus).toBe(409);
  }
  // In counter order: a document is first sent only after every one before it.
  const order = firstTimes.map((r) => r.icv!);
  expect(order).toEqual([...order].sort((a, b) => a - b));
}

describe('reporting to ZATCA', () => {
  it('reports every document exactly once, in ICV order, through 500s, a lost answer and a timeout, with the same bytes', { timeout: 180_000 }, async () => {
    const { shop, zatca } = await onboardedShop();
    const sales = await shop.sell(6);
    const refund = await shop.refund(sales[1]!);
    const uuids = [...sales, refund].map((o) => o.uuid);
    expect(chainSummary(shop.db)).toMatchObject({ documents: 7, unreported: 7 });

    const clock = new TestClock();
    reporter = new ZatcaReporter({
      db: shop.db,
      secrets: () => new FileSecretStore(shop.db),
      clock,
      backoff: { baseDelayMs: 1_000, maxDelayMs: 8_000 },
      probeIntervalMs: 5_000,
      timeoutMs: TIMEOUT_MS,
      random: () => 0.5,
    });
    const seen: UploadStatus[] = [];
    reporter.subscribe((s) => seen.push(s));

    // Two 500s, then one answer lost after ZATCA reported the document (its connection dropped).
    zatca.faults.failNext = 2;
    zatca.faults.dropNext = 1;
    zatca.faults.routes = [REPORTING];
    reporter.start();
    await drive(clock, 'three documents reported', () => chainSummary(shop.db).unreported <= 4);
    expect(seen.some((s) => s.online === false)).toBe(true); // the lost answer: offline, then the probe found ZATCA again

    // The fourth document's answer is held past the till's timeout: ZATCA has it, the till does not know.
    const hold = zatca.hold('POST', REPORTING);
    await hold.arrived;
    expect(clock.inFlight).toBe(true);
    clock.manual.advance(TIMEOUT_MS);
    hold.release();
    await drive(clock, 'every document reported', () => chainSummary(shop.db).unreported === 0);

    expectExactlyOnce(zatca.received(), uuids);
    const received = zatca.received().filter((r) => r.route === 'reporting');
    expect(received.filter((r) => r.resubmission)).toHaveLength(2); // the lost answer's and the timed-out one's second tries
    const rows = reportRows(shop.db);
    expect(rows.map((r) => r.report_state)).toEqual(Array(7).fill('reported'));
    // ZATCA's words are kept per document: the stand-in warns that these were reported after 24 hours (202);
    // the resent ones were counted as reported on ZATCA's 409 (the only answer the till heard for them), and say so.
    const resent = rows.filter((r) => r.last_error?.includes('409'));
    expect(resent).toHaveLength(2);
    for (const row of rows) {
      const warnings = JSON.parse(row.messages!).warnings as { code: string; category: string }[];
      if (resent.includes(row)) expect(warnings.map((w) => w.category)).toContain('Duplicate-Invoice');
      else expect(warnings.map((w) => w.code)).toContain('BR-KSA-98');
    }
    expect(rows.map((r) => r.attempts).reduce((a, b) => a + b)).toBe(7 + 2 + 2);
    expect(reporter.status()).toMatchObject({ pending: 0, synced: 7, rejected: 0, online: true, lastError: null });
  });

  it('keeps a rejected document in its slot, tells the manager what to issue next, and reports the ones after it', { timeout: 180_000 }, async () => {
    const { shop, zatca, signer } = await onboardedShop();
    const before = await shop.sell(2);
    // One sale signed with a certificate ZATCA never issued as this unit's CSID: ZATCA will refuse it.
    useSigner(shop.db, (await testSigner(zatca.ca)).signer);
    const [refused] = await shop.sell(1);
    useSigner(shop.db, signer);
    const after = await shop.sell(2);

    const stdout: string[] = [];
    const stderr: string[] = [];
    const io: CliIo = { out: (l) => stdout.push(l), err: (l) => stderr.push(l), interactive: false, env: {} };
    const dbFile = shop.service.dir.file('till.db');
    expect(await main(['zatca', '--db', dbFile, 'report', '--json'], io)).toBe(1);
    const summary = JSON.parse(stdout.at(-1)!);
    expect(summary).toMatchObject({ ok: false, reported: 4, pending: 0 });
    expect(summary.rejected).toHaveLength(1);
    expect(summary.rejected[0]).toMatchObject({ icv: 3, kind: 'invoice', number: refused!.number });
    expect(summary.rejected[0].errors.map((e: { code: string }) => e.code)).toContain('certificate-issuer');
    expect(summary.rejected[0].advice.en).toContain(`Issue a credit note for it (refund order ${refused!.number} in full)`);
    expect(summary.rejected[0].advice.ar).toContain('إشعارًا دائنًا');
    expect(stderr.join('\n')).toContain(`ICV 3 invoice ${refused!.number}: REJECTED by ZATCA`);

    // The chain went on past the rejected document: ZATCA accepted 4 and 5, whose PIH chain through 3.
    const rows = reportRows(shop.db);
    expect(rows.map((r) => [r.icv, r.report_state, r.zatca_status])).toEqual([
      [1, 'reported', 'REPORTED'],
      [2, 'reported', 'REPORTED'],
      [3, 'rejected', 'NOT_REPORTED'],
      [4, 'reported', 'REPORTED'],
      [5, 'reported', 'REPORTED'],
    ]);
    expectExactlyOnce(
      zatca.received().filter((r) => r.uuid !== refused!.uuid),
      [...before, ...after].map((o) => o.uuid),
    );
    // A rejection is final: a second run sends nothing and exits 0 (nothing pending, nothing newly rejected).
    const sent = zatca.received().length;
    stdout.length = 0;
    expect(await main(['zatca', '--db', dbFile, 'report', '--json'], io)).toBe(0);
    expect(zatca.received()).toHaveLength(sent);

    // The status and the document show ZATCA's errors and what to issue next, in both languages.
    stdout.length = 0;
    await main(['zatca', '--db', dbFile, 'status', '--json'], io);
    const status = JSON.parse(stdout.at(-1)!);
    expect(status).toMatchObject({ documents: 5, unreported: 0, rejected: 1, oldest_unreported_age_hours: null });
    expect(status.rejected_documents[0]).toMatchObject({ icv: 3, order_uuid: refused!.uuid });
    stdout.length = 0;
    await main(['zatca', '--db', dbFile, 'status'], io);
    expect(stdout.join('\n')).toMatch(/rejected: ICV 3 invoice .*certificate-issuer/);
    expect(stdout.join('\n')).toContain('رفضت هيئة الزكاة والضريبة والجمارك الفاتورة');
    stdout.length = 0;
    await main(['zatca', '--db', dbFile, 'invoice', '--order', refused!.uuid, '--json'], io);
    const doc = JSON.parse(stdout.at(-1)!);
    expect(doc).toMatchObject({ report_state: 'rejected', zatca_status: 'NOT_REPORTED' });
    expect(doc.messages.errors.length).toBeGreaterThan(0);
    expect(doc.advice.en).toContain('keeps its place in the invoice chain');
  });

  it('pauses on a 401 and says so, sends nothing while paused, and goes on from the same document once resumed', { timeout: 120_000 }, async () => {
    const { shop, zatca } = await onboardedShop();
    const sales = await shop.sell(3);
    const clock = new TestClock();
    reporter = new ZatcaReporter({ db: shop.db, secrets: () => new FileSecretStore(shop.db), clock, timeoutMs: TIMEOUT_MS, random: () => 0.5 });
    zatca.faults.unauthorizedNext = 1;
    reporter.start();
    await eventually('the pause', () => reporter!.status().paused === 'unauthenticated');
    // ZATCA refused the CSID: the status says so and what to do.
    expect(reporter.status().lastError).toMatch(/401.*renew the CSID/);
    expect(reporter.status().pending).toBe(3);
    // Time passes and sales are made: nothing goes to ZATCA while paused. The loop is seen idle again (asleep
    // until a ring or its next deadline) after the sale's ring, with no timer left on the clock: no wait of wall time.
    clock.manual.advance(3_600_000);
    const [later] = await shop.sell(1);
    reporter.notify();
    await reporter.whenIdle();
    expect(clock.manual.nextDue()).toBeNull();
    expect(zatca.received()).toHaveLength(0);
    // Not the document's fault: it keeps its attempts.
    expect(reportRows(shop.db)[0]!.attempts).toBe(0);
    reporter.resume();
    await drive(clock, 'every document reported', () => chainSummary(shop.db).unreported === 0);
    expectExactlyOnce(
      zatca.received(),
      [...sales, later!].map((s) => s.uuid),
    );
  });

  it(
    'survives `pos zatca report` killed with SIGKILL while ZATCA holds its answer: the restart reports the rest, nothing twice',
    { timeout: 180_000 },
    async () => {
      const { shop, zatca } = await onboardedShop();
      const sales = await shop.sell(5);
      const dbFile = shop.service.dir.file('till.db');
      const holds = [zatca.hold('POST', REPORTING), zatca.hold('POST', REPORTING), zatca.hold('POST', REPORTING)];
      const child = spawnPos(['zatca', '--db', dbFile, 'report', '--json']);
      const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
      await holds[0]!.arrived;
      holds[0]!.release();
      await holds[1]!.arrived;
      holds[1]!.release();
      // The third document is reported on ZATCA's side; its answer has not left when the till dies.
      await holds[2]!.arrived;
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
      holds[2]!.release();
      expect(zatca.received().map((r) => r.outcome)).toEqual(['REPORTED', 'REPORTED', 'REPORTED']);
      // The till recorded at most what it heard: the third is still pending on its side.
      expect(reportRows(shop.db).filter((r) => r.report_state === 'reported').length).toBeLessThanOrEqual(2);
      expect(reportRows(shop.db)[2]!.report_state).toBe('pending');
      // The status says how long the oldest has waited: these sales are from 2025, far past ZATCA's 24 hours.
      const lines: string[] = [];
      const errs: string[] = [];
      const io: CliIo = { out: (l) => lines.push(l), err: (l) => errs.push(l), interactive: false, env: {} };
      await main(['zatca', '--db', dbFile, 'status', '--json'], io);
      expect(JSON.parse(lines.at(-1)!).oldest_unreported_age_hours).toBeGreaterThan(24);
      expect(errs.join('\n')).toContain('ALARM: a document has waited');

      const again = spawnPos(['zatca', '--db', dbFile, 'report', '--json']);
      let out = '';
      let err = '';
      again.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
      again.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => again.once('exit', resolve));
      expect({ code, err }).toMatchObject({ code: 0 });
      expect(JSON.parse(out.trim().split('\n').at(-1)!)).toMatchObject({ ok: true, pending: 0, rejected: [] });
      expect(err).toContain('ZATCA already had this document (409');
      expect(reportRows(shop.db).map((r) => r.report_state)).toEqual(Array(5).fill('reported'));
      expectExactlyOnce(
        zatca.received(),
        sales.map((s) => s.uuid),
      );
    },
  );

  it('runs in the host beside the order uploader: what was left pending before a restart is reported at start', { timeout: 120_000 }, async () => {
    const { shop, zatca } = await onboardedShop();
    const sales = await shop.sell(3);
    const host = new TillHost({ db: shop.db, events: new EventHub(), secrets: new FileSecretStore(shop.db) });
    expect(host.zatca.status()).toMatchObject({ pending: 3, online: null });
    host.start();
    try {
      await eventually('the host to report the pending documents', () => chainSummary(shop.db).unreported === 0);
      expect(host.zatca.status()).toMatchObject({ pending: 0, synced: 3, online: true, paused: null });
    } finally {
      await host.stop();
    }
    expect(host.zatca.isRunning()).toBe(false);
    expectExactlyOnce(
      zatca.received(),
      sales.map((s) => s.uuid),
    );
  });

  it('started again while stopping (a host restarted), runs again once the old loop ends and reports what is pending', { timeout: 120_000 }, async () => {
    const { shop, zatca } = await onboardedShop();
    reporter = new ZatcaReporter({ db: shop.db, secrets: () => new FileSecretStore(shop.db) });
    reporter.start();
    const stopping = reporter.stop();
    reporter.start();
    await stopping;
    await eventually('the loop to run again', () => reporter!.isRunning());
    const sales = await shop.sell(2);
    reporter.notify();
    await eventually('the restarted loop to report the sales', () => chainSummary(shop.db).unreported === 0);
    expectExactlyOnce(
      zatca.received(),
      sales.map((s) => s.uuid),
    );
  });

  it('sends a document only once the standby hub has it (its wait resolves), never before', { timeout: 120_000 }, async () => {
    const { shop, zatca } = await onboardedShop();
    let release = (): void => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    const sendsWaitFor = (): Promise<void> => {
      asked++;
      return held;
    };
    reporter = new ZatcaReporter({ db: shop.db, secrets: () => new FileSecretStore(shop.db), sendsWaitFor });
    const sales = await shop.sell(1);
    reporter.start();
    reporter.notify();
    await eventually('the reporter asks whether the standby has it', () => asked > 0);
    expect(zatca.received()).toHaveLength(0);
    release();
    await eventually('the sale reported', () => chainSummary(shop.db).unreported === 0);
    expectExactlyOnce(
      zatca.received(),
      sales.map((s) => s.uuid),
    );
  });

  it('pos zatca report on a till that is not onboarded says so and exits 1; a bad flag is a usage error (2)', async () => {
    const dir = tempDir('zatca-report-');
    try {
      const file = dir.file('till.db');
      openDatabase(file).close();
      const errs: string[] = [];
      const io: CliIo = { out: () => undefined, err: (l) => errs.push(l), interactive: false, env: {} };
      expect(await main(['zatca', '--db', file, 'report'], io)).toBe(1);
      expect(errs.join('\n')).toContain('no EGS unit (not onboarded)');
      expect(await main(['zatca', '--db', file, 'report', '--now'], io)).toBe(2);
    } finally {
      dir.cleanup();
    }
  });
});
