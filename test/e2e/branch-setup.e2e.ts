// Issue 10, part 5: an installer sets up a branch from the Branch screen:
// binds the cashier printer to a (virtual) network printer and test-prints
// it, routes a category to another kitchen printer, sets the VAT number;
// then a sale prints its receipt (with the VAT number in its QR code) and
// the kitchen ticket on the right printers. In English and in Arabic, with
// the screenshots kept in docs/.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { addProduct, CAPPUCCINO_OAT, closeNotices, CROISSANT, docsShot, expectInfoNotice, pairTill, type Lang } from './till-page.ts';
import { startTillServer, type TillServer } from './till-server.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const VAT = '300000000000003';

/** `pos printer-sink` as its own process: a network printer that saves each job as text. */
interface Sink {
  port: number;
  dir: string;
  /** The decoded text of job n (1-based), once it has arrived. */
  job(n: number): Promise<string>;
  stop(): Promise<void>;
}

async function startSink(dir: string): Promise<Sink> {
  const child: ChildProcess = spawn(process.execPath, [join(root, 'bin/pos.mjs'), 'printer-sink', '--port', '0', '--out', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { port } = await new Promise<{ port: number }>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line) as { port: number }));
    child.once('exit', (code) => reject(new Error(`printer-sink exited with ${code}`)));
  });
  return {
    port,
    dir,
    async job(n) {
      const file = join(dir, `${n}.txt`);
      await expect.poll(() => existsSync(file), { timeout: 30_000, message: `job ${n} at the printer in ${dir}` }).toBe(true);
      // The text file is written after the bytes: wait until it is complete (ends with the cut).
      await expect.poll(() => readFileSync(file, 'utf8'), { timeout: 10_000 }).toMatch(/cut\]/);
      return readFileSync(file, 'utf8');
    },
    async stop() {
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The VAT number (tag 2) of a ZATCA QR payload (base64 TLV). */
function zatcaVat(base64: string): string | null {
  const bytes = Buffer.from(base64, 'base64');
  for (let i = 0; i + 2 <= bytes.length;) {
    const tag = bytes[i]!;
    const length = bytes[i + 1]!;
    if (tag === 2) return bytes.subarray(i + 2, i + 2 + length).toString('utf8');
    i += 2 + length;
  }
  return null;
}

function card(page: Page, name: string) {
  return page.locator(`[data-testid="branch-printer"][data-name="${name}"]`);
}

let server: TillServer;
let scratch: string;
let receiptSink: Sink;
let kitchenSink: Sink;
test.beforeEach(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'till-branch-e2e-'));
  receiptSink = await startSink(join(scratch, 'receipt'));
  kitchenSink = await startSink(join(scratch, 'bar'));
  server = await startTillServer();
});
test.afterEach(async () => {
  await server.stop();
  await receiptSink.stop();
  await kitchenSink.stop();
  rmSync(scratch, { recursive: true, force: true });
});

for (const lang of ['en', 'ar'] as Lang[]) {
  test(`a branch is set up from the Branch screen and prints where it was told (${lang})`, async ({ page }) => {
    const saved = lang === 'ar' ? 'تم الحفظ' : 'Saved';
    const guard = await pairTill(page, server.url, lang);

    // F4 opens the Branch screen; the top bar button does the same.
    await page.keyboard.press('F4');
    await expect(page.getByTestId('branch-screen')).toBeVisible();
    await expect(page.getByTestId('branch-tab-printers')).toHaveText(lang === 'ar' ? /الطابعات/ : /Printers/);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');

    // Printers: the flags are the service's; bind the cashier printer to our network printer at 58 mm.
    const cashier = card(page, 'Cashier');
    // Printer flags in plain words, never the service's constants.
    await expect(cashier).toContainText(lang === 'ar' ? 'تفتح درج النقد' : 'Opens the cash drawer');
    await expect(cashier).not.toContainText('DRAWER_OPEN');
    await cashier.getByTestId('branch-printer-address').fill(`tcp://127.0.0.1:${receiptSink.port}`);
    await cashier.getByTestId('branch-printer-width-58').check({ force: true });
    // Every tab saves the same way: the screen's one bar.
    await expect(page.getByTestId('branch-save-bar')).toHaveAttribute('data-dirty', 'true');
    await expectInfoNotice(page, saved, () => page.getByTestId('branch-save').click());
    await expect(page.getByTestId('branch-save-bar')).toHaveAttribute('data-dirty', 'false');
    await expect(cashier.getByTestId('branch-printer-address')).toHaveValue(`tcp://127.0.0.1:${receiptSink.port}`);

    // A bad address is refused in words, and the binding stays as it was.
    const bar = card(page, 'Bar');
    await bar.getByTestId('branch-printer-address').fill('tcp://169.254.169.254:80');
    await page.getByTestId('branch-save').click();
    await expect(page.getByTestId('notice-error')).toContainText('169.254.169.254');
    await expect(bar.getByTestId('branch-printer-address-error')).toBeVisible();
    await expect(page.getByTestId('branch-save-bar')).toHaveAttribute('data-dirty', 'true');

    // The field itself says what is wrong before anything is sent, and Save waits for a usable address.
    await bar.getByTestId('branch-printer-address').fill('http://192.168.1.50');
    await expect(bar.getByTestId('branch-printer-address-problem')).toBeVisible();
    await expect(page.getByTestId('branch-save')).toBeDisabled();

    // Bind the bar printer to the second network printer, typed without tcp://: it is saved and shown as tcp://HOST:PORT.
    await bar.getByTestId('branch-printer-address').fill(`127.0.0.1:${kitchenSink.port}`);
    await expect(bar.getByTestId('branch-printer-address-normalized')).toContainText(`tcp://127.0.0.1:${kitchenSink.port}`);
    await page.getByTestId('branch-save').click();
    await expect(bar).toHaveAttribute('data-state', /ready|printing/);
    await expect(bar.getByTestId('branch-printer-address')).toHaveValue(`tcp://127.0.0.1:${kitchenSink.port}`);

    // Test print: the page names the printer and its binding.
    await cashier.getByTestId('branch-printer-test').click();
    const testPage = await receiptSink.job(1);
    expect(testPage).toContain('TEST PAGE');
    expect(testPage).toContain('Cashier');
    expect(testPage).toContain(`tcp://127.0.0.1:${receiptSink.port}`);
    await expect(cashier).toHaveAttribute('data-state', 'ready');
    // The screenshot for docs/: the screen itself, without the notices over it.
    await closeNotices(page);
    await docsShot(page, `branch-screen-${lang}`);

    // Kitchens: pastries (category 5) go to the bar from now on; the preview says so.
    await page.getByTestId('branch-tab-kitchens').click();
    const pastries = page.locator('[data-testid="branch-route"][data-category-id="5"]');
    await pastries.getByTestId('branch-route-select').selectOption({ label: 'Bar' });
    await expect(pastries.getByTestId('branch-route-preview')).toContainText('Bar');
    await expect(pastries.getByTestId('branch-route-preview')).not.toContainText('Kitchen');
    await page.getByTestId('branch-save').click();
    await expect(page.getByTestId('branch-save-bar')).toHaveAttribute('data-dirty', 'false');

    // Sending a category to the only receipt printer asks first (it would stop printing receipts); No leaves it as it was.
    const desserts = page.locator('[data-testid="branch-route"][data-category-id="7"]');
    const routedBefore = await desserts.getByTestId('branch-route-preview').textContent();
    await desserts.getByTestId('branch-route-select').selectOption({ label: 'Cashier' });
    await expect(page.getByTestId('confirm-dialog')).toContainText('Cashier');
    await page.getByTestId('confirm-dialog').getByTestId('dialog-close').click();
    await expect(page.getByTestId('confirm-dialog')).toBeHidden();
    await expect(desserts.getByTestId('branch-route-preview')).toHaveText(routedBefore!);

    // Receipt: the VAT number, a footer line; the preview follows.
    await page.getByTestId('branch-tab-receipt').click();
    await expect(page.getByTestId('branch-receipt-preview')).toBeVisible();
    const before = await page.getByTestId('branch-receipt-preview').getAttribute('src');
    await page.getByTestId('branch-receipt-vat_number').fill(VAT);
    await page.getByTestId('branch-receipt-footer_en').fill('See you tomorrow');
    await expect.poll(() => page.getByTestId('branch-receipt-preview').getAttribute('src')).not.toBe(before);
    await expectInfoNotice(page, saved, () => page.getByTestId('branch-save').click());
    await page.screenshot({ path: join(root, 'test-results', `branch-receipt-${lang}.png`) });

    // Till: no till code any more; it says the sale is numbered by this screen's station (the first counter, A), see pos stations.
    await page.getByTestId('branch-tab-till').click();
    await expect(page.getByTestId('branch-till-numbers')).toContainText('A-001');
    await expect(page.getByTestId('branch-save-bar')).toHaveAttribute('data-dirty', 'false');

    // Sell: a cappuccino (bar) and a croissant (now the bar too), cash.
    await page.keyboard.press('F1');
    await addProduct(page, CAPPUCCINO_OAT, lang);
    await addProduct(page, CROISSANT, lang);
    await page.getByTestId('pay-button').click();
    await page.getByTestId('pay-method-CASH').click();
    await page.getByTestId('pay-complete').click();
    const receipt = page.getByTestId('receipt');
    await expect(receipt).toBeVisible();
    const number = await receipt.getAttribute('data-order-number');
    expect(number).toBe('A-001');
    await expect(page.getByTestId('receipt-tendered')).toBeVisible();

    // The receipt on the cashier printer (its bilingual lines print as images): the VAT number, the footer, and the QR code carrying the VAT number.
    const printed = await receiptSink.job(2);
    expect(printed).toContain(CROISSANT.en);
    expect(printed).toContain(`VAT No. ${VAT}`);
    expect(printed).toContain('See you tomorrow');
    const qr = /\[qr ([A-Za-z0-9+/=]+)\]/.exec(printed);
    expect(qr, 'the receipt has a QR code').not.toBeNull();
    expect(zatcaVat(qr![1]!)).toBe(VAT);

    // The kitchen ticket on the bar printer, with the croissant routed there.
    const ticket = await kitchenSink.job(1);
    expect(ticket).toContain(`#${number}`);
    expect(ticket).toContain(CAPPUCCINO_OAT.en);
    expect(ticket).toContain(CROISSANT.en);
    expect(ticket).not.toMatch(/\d+\.\d{2}/); // no prices in the kitchen
    expect(guard.errors).toEqual([]);
  });
}
