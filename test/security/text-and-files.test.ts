import { statSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanLine, cleanLines, cleanText } from '../../src-shared/text/index.ts';
import { tillInputs } from '../../src-shared/selling/index.ts';
import { schemaOf } from '../../src-shared/wire/schema-from-table.ts';
import { openDatabase } from '../../src-main/db/index.ts';
import { saleProducts } from '../../src-main/catalog/index.ts';
import { readPrintJobs } from '../../src-main/printing/queue/print-job-store.ts';
import { readOrder } from '../../src-main/orders/index.ts';
import { openPrintingShop, type PrintingShop } from '../integration/printing/printing-shop.ts';
import { tempDir } from '../support/temp-dir.ts';

// Findings: a NUL in a note or a product name made measureText throw and the
// order's print job fail for good; database files got the default umask.

describe('text from outside is clean before it is stored or printed', () => {
  it("strips C0/C1 controls and bidi overrides, keeps Arabic, direction marks and a note's line breaks", () => {
    expect(cleanText('Latte\u0000\u0007 \u202Eإضافي\u202C\u0085')).toBe('Latte إضافي');
    expect(cleanText('a\r\nb\tc', { multiline: true })).toBe('a\nb c');
    expect(cleanText('a\nb')).toBe('a b');
    // Line and paragraph separators are line breaks (an XML reader may read them back as LF from a signed invoice).
    expect(cleanText('a\u2028b\u2029c')).toBe('a b c');
    expect(cleanText('a\u2028b\u2029c', { multiline: true })).toBe('a\nb\nc');
    expect(cleanText('\u200Fقهوة\u200E 2')).toBe('\u200Fقهوة\u200E 2');
    expect(cleanText('x\uD800y')).toBe('x\uFFFDy');
    // The fast paths agree with the full cleaning, and hand clean text back as it came.
    for (const dirty of ['Latte\u0000', 'a\r\nb', 'a\tb', '\u2066x\u2069', 'emoji 😀 ok', 'x\uDC00', 'a\u2028b\u2029c']) {
      expect(cleanLine(dirty)).toBe(cleanText(dirty));
      expect(cleanLines(dirty)).toBe(cleanText(dirty, { multiline: true }));
    }
    expect(cleanLines('two\nlines')).toBe('two\nlines');
  });

  it('cleans notes, labels, reasons and names in the till API inputs, never an id or a barcode', () => {
    const item = tillInputs.addItem.parse({ product_id: 'p\u00001', notes: 'no\u0000 sugar\u202E\nextra hot' });
    expect(item.notes).toBe('no sugar\nextra hot');
    expect(item.product_id).toBe('p\u00001');
    expect(tillInputs.updateItem.parse({ line_id: 'l1', notes: 'a\u0007b' }).notes).toBe('ab');
    expect(tillInputs.parkCart.parse({ label: ' table\u0000 4 ' }).label).toBe('table 4');
    expect(tillInputs.refund.parse({ uuid: 'u', reason: '\u202Ewrong\u0000 item' }).reason).toBe('wrong item');
    expect(tillInputs.cashMovement.parse({ kind: 'OUT', amount: 100, reason: 'float\u009b' }).reason).toBe('float');
    expect(tillInputs.addCashier.parse({ name: 'Sara\u0000', role: 'cashier', pin: '1234' }).name).toBe('Sara');
    expect(tillInputs.customers.parse({ query: 'Ali\u0000' }).query).toBe('Ali');
    expect(tillInputs.scan.parse({ code: '6281000\u0000' }).code).toBe('6281000\u0000');
  });

  it("cleans names and descriptions in the service's records as they are read, never ids or codes", () => {
    const modifier = schemaOf('modifier', '2.5.0').parse({
      id: 'm\u00001',
      product_id: 'p1',
      name_en: 'Oat\u0000 milk',
      name_ar: 'حليب\u202E',
      price: '1.00',
    }) as Record<string, unknown>;
    expect(modifier).toMatchObject({ id: 'm\u00001', name_en: 'Oat milk', name_ar: 'حليب' });
    const barcode = schemaOf('barcode', '2.5.0').parse({ barcode: '628\u0000', product_id: 'p1' }) as Record<string, unknown>;
    expect(barcode['barcode']).toBe('628\u0000');
  });
});

describe('a NUL in a product name and in a note reaches a real printer harmlessly', () => {
  let shop: PrintingShop;
  afterEach(async () => shop?.close());

  it('prints the order (job done, bytes received by the TCP sink) and stores the text clean', async () => {
    shop = await openPrintingShop({ bind: ['Cashier'], flags: { Cashier: ['PRINT_AUTO', 'MULTILINGUAL', 'PRODUCT_SHOW'] } });
    const tenant = shop.service.emulator.tenant;
    const product = tenant.products.find((p) => p.category_id === 1 && p.is_active && p.deleted_at === null)!;
    product.name_en = 'Nul\u0000 Latte\u202E';
    product.name_ar = 'لاتيه\u0000 صفر';
    await shop.service.pull(shop.db);

    const order = await shop.sell({ items: [{ categoryId: 1, notes: 'no\u0000 sugar\nextra\u0007 hot' }], pay: 'CASH' });
    await shop.settle();
    expect(readPrintJobs(shop.db, order.uuid)).toMatchObject([{ state: 'done', last_error: null }]);
    const [job] = await shop.sinks.get('Cashier')!.waitForJobs(1);
    expect(job!.decoded.text).toContain('Nul Latte');
    expect(job!.decoded.text).not.toContain('\u0000');
    const [stored] = saleProducts(shop.db, [product.id]);
    expect(stored).toMatchObject({ name_en: 'Nul Latte', name_ar: 'لاتيه صفر' });
    const record = readOrder(shop.db, order.uuid)!;
    expect(record.lines[0]).toMatchObject({ name_en: 'Nul Latte', name_ar: 'لاتيه صفر', notes: 'no sugar\nextra hot' });
  });
});

describe('files at rest', () => {
  let dir: ReturnType<typeof tempDir>;
  beforeEach(() => (dir = tempDir('till-perm-')));
  afterEach(() => dir.cleanup());

  it('writes the database and its WAL 0600 in a 0700 folder it creates', () => {
    const previous = process.umask(0o022);
    try {
      const file = dir.file('shop/till.db');
      const db = openDatabase(file);
      db.exec("INSERT INTO settings (key, value) VALUES ('k', '1')");
      const mode = (path: string) => statSync(path).mode & 0o777;
      expect(mode(dir.file('shop'))).toBe(0o700);
      expect(mode(file)).toBe(0o600);
      expect(mode(`${file}-wal`)).toBe(0o600);
      db.close();
    } finally {
      process.umask(previous);
    }
  });
});
