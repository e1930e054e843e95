import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src-main/db/index.ts';
import type { Station } from '../../../src-shared/stations/index.ts';
import { posInProcess as pos } from '../../support/pos-in-process.ts';
import { runPos } from '../../support/run-pos.ts';
import { tempDir } from '../../support/temp-dir.ts';

// `pos stations` (issue 20): the branch's stations from the command line, on a
// real SQLite file. The CLI's own `main` runs most calls in this process (a
// spawned node costs seconds on a loaded machine); a few go through bin/pos.mjs
// as a person types them, to show the exit codes a shell sees.

let dir: ReturnType<typeof tempDir>;
beforeAll(() => {
  dir = tempDir('stations-cli-');
});
afterAll(() => dir.cleanup());

describe('pos stations', () => {
  it('lists, adds, renames and removes stations, with exit 0, 1 when refused and 2 for a usage mistake', { timeout: 300_000 }, async () => {
    const db = dir.file('till.db');
    // The catalog's printers, as a pull would leave them (a new till's first station is A).
    const open = openDatabase(db);
    open.prepare("INSERT INTO printers (id, name, settings) VALUES ('7', 'Front receipt', '{}'), ('9', 'Bar', '{}')").run();
    open.close();

    const first = await pos(['stations', '--db', db]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^A {3}Counter A {2}counter {2}receipt: usual {2}drawer: usual$/m);

    const added = await runPos(['stations', '--db', db, 'add', 'Drive-through', '--code', 'B', '--receipt-printer', '7', '--drawer-printer', '9']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain('B   Drive-through  counter  receipt: Front receipt (7)  drawer: Bar (9)');
    expect(added.stderr).toMatch(/B-001, B-002/);

    const json = await pos(['stations', '--db', db, 'add', 'Kitchen screen', '--code', 'K', '--kind', 'kitchen_display', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ code: 'K', name: 'Kitchen screen', kind: 'kitchen_display', receipt_printer_id: null });

    // A customer display shows one counter's cart: given at add, changed with `shows`, none to leave it idle.
    const display = await pos(['stations', '--db', db, 'add', 'Customer screen', '--code', 'D', '--kind', 'customer_display', '--shows', 'B']);
    expect(display.code, display.stderr).toBe(0);
    expect(display.stdout).toContain('D   Customer screen  customer_display  shows the cart of: B');
    expect(display.stderr).toBe('Added customer display D, "Customer screen": it shows the cart of counter B.\n');
    expect((await pos(['stations', '--db', db, 'shows', 'D', 'A'])).stderr).toBe('Customer display D shows the cart of counter A.\n');
    expect((await pos(['stations', '--db', db, 'shows', 'D', 'none'])).stderr).toBe('Customer display D shows no counter: it stays idle.\n');
    expect((await pos(['stations', '--db', db, 'shows', 'D', 'K'])).stderr).toMatch(/shows the cart of a counter in use, and K is none/);
    expect((await pos(['stations', '--db', db, 'shows', 'B', 'A'])).stderr).toMatch(/only a customer display shows a counter's cart; station B is a counter/);
    expect((await pos(['stations', '--db', db, 'add', 'Till', '--code', 'E', '--shows', 'A'])).code).toBe(1);
    expect((await pos(['stations', '--db', db, 'shows', 'D', 'B'])).code).toBe(0);

    const taken = await runPos(['stations', '--db', db, 'add', 'Again', '--code', 'B']);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toBe('pos stations: the code B is already the station "Drive-through"; pick another code\n');
    expect((await pos(['stations', '--db', db, 'add', 'C', '--code', 'C', '--receipt-printer', '404'])).stderr).toMatch(/no printer "404"/);
    expect((await pos(['stations', '--db', db, 'add', 'Lower', '--code', 'c'])).stderr).toMatch(/not one or two capital letters/);
    for (const wrong of [
      ['add', 'No code'],
      ['add', 'X', '--code', 'X', '--kind', 'bar'],
      ['rename', 'B'],
      ['remove'],
      ['close', 'B'],
      ['remove', 'B', '--code', 'B'],
      ['shows', 'D'],
      ['rename', 'B', 'X', '--shows', 'A'],
      ['list', '--wat'],
    ]) {
      const result = await pos(['stations', '--db', db, ...wrong]);
      expect(result.code, wrong.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/usage: pos stations/);
    }

    expect((await pos(['stations', '--db', db, 'rename', 'B', 'Window'])).stderr).toBe('Station B is now "Window".\n');
    expect((await pos(['stations', '--db', db, 'rename', 'Q', 'x'])).code).toBe(1);

    const removed = await pos(['stations', '--db', db, 'remove', 'A']);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stderr).toMatch(/Removed station A/);
    // B is the last counter now (K is a kitchen display).
    const last = await pos(['stations', '--db', db, 'remove', 'B']);
    expect(last.code).toBe(1);
    expect(last.stderr).toMatch(/"Window" \(B\) is the last counter; add another station before removing it/);
    expect((await pos(['stations', '--db', db, 'add', 'Back', '--code', 'A'])).stderr).toMatch(/belonged to the removed station "Counter A"/);

    const spawned = await runPos(['stations', '--db', db, 'remove']);
    expect(spawned.code).toBe(2);
    expect(spawned.stderr).toMatch(/^pos stations: remove takes one CODE\nusage: pos stations --db FILE \[list\] \[--json\]/);

    const list = JSON.parse((await pos(['stations', '--db', db, '--json'])).stdout) as Station[];
    expect(list.map((s) => [s.code, s.name, s.kind, s.shows_cart_of])).toEqual([
      ['B', 'Window', 'counter', null],
      ['K', 'Kitchen screen', 'kitchen_display', null],
      ['D', 'Customer screen', 'customer_display', 'B'],
    ]);
  });
});
