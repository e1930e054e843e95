import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src-main/db/index.ts';
import type { SoldOutView } from '../../../src-shared/selling/index.ts';
import { TillService } from '../../../src-main/host/index.ts';
import { posInProcess as pos } from '../../support/pos-in-process.ts';
import { tempDir } from '../../support/temp-dir.ts';

// `pos products` (issue 34 item 6): what is sold out today, from the command
// line, through the till API a screen calls, on a real SQLite file holding a
// product with an option as a catalog pull leaves them.

let dir: ReturnType<typeof tempDir>;
beforeAll(() => {
  dir = tempDir('products-cli-');
});
afterAll(() => dir.cleanup());

function seedCatalog(file: string): void {
  const db = openDatabase(file);
  db.prepare(
    `INSERT INTO products (id, market_id, category_id, name_en, name_ar, sort_order, is_active, created_at, updated_at,
       rating_amount, rating_avg, sold_amount, sold_revenue, search_text)
     VALUES ('p-latte', 'm1', 1, 'Latte', 'لاتيه', 1, 1, 0, 0, 0, '0', 0, 0, 'latte')`,
  ).run();
  db.prepare("INSERT INTO modifiers (id, product_id, name_en, name_ar, price, position) VALUES ('m-oat', 'p-latte', 'Oat milk', 'حليب الشوفان', 200, 1)").run();
  db.close();
}

describe('pos products', () => {
  it('marks a product and an option sold out and back, lists them, with exit 0, 1 when refused and 2 for a usage mistake', { timeout: 300_000 }, async () => {
    const file = dir.file('till.db');
    seedCatalog(file);

    const empty = await pos(['products', '--db', file, 'list']);
    expect(empty.code, empty.stderr).toBe(0);
    expect(empty.stdout).toBe('');
    expect(empty.stderr).toContain('0 sold out today.');

    const product = await pos(['products', '--db', file, 'sold-out', 'p-latte']);
    expect(product.code, product.stderr).toBe(0);
    expect(product.stdout).toMatch(/^product {2}p-latte {2}Latte {2}\(لاتيه\) {2}since \d\d:\d\d by /m);
    // An option's id is found as an option.
    const option = await pos(['products', '--db', file, 'sold-out', 'm-oat', '--json']);
    expect(option.code, option.stderr).toBe(0);
    expect((JSON.parse(option.stdout) as SoldOutView[]).map((m) => [m.kind, m.id, m.product_id])).toEqual([
      ['product', 'p-latte', 'p-latte'],
      ['modifier', 'm-oat', 'p-latte'],
    ]);

    // The screens' till on the same file sees the marks and refuses the add.
    const db = openDatabase(file);
    try {
      const till = new TillService({ db });
      expect((await till.soldOut()).map((m) => m.id)).toEqual(['p-latte', 'm-oat']);
      await expect(till.addItem({ product_id: 'p-latte' })).rejects.toMatchObject({ code: 'sold_out' });
    } finally {
      db.close();
    }

    const back = await pos(['products', '--db', file, 'back', 'p-latte', '--json']);
    expect(back.code, back.stderr).toBe(0);
    expect((JSON.parse(back.stdout) as SoldOutView[]).map((m) => m.id)).toEqual(['m-oat']);
    const list = await pos(['products', '--db', file, '--json']);
    expect((JSON.parse(list.stdout) as SoldOutView[]).map((m) => m.id)).toEqual(['m-oat']);

    const unknown = await pos(['products', '--db', file, 'sold-out', 'nope']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('this till has no option nope');
    const usage = await pos(['products', '--db', file, 'sold-out']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('takes one ID');
    expect((await pos(['products', '--db', file, 'sell', 'p-latte'])).code).toBe(2);
    expect((await pos(['products', 'list'])).code).toBe(2);
  });
});
