import { beforeEach, describe, expect, it } from 'vitest';
import { bindPrinter, readTillPrinters } from '../../../src-main/printing/index.ts';
import type { TabView } from '../../../src-shared/floor/index.ts';
import type { TillApi } from '../../../src-shared/api/index.ts';
import { PINS, threeStations, type Station } from '../stations/station-branch.ts';
import { pairingHubPerTest } from '../../support/pairing-hub.ts';
import { refusal } from '../../support/refusal.ts';

// Issue 21, "Tests and figures", over real WebSockets on one hub: stations
// adding rounds to one tab at once (no line lost, none applied twice, the
// stale change refused naming what changed), sending rounds to the kitchen
// (tickets by category through the print queue), removing a sent line only
// with a manager's approval, moving and merging, and a split tab paid at two
// stations: two orders, each its station's, each uploaded once.

const hub = pairingHubPerTest(21);
let stations: Station[];
let products: string[];

beforeEach(async () => {
  ({ stations, products } = await threeStations(hub.web, hub.service));
});

/** Adds one round of one line, reading the tab again and retrying whenever another station changed it first; counts the refusals. */
async function addRoundRetrying(api: TillApi, tabId: string, productId: string, quantity: number, stale: { count: number }): Promise<TabView> {
  for (;;) {
    const { version } = await api.tab({ tab_id: tabId });
    try {
      return await api.addRound({ tab_id: tabId, version, lines: [{ product_id: productId, quantity }] });
    } catch (error) {
      if ((error as { code?: string }).code !== 'stale_tab') throw error;
      stale.count++;
    }
  }
}

describe('open tabs on the hub', () => {
  it('two stations adding rounds to one tab at once: none lost, none twice, the stale one refused naming what changed', { timeout: 180_000 }, async () => {
    const [a, b] = stations.map((s) => s.api);
    const floor = await a!.floor();
    expect(floor.map((t) => t.state)).toEqual(floor.map(() => 'free'));
    const table = floor.find((t) => t.name === 'T4')!;
    const opened = await a!.openTab({ table_id: table.id, guests: 4 });
    // The second screen on the same table finds the same tab: never a second order for one table.
    const same = await b!.openTab({ table_id: table.id });
    expect(same.id).toBe(opened.id);
    expect(same.version).toBe(1);

    // Both saw version 1 and send at once: exactly one applies, the other is refused and names the first's round.
    const both = await Promise.allSettled([
      a!.addRound({ tab_id: opened.id, version: 1, lines: [{ product_id: products[0]!, quantity: 1 }] }),
      b!.addRound({ tab_id: opened.id, version: 1, lines: [{ product_id: products[1]!, quantity: 2 }] }),
    ]);
    const applied = both.filter((r) => r.status === 'fulfilled');
    const refused = both.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(applied).toHaveLength(1);
    expect(refused).toHaveLength(1);
    const error = refused[0]!.reason as { code: string; message: string; reason: { code: string; params: Record<string, unknown> } };
    expect(error.code).toBe('stale_tab');
    expect(error.reason.code).toBe('tab.stale.round');
    expect(error.reason.params).toMatchObject({ tab: 'T4', count: 1 });
    expect(error.message).toMatch(/the tab "T4" changed since this screen saw it \(version 2 now\): a round of 1 line\(s\) was added \(at [AB]/);

    // Then many rounds from all three stations at once, each retrying on a stale version: every one lands once.
    const stale = { count: 0 };
    const ROUNDS = 4;
    await Promise.all(
      stations.map(async (station, i) => {
        for (let r = 0; r < ROUNDS; r++) await addRoundRetrying(station.api, opened.id, products[i]!, r + 1, stale);
      }),
    );
    const tab = await a!.tab({ tab_id: opened.id });
    const firstRound = applied.length;
    expect(tab.lines).toHaveLength(firstRound + stations.length * ROUNDS);
    expect(new Set(tab.lines.map((l) => l.line_id)).size).toBe(tab.lines.length);
    for (const [i] of stations.entries()) {
      const quantities = tab.lines
        .filter((l) => l.product_id === products[i] && l.round > 1)
        .map((l) => l.quantity)
        .sort();
      expect(quantities, `station ${i}'s rounds`).toEqual([1, 2, 3, 4]);
    }
    // Every change is one version: opened, the first round, then one per round that landed.
    expect(tab.version).toBe(2 + stations.length * ROUNDS);
    expect(tab.changes.map((c) => c.kind)).toEqual(['opened', ...Array.from({ length: 1 + stations.length * ROUNDS }, () => 'round')]);
    expect(tab.total).toBe(tab.lines.reduce((acc, l) => acc + l.total, 0));
    // The floor view shows the table with its open tab, total and guests.
    const seen = (await b!.floor()).find((t) => t.id === table.id)!;
    expect(seen).toMatchObject({ state: 'open', tab: { id: opened.id, total: tab.total, guests: 4, unsent: tab.lines.length } });
  });

  it(
    'sends rounds to the kitchen by category, removes a sent line only with approval, moves, merges, splits and is paid at two stations once each',
    { timeout: 180_000 },
    async () => {
      const [a, b, c] = stations.map((s) => s.api);
      // The demo's kitchen printers (Bar, Kitchen) bound on this hub, so a round's tickets become print jobs.
      const kitchens = readTillPrinters(hub.web.db).filter((p) => p.kind === 'kitchen');
      expect(kitchens.length).toBeGreaterThan(0);
      for (const printer of kitchens) bindPrinter(hub.web.db, printer.id, { address: 'tcp://127.0.0.1:9' }, { allowLoopback: true, extraPorts: [] });
      const documentJobs = () =>
        hub.web.db.prepare("SELECT printer_id, document FROM print_jobs WHERE kind = 'document'").all() as { printer_id: string; document: string }[];

      const tables = await a!.floor();
      const [t1, t2, t3] = tables;
      let tab = await a!.openTab({ table_id: t1!.id, guests: 2 });
      tab = await a!.addRound({ tab_id: tab.id, version: tab.version, lines: products.slice(0, 4).map((id) => ({ product_id: id, quantity: 1 })) });
      expect(tab.unsent).toBe(4);
      tab = await b!.sendRound({ tab_id: tab.id, version: tab.version });
      expect(tab.unsent).toBe(0);
      expect(tab.lines.every((l) => l.sent_at !== null)).toBe(true);
      const tickets = documentJobs();
      expect(tickets.length).toBeGreaterThan(0);
      // Each ticket goes to the kitchen printer whose categories its lines are in, and names the table.
      for (const job of tickets) {
        const printer = kitchens.find((p) => p.id === job.printer_id)!;
        const routed = tab.lines.filter((l) => printer.categories.has(l.category_id));
        expect(routed.length).toBeGreaterThan(0);
        for (const line of routed) expect(job.document).toContain(line.name_en);
        expect(job.document).toContain(t1!.name);
      }
      expect(await refusal(b!.sendRound({ tab_id: tab.id, version: tab.version }))).toMatchObject({ reason: { code: 'tab.nothingToSend' } });

      // A line the kitchen has goes only with a manager's approval; an unsent one goes freely.
      const sentLine = tab.lines[0]!;
      expect(await refusal(b!.removeTabLine({ tab_id: tab.id, version: tab.version, line_id: sentLine.line_id }))).toMatchObject({
        code: 'not_allowed',
        reason: { params: { action: 'void-sent-line' } },
      });
      expect((await b!.tab({ tab_id: tab.id })).lines).toHaveLength(4);
      tab = await b!.removeTabLine({ tab_id: tab.id, version: tab.version, line_id: sentLine.line_id, approval: { manager_pin: PINS.huda } });
      expect(tab.lines.map((l) => l.line_id)).not.toContain(sentLine.line_id);
      tab = await c!.addRound({ tab_id: tab.id, version: tab.version, lines: [{ product_id: products[4]!, quantity: 1 }] });
      const unsent = tab.lines.find((l) => l.sent_at === null)!;
      tab = await c!.removeTabLine({ tab_id: tab.id, version: tab.version, line_id: unsent.line_id });
      expect(tab.lines).toHaveLength(3);

      // Another party on T2 joins them: merged into T1's tab, then the whole group moves to T3.
      let other = await b!.openTab({ table_id: t2!.id, guests: 3 });
      other = await b!.addRound({ tab_id: other.id, version: other.version, lines: [{ product_id: products[5]!, quantity: 3 }] });
      const before = tab.total + other.total;
      tab = await a!.mergeTabs({ tab_id: tab.id, version: tab.version, from_tab_id: other.id, from_version: other.version });
      expect(tab.lines).toHaveLength(4);
      expect(tab.total).toBe(before);
      expect(tab.guests).toBe(5);
      const merged = await b!.tab({ tab_id: other.id });
      expect(merged).toMatchObject({ state: 'merged', merged_into: tab.id });
      // The screen that still shows T2's old tab is told it was merged away.
      expect(await refusal(b!.addRound({ tab_id: other.id, version: other.version, lines: [{ product_id: products[0]!, quantity: 1 }] }))).toMatchObject({
        code: 'stale_tab',
        reason: { code: 'tab.stale.mergedAway' },
      });
      tab = await c!.moveTab({ tab_id: tab.id, version: tab.version, table_id: t3!.id });
      expect(tab).toMatchObject({ label: t3!.name, table_id: t3!.id });
      const floor = await a!.floor();
      expect(floor.filter((t) => t.state !== 'free').map((t) => t.id)).toEqual([t3!.id]);

      // Split evenly in two and paid at two stations at once: two orders, each under its station, cashier and drawer.
      tab = await a!.splitTab({ tab_id: tab.id, version: tab.version, evenly: 2 });
      expect(tab.state).toBe('split');
      expect(tab.parts.map((p) => p.total).reduce((x, y) => x + y, 0)).toBe(tab.total);
      const version = tab.version;
      const paid = await Promise.allSettled([
        a!.payTab({ tab_id: tab.id, version, part: 1, payments: [{ method_key: 'CASH', amount: tab.parts[0]!.total }] }),
        b!.payTab({ tab_id: tab.id, version, part: 2, payments: [{ method_key: 'CASH', amount: tab.parts[1]!.total }] }),
      ]);
      // One of the two saw the tab before the other's payment: refused as stale, it pays again on the new version.
      const orders = paid.filter((p) => p.status === 'fulfilled').map((p) => p.value);
      expect(orders).toHaveLength(1);
      const late = paid.findIndex((p) => p.status === 'rejected');
      expect((paid[late] as PromiseRejectedResult).reason).toMatchObject({ code: 'stale_tab', reason: { code: 'tab.stale.paid' } });
      const again = await b!.tab({ tab_id: tab.id });
      const lateApi = [a, b][late]!;
      orders.push(
        await lateApi.payTab({ tab_id: tab.id, version: again.version, part: late + 1, payments: [{ method_key: 'CASH', amount: tab.parts[late]!.total }] }),
      );
      // Paying a part twice is refused; nothing is charged twice.
      const done = await a!.tab({ tab_id: tab.id });
      expect(await refusal(c!.payTab({ tab_id: tab.id, version: done.version, part: 1, payments: [{ method_key: 'CASH', amount: 1 }] }))).toMatchObject({
        reason: { code: 'tab.closed' },
      });
      expect(done.state).toBe('paid');
      expect(done.parts.map((p) => p.order_uuid).sort()).toEqual(orders.map((o) => o.uuid).sort());
      expect(orders.map((o) => o.total).reduce((x, y) => x + y, 0)).toBe(tab.total);
      expect(new Set(orders.map((o) => o.number.split('-')[0])).size).toBe(2);
      for (const [i, api] of [a, b].entries()) {
        const order = orders.find((o) => o.cashier_id === stations[i]!.cashierId)!;
        expect(order.shift_id).toBe((await api!.staffState()).shift!.id);
        expect(order.table_id).toBe(t3!.id);
      }
      // No kitchen ticket at payment: the rounds were sent already.
      expect(hub.web.db.prepare("SELECT count(*) AS n FROM print_jobs WHERE kind = 'kitchen'").get()).toEqual({ n: 0 });
      // The paid table waits to be cleared, then is free.
      expect((await a!.floor()).find((t) => t.id === t3!.id)!.state).toBe('paid');
      await c!.clearTab({ tab_id: tab.id, version: done.version });
      expect((await a!.floor()).find((t) => t.id === t3!.id)!.state).toBe('free');

      // One outbox entry per order; each reaches the service once.
      const outbox = hub.web.db.prepare('SELECT order_uuid, count(*) AS n FROM outbox GROUP BY order_uuid').all() as { order_uuid: string; n: number }[];
      expect(outbox.map((row) => row.n)).toEqual([1, 1]);
      await a!.syncNow();
      await expect.poll(async () => (await a!.syncStatus()).pending, { timeout: 60_000 }).toBe(0);
      expect(new Set(hub.service.emulator.orders.keys())).toEqual(new Set(orders.map((o) => o.uuid)));
    },
  );
});
