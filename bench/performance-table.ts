/**
 * The Performance table of docs/performance.md from the last run of every benchmark
 * (bench/results/*.json, kept in the repository): each figure with the bound
 * it was measured against in the same run, the ratio, the target, and the
 * command that reproduces it. `npm run bench:table` writes it into
 * docs/performance.md; test/unit/bench/performance-table.test.ts checks that it is there.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const PERFORMANCE_TABLE_START = '<!-- performance-table:start (npm run bench:table writes this) -->';
export const PERFORMANCE_TABLE_END = '<!-- performance-table:end -->';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The table, its "Runs:" line and the markers around them, from the result files in `resultsDir`. */
export function performanceTable(resultsDir: string): string {
  function load(name: string): Json | null {
    const file = join(resultsDir, `${name}.json`);
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Json) : null;
  }

  const rows: string[][] = [];
  const row = (what: string, figure: string, bound: string, ratio: string, target: string, met: boolean | null, command: string) =>
    rows.push([what, figure, bound, ratio, `${target}${met === null ? '' : met ? ' ✅' : ' ❌'}`, `\`${command}\``]);
  const ms = (n: number) => `${Math.round(n).toLocaleString('en')} ms`;
  const x = (n: number) => `${n}x`;

  const sync = load('sync');
  if (sync) {
    row(
      `catalog pull, ${sync.products.toLocaleString('en')} products, loopback, ${sync.concurrency === 'default' ? 4 : sync.concurrency} pages in flight`,
      ms(sync.pull_ms),
      `bare sequential fetch of the same ${sync.fetch_bound_pages} requests ${ms(sync.fetch_bound_ms)}${sync.products_only_fetch_ms ? ` (product pages alone ${ms(sync.products_only_fetch_ms)})` : ''}`,
      x(sync.pull_over_fetch_bound),
      '≤ 1.2x',
      sync.targets.pull_within_1_2x_fetch_bound,
      'npm run bench:sync',
    );
    if (sync.pull_phases)
      row(
        "  where that pull's time went",
        `lists ${ms(sync.pull_phases.lists_ms)}, pin ${ms(sync.pull_phases.pin_ms)}, old generation deleted ${ms(sync.pull_phases.drop_old_ms)}`,
        `fetch bound ${ms(sync.fetch_bound_ms)}; bare insert ${ms(sync.insert_bound_ms)}`,
        `lists ${x(Number((sync.pull_phases.lists_ms / sync.fetch_bound_ms).toFixed(2)))} fetch`,
        '—',
        null,
        'npm run bench:sync',
      );
    if (sync.write_lock)
      row(
        '  longest write-lock hold of that pull (a checkout waits at most this)',
        `${sync.write_lock.hold_max_ms} ms`,
        `${sync.write_lock.slices.toLocaleString('en')} transactions of at most ${sync.write_lock.rows_per_slice_max} rows: p50 ${sync.write_lock.hold_p50_ms} ms, p99 ${sync.write_lock.hold_p99_ms} ms; the pin ${sync.write_lock.pin_ms} ms`,
        '—',
        '≤ 20 ms',
        sync.targets.write_lock_at_most_20_ms,
        'npm run bench:sync',
      );
    row(
      '  same pull vs storing its rows',
      ms(sync.pull_ms),
      `bare prepared INSERT of the same ${sync.insert_bound_rows.toLocaleString('en')} rows ${ms(sync.insert_bound_ms)}`,
      `${x(sync.pull_over_insert_bound)} (fetch + insert: ${x(sync.pull_over_fetch_plus_insert)})`,
      '—',
      null,
      'npm run bench:sync',
    );
    row(
      '  peak RSS of that pull (VmHWM)',
      `${sync.peak_rss_mb} MB`,
      `process before the pull ${sync.rss_at_start_mb} MB${sync.hwm_before_pull_mb ? ` (its VmHWM then ${sync.hwm_before_pull_mb} MB)` : ''}`,
      '—',
      '≤ 250 MB',
      sync.targets.peak_rss_at_most_250_mb,
      'npm run bench:sync',
    );
    const slow = sync.slow_link;
    row(
      `pull over a ${slow.latency_ms} ms link, ${slow.per_page} a page, ${slow.products.toLocaleString('en')} products`,
      ms(slow.pull_ms),
      `bare sequential fetch of the same ${slow.pages} requests ${ms(slow.sequential_fetch_ms)}${slow.products_only_fetch_ms ? ` (product pages alone ${ms(slow.products_only_fetch_ms)})` : ''}`,
      x(slow.pull_over_sequential_fetch),
      '≤ 0.5x',
      sync.targets.slow_link_at_most_half_of_sequential_fetch,
      'npm run bench:sync',
    );
    row(
      'product search, two-letter prefix (en / ar), p95',
      `${sync.search.en.p95.toFixed(1)} / ${sync.search.ar.p95.toFixed(1)} ms`,
      '—',
      '—',
      '< 5 ms',
      sync.targets.search_p95_under_5_ms,
      'npm run bench:sync',
    );
  }
  const parse = load('parse');
  if (parse) {
    row(
      `reading a products page (${parse.per_page} records, JSON.parse + zod), inline`,
      `${parse.inline.mean_ms} ms a page`,
      `worker round trip ${parse.worker_round_trip.mean_ms} ms; receiving its answer (structured clone) ${parse.receive_structured_clone.mean_ms} ms on the pull's thread`,
      `worker ${x(parse.worker_round_trip_over_inline)}, receive ${x(parse.receive_over_inline)}`,
      `choice: ${parse.choice}`,
      null,
      'npm run bench:parse',
    );
  }
  const orders = load('orders');
  if (orders) {
    const c = orders.checkout;
    row(
      'checkout commit p99',
      `${c.p99_ms} ms (p50 ${c.p50_ms})`,
      `bare fsynced one-row commit p99 ${c.bare_commit_p99_ms} ms (p50 ${c.bare_commit_p50_ms})`,
      `${x(c.p99_over_bare_p99)} (p50 ${x(c.p50_over_bare_p50)})`,
      '≤ 3x',
      orders.targets.checkout_p99_within_3x_bare,
      'npm run bench:orders',
    );
    // Runs since the signing left the transaction also time each checkout's write transaction alone (its lock hold).
    if (c.lock_p99_ms !== undefined) {
      row(
        '  its write transaction alone (BEGIN IMMEDIATE to the fsynced COMMIT) p99',
        `${c.lock_p99_ms} ms (p50 ${c.lock_p50_ms})`,
        `the same bare commit p99 ${c.bare_commit_p99_ms} ms`,
        x(c.lock_p99_over_bare_p99),
        '≤ 3x',
        orders.targets.checkout_lock_p99_within_3x_bare,
        'npm run bench:orders',
      );
    }
    row(
      '  same checkout without fsync',
      `p50 ${c.no_fsync_p50_ms} ms, p99 ${c.no_fsync_p99_ms} ms`,
      `WAL frames: checkout ${c.wal_frames_per_checkout}, bare ${c.wal_frames_per_bare_commit}`,
      '—',
      '—',
      null,
      'npm run bench:orders',
    );
    const z = orders.zatca;
    if (z) {
      const presigned = z.lock_p99_ms !== undefined;
      row(
        presigned
          ? 'checkout p99 with ZATCA phase 2 (each sale signed before its transaction, chained inside it), signing included'
          : 'checkout commit p99 with ZATCA phase 2 (each sale signed into the chain in its transaction)',
        `${z.p99_ms} ms (p50 ${z.p50_ms})`,
        `the same run's checkout without it, sale for sale, p99 ${z.plain_p99_ms} ms (p50 ${z.plain_p50_ms})`,
        `${x(z.p99_over_plain_p99)} (p50 ${x(z.p50_over_plain_p50)})`,
        '≤ 2x',
        orders.targets.zatca_checkout_p99_within_2x_plain,
        'npm run bench:orders',
      );
      if (presigned) {
        row(
          '  the same against the bare commit',
          `${z.p99_ms} ms`,
          `bare fsynced one-row commit p99 ${c.bare_commit_p99_ms} ms`,
          x(z.p99_over_bare_p99),
          '≤ 3x',
          orders.targets.zatca_checkout_p99_within_3x_bare,
          'npm run bench:orders',
        );
        row(
          '  its write transaction alone p99 (no ECDSA in it)',
          `${z.lock_p99_ms} ms (p50 ${z.lock_p50_ms}; without fsync p50 ${z.lock_no_fsync_p50_ms} ms, plain ${c.lock_no_fsync_p50_ms} ms)`,
          `bare fsynced one-row commit p99 ${c.bare_commit_p99_ms} ms; WAL frames: phase-2 checkout ${z.wal_frames_per_checkout}`,
          x(z.lock_p99_over_bare_p99),
          '≤ 3x',
          orders.targets.zatca_lock_p99_within_3x_bare,
          'npm run bench:orders',
        );
      }
      row(
        '  signing one document alone (UBL, C14N hash, ECDSA, QR)',
        `p50 ${z.sign_p50_ms} ms, p99 ${z.sign_p99_ms} ms`,
        '—',
        '—',
        '—',
        null,
        'npm run bench:orders',
      );
    }
    const d = orders.drain;
    row(
      `upload of ${d.orders.toLocaleString('en')} queued orders`,
      `${ms(d.drain_ms)} (${d.orders_per_second}/s)`,
      `posting the same batches, no database ${ms(d.bound_ms)}`,
      x(d.drain_over_bound),
      '≤ 2x, ≥ 1000/s',
      orders.targets.drain_within_2x_bound && orders.targets.drain_at_least_1000_per_s,
      'npm run bench:orders',
    );
  }
  const print = load('print');
  if (print) {
    row(
      `raster receipt, ${print.lines} lines, 80 mm, cold p99`,
      `${print.raster_cold.p99_ms} ms`,
      `bare canvas of the same ${print.bitmap_dots.width}×${print.bitmap_dots.height} dots + GS v 0 p99 ${print.bound_bare_canvas.p99_ms} ms`,
      x(print.raster_cold_p99_over_canvas_bound),
      '< 50 ms',
      print.target_met,
      'npm run bench:print',
    );
    row(
      '  same receipt vs bytes alone',
      `${print.raster_cold.p99_ms} ms`,
      `bare GS v 0 of a same-size bitmap p99 ${print.bound_bare_gsv0.p99_ms} ms`,
      x(print.raster_cold_p99_over_gsv0_bound),
      '—',
      null,
      'npm run bench:print',
    );
    row(
      'text-mode receipt (Arabic as rasters), cold p99',
      `${print.text_cold.p99_ms} ms`,
      `bare canvas bound ${print.bound_bare_canvas.p99_ms} ms`,
      x(print.text_cold_p99_over_canvas_bound),
      '—',
      null,
      'npm run bench:print',
    );
  }
  const loop = load('event-loop');
  if (loop) {
    row(
      `host event-loop delay p99, ${loop.receipts} receipts printing during checkouts`,
      `${loop.worker.p99} ms (inline rendering: ${loop.inline.p99} ms)`,
      `same checkouts, nothing printing: ${loop.bound.p99} ms`,
      x(loop.worker_p99_over_bound_p99),
      '< 10 ms',
      loop.target_met,
      'npm run bench:event-loop',
    );
  }
  const ui = load('ui');
  if (ui) {
    // Issue 34 item 8: start to a usable first tile, p95 ≤ 1 s on a 100,000-product replica, in either language.
    const startTargets: Record<string, boolean | undefined> = {
      start_to_interactive: ui.targets?.start_to_interactive_p95_at_most_1000_ms,
      arabic_start_to_interactive: ui.targets?.arabic_start_to_interactive_p95_at_most_1000_ms,
    };
    for (const [key, value] of Object.entries(ui)) {
      if (key === 'at' || typeof value !== 'object' || value === null || !('p95_ms' in value)) continue;
      const met = startTargets[key];
      row(`UI: ${key.replace(/_/g, ' ')}, p95`, `${value.p95_ms} ms`, '—', '—', met === undefined ? '—' : '≤ 1,000 ms', met ?? null, 'npm run bench:ui');
    }
  }
  const stations = load('stations');
  if (stations) {
    const { alone, together } = stations;
    row(
      `${stations.stations} stations ringing up at once on one hub (WebSockets, loopback): tap → cart p99`,
      `${together.tap_to_cart.p99_ms} ms (p50 ${together.tap_to_cart.p50_ms})`,
      `one station alone, same hub: ${alone.tap_to_cart.p99_ms} ms (p50 ${alone.tap_to_cart.p50_ms})`,
      x(stations.tap_p99_over_alone),
      '≤ 2x',
      stations.targets.tap_within_2x,
      'npm run bench:stations',
    );
    row(
      `  checkout p99, ${stations.stations} stations at once`,
      `${together.checkout.p99_ms} ms (p50 ${together.checkout.p50_ms})`,
      `one station alone: ${alone.checkout.p99_ms} ms (p50 ${alone.checkout.p50_ms})`,
      x(stations.checkout_p99_over_alone),
      '≤ 2x',
      stations.targets.checkout_within_2x,
      'npm run bench:stations',
    );
    // Where the hub's time goes (issue 37), per call, at each pace the run had: the first pace is the rows above.
    type HubStages = {
      calls_per_second: number;
      hub_busy_share: number;
      per_call_ms: { receive: number; authorize: number; method_without_events: number; answer: number; events: number; queue: number };
    };
    const stages = (hub: HubStages) =>
      `method ${hub.per_call_ms.method_without_events} ms, authorize ${hub.per_call_ms.authorize}, event fan-out ${hub.per_call_ms.events}, ` +
      `answer ${hub.per_call_ms.answer}, receive ${hub.per_call_ms.receive}; queued ${hub.per_call_ms.queue} (hub busy ${Math.round(hub.hub_busy_share * 100)}%)`;
    const rushes = (stations.rushes ?? []) as {
      think_ms_mean: number;
      tap_p99_over_alone: number;
      checkout_p99_over_alone: number;
      hub: HubStages;
      targets: { tap_within_2x: boolean; checkout_within_2x: boolean };
    }[];
    for (const rush of rushes) {
      row(
        `  hub's time per call at ${Math.round(rush.hub.calls_per_second)} calls/s (${stations.stations} stations, ${rush.think_ms_mean} ms think)`,
        stages(rush.hub),
        alone.hub ? `one station alone (${Math.round(alone.hub.calls_per_second)} calls/s): ${stages(alone.hub)}` : '—',
        `tap ${x(rush.tap_p99_over_alone)}, checkout ${x(rush.checkout_p99_over_alone)}`,
        '≤ 2x',
        rush.targets.tap_within_2x && rush.targets.checkout_within_2x,
        'npm run bench:stations',
      );
    }
    const memory = stations.hub_memory;
    row(
      `  hub RSS after ${stations.orders} orders from ${stations.stations} stations`,
      `${memory.after_all_stations.rss_mb} MB (peak ${memory.after_all_stations.peak_rss_mb} MB)`,
      `hub at start ${memory.at_start.rss_mb} MB; after one station ${memory.after_one_station.rss_mb} MB`,
      '—',
      '—',
      null,
      'npm run bench:stations',
    );
  }

  const standby = load('standby');
  if (standby) {
    row(
      `checkout p99 with a standby attached (every answer waits for its acknowledgement), ${standby.stations} stations`,
      `${standby.with_standby.p99_ms} ms (p50 ${standby.with_standby.p50_ms})`,
      `same run, same hub, no standby: ${standby.alone.p99_ms} ms (p50 ${standby.alone.p50_ms})`,
      x(standby.checkout_p99_with_over_without),
      '≤ 1.5x',
      standby.targets.checkout_within_1_5x,
      'npm run bench:standby',
    );
    row(
      `  standby lag while ${standby.stations} stations sell, p99`,
      `${standby.standby_lag.changes_p99} changes, ${standby.standby_lag.ms_p99} ms (max ${standby.standby_lag.changes_max}, ${standby.standby_lag.ms_max} ms)`,
      '—',
      '—',
      '—',
      null,
      'npm run bench:standby',
    );
    if (standby.failover)
      row(
        `  hub SIGKILLed → a station's checkout succeeds on the standby, hub.failover_seconds ${standby.failover.failover_seconds}`,
        ms(standby.failover.kill_to_checkout_ms),
        `hub.failover_seconds + 5 s: ${ms((standby.failover.failover_seconds + 5) * 1000)}`,
        '—',
        '≤ failover + 5 s',
        standby.targets.failover_within_seconds_plus_5,
        'npm run bench:standby',
      );
  }

  const floor = load('floor');
  if (floor) {
    row(
      `send → ticket on the kitchen display (event heard, board read), ${floor.open_tabs} open tabs across ${floor.stations} stations, p99`,
      `${floor.send_to_board.p99_ms} ms (p50 ${floor.send_to_board.p50_ms})`,
      `same run, same hub: commit round trip p99 ${floor.bound.commit_round_trip.p99_ms} ms + board read p99 ${floor.bound.board_read.p99_ms} ms = ${floor.bound.p99_sum_ms} ms`,
      x(floor.send_p99_over_bound),
      '≤ 2x',
      floor.targets.send_within_2x_bound,
      'npm run bench:floor',
    );
  }

  const cli = load('cli-start');
  if (cli) {
    const bare = cli.commands['node -e 0'];
    for (const name of ['pos outbox', 'pos settings']) {
      const command = cli.commands[name];
      if (!command) continue;
      row(
        `\`${name}\` start to exit on a small replica (built CLI), median of ${command.runs}`,
        `${command.wall_ms} ms, peak ${command.peak_mb} MB`,
        `\`node -e 0\`: ${bare.wall_ms} ms, ${bare.peak_mb} MB`,
        x(command.over_node_e_0),
        '≤ 300 ms and ≤ 80 MB',
        command.wall_ms <= 300 && command.peak_mb <= 80,
        'npm run bench:cli',
      );
    }
  }

  const header = ['what', 'last run', 'bound (same run)', 'ratio', 'target', 'command'];
  const lines = [PERFORMANCE_TABLE_START, `| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  for (const r of rows) lines.push(`| ${r.join(' | ')} |`);
  const dates = ['sync', 'parse', 'orders', 'print', 'event-loop', 'ui', 'stations', 'floor', 'cli-start', 'standby']
    .map((n) => [n, load(n)?.at])
    .filter(([, at]) => at);
  lines.push(
    '',
    `Runs: ${dates
      .map(([n, at]) => {
        const machine = load(n!)?.load_average;
        return `${n} ${String(at).slice(0, 16).replace('T', ' ')} UTC${machine ? ` (load average ${Number(machine['5m']).toFixed(1)} over 5 min on 2 cores)` : ''}`;
      })
      .join(', ')}.`,
  );
  lines.push(PERFORMANCE_TABLE_END);
  return lines.join('\n');
}
