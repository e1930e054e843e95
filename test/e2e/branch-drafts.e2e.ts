import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';
import { expect, test } from '@playwright/test';
import { expectInfoNotice, guardPage, shot, signInWithDemo, waitForTill } from './till-page.ts';
import { startTillServer, type TillServer } from './till-server.ts';

// Issue 23, part 8: the Branch screen saves one way on every tab (a draft,
// "Unsaved changes", one Save and Discard bar, problems at the field, a
// question before unsaved changes are left), and the receipt logo is a PNG
// chosen with a file picker: a real PNG is kept beside the database and set
// as printing.logo_file; anything else is refused at the field, in words,
// in both languages.

const root = fileURLToPath(new URL('../../', import.meta.url));
const pos = join(root, 'bin/pos.mjs');

/** A logo of the branch's own: a real PNG, not the one the demo set. */
function brandLogo(): Buffer {
  const canvas = createCanvas(240, 80);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, 240, 80);
  ctx.fillStyle = '#000';
  ctx.fillRect(10, 10, 60, 60);
  ctx.fillRect(90, 30, 140, 20);
  return canvas.toBuffer('image/png');
}

let server: TillServer;
test.beforeEach(async () => {
  server = await startTillServer();
});
test.afterEach(async () => {
  await server.stop();
});

/** A setting's value as `pos settings --json` reads it from the till's database. */
function setting(dbFile: string, key: string): unknown {
  const listing = JSON.parse(execFileSync(process.execPath, [pos, 'settings', '--db', dbFile, '--json'], { encoding: 'utf8' })) as {
    settings: { key: string; value: unknown; is_set: boolean }[];
  };
  const entry = listing.settings.find((s) => s.key === key);
  return entry?.is_set ? entry.value : null;
}

test('Branch tabs: a draft, one Save bar, problems at the field, a question before unsaved changes are left; the logo from a file', async ({ page }) => {
  // Pairing pulls the demo catalog first; on a loaded machine that alone can take minutes.
  test.setTimeout(600_000);
  const guard = guardPage(page);
  await page.goto(`${server.url}?lang=en`);
  await signInWithDemo(page, 'en');
  await waitForTill(page);
  await page.getByTestId('nav-branch').click();
  await expect(page.getByTestId('branch-screen')).toBeVisible();

  const bar = page.getByTestId('branch-save-bar');
  const save = page.getByTestId('branch-save');

  // The Till tab: nothing changed yet; a wrong idle lock is named at its field and Save waits for it.
  await page.getByTestId('branch-tab-till').click();
  await expect(bar).toHaveAttribute('data-dirty', 'false');
  await expect(save).toBeDisabled();
  const code = page.getByTestId('branch-till-idle');
  const before = await code.inputValue();
  await code.fill('999');
  await expect(bar).toHaveAttribute('data-dirty', 'true');
  await expect(page.getByTestId('branch-unsaved')).toContainText('Unsaved changes');
  await expect(page.getByTestId('branch-till-idle-problem')).toHaveText('whole minutes from 0 to 240');
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(save).toBeDisabled();
  await code.fill('12');
  await expect(page.getByTestId('branch-till-idle-problem')).toBeHidden();
  await expect(save).toBeEnabled();

  // Leaving the screen with unsaved changes asks; Stay (where the focus starts) keeps them.
  await page.getByTestId('nav-sell').click();
  const question = page.getByTestId('unsaved-dialog');
  await expect(question).toBeVisible();
  await expect(question.getByTestId('unsaved-stay')).toBeFocused();
  await shot(page, 'branch-unsaved-question-en');
  await page.keyboard.press('Enter');
  await expect(question).toBeHidden();
  await expect(page.getByTestId('branch-screen')).toBeVisible();
  await expect(code).toHaveValue('12');

  // Another tab asks too; leaving drops the changes, so the tab shows what is saved.
  await page.getByTestId('branch-tab-receipt').click();
  await expect(question).toBeVisible();
  await question.getByTestId('unsaved-leave').click();
  await expect(page.getByTestId('branch-tab-receipt')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('branch-tab-till').click();
  await expect(question).toBeHidden();
  await expect(code).toHaveValue(before);
  await expect(bar).toHaveAttribute('data-dirty', 'false');

  // The Receipt tab: a file that is not a PNG is refused at the field, in words, and nothing is to save.
  await page.getByTestId('branch-tab-receipt').click();
  await expect(page.getByTestId('branch-receipt-preview')).toBeVisible();
  const picker = page.getByTestId('branch-logo-file');
  const problem = page.getByTestId('branch-logo-problem');
  await picker.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('this is a text file, not a picture') });
  await expect(problem).toHaveText(/That file is not a PNG image\. Choose a \.png file/);
  await expect(problem).toHaveAttribute('role', 'alert');
  await expect(bar).toHaveAttribute('data-dirty', 'false');
  // The same refusal in Arabic.
  await page.keyboard.press('Alt+L');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(problem).toHaveText(/هذا الملف ليس صورة PNG/);
  await page.keyboard.press('Alt+L');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // A real PNG: shown at once, and the sample receipt with it; Save keeps it beside the database and sets printing.logo_file.
  // (The demo set its shipped logo by path, as `pos settings set printing.logo_file` does; the screen shows that path.)
  const demoLogo = setting(server.dbFile, 'printing.logo_file') as string;
  await expect(page.getByTestId('branch-logo-state')).toContainText(demoLogo);
  const logo = brandLogo();
  const previewBefore = await page.getByTestId('branch-receipt-preview').getAttribute('src');
  await picker.setInputFiles({ name: 'qahwa-logo.png', mimeType: 'image/png', buffer: logo });
  await expect(problem).toBeHidden();
  await expect(page.getByTestId('branch-logo-chosen')).toBeVisible();
  await expect(page.getByTestId('branch-logo-state')).toContainText('qahwa-logo.png\u2069, 240 × 80 pixels');
  await expect.poll(() => page.getByTestId('branch-receipt-preview').getAttribute('src')).not.toBe(previewBefore);
  await expect(bar).toHaveAttribute('data-dirty', 'true');
  await shot(page, 'branch-logo-chosen-en');
  await expectInfoNotice(page, 'Saved', () => save.click());
  await expect(bar).toHaveAttribute('data-dirty', 'false');
  const stored = setting(server.dbFile, 'printing.logo_file') as string;
  expect(dirname(stored)).toBe(dirname(server.dbFile));
  expect(statSync(stored).mode & 0o777).toBe(0o600);
  expect(stored).not.toBe(demoLogo);
  expect(readFileSync(stored)).toEqual(logo);
  await expect(page.getByTestId('branch-logo-state')).toContainText(stored);

  // Discard puts back what is saved: a removed logo comes back.
  await page.getByTestId('branch-logo-remove').click();
  await expect(page.getByTestId('branch-logo-state')).toContainText('The logo is removed when you save.');
  await expect(bar).toHaveAttribute('data-dirty', 'true');
  await page.getByTestId('branch-discard').click();
  await expect(page.getByTestId('branch-logo-state')).toContainText(stored);
  await expect(bar).toHaveAttribute('data-dirty', 'false');
  expect(guard.errors).toEqual([]);
});
