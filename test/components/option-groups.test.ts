// Issue 34, item 2, over a real till host and the demo menu: the picker
// follows a product's option groups. The cappuccino's size is a required
// one-of (Small, Medium, Large), its milk an optional one-of, its extras up
// to 3. Add waits until the size is chosen and says so, in English and in
// Arabic; a tap on the size (the only open question) adds the line itself.
import { expect, test } from 'vitest';
import { commands, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import SellScreen from '../../src-renderer/selling/SellScreen.svelte';
import { LocaleState, type TillState } from '../../src-renderer/state/index.ts';
import { namedRealTill, withTill } from './real-till.ts';
import type { TillCommands } from './till-commands.ts';

async function cashierOnShift(): Promise<TillState> {
  return (await namedCashierOnShift()).till;
}

async function namedCashierOnShift(): Promise<{ till: TillState; id: string }> {
  const { state: till, id } = await namedRealTill();
  const mona = await till.api.addCashier({ name: 'Mona', role: 'manager', pin: '2468' });
  await till.api.unlock({ cashier_id: mona.id, pin: '2468' });
  await till.api.openShift({ float: 0 });
  await till.refreshStaff();
  return { till, id };
}

const WORDS = {
  en: {
    product: 'Cappuccino',
    size: 'Size',
    milk: 'Milk',
    extras: 'Extras',
    oat: 'Oat milk',
    almond: 'Almond milk',
    medium: 'Medium',
    needs: 'Choose Size to add',
    scanRefused: 'Cappuccino: choose Size first (required).',
    required: /Required · Choose 1/,
    upTo: 'Up to 3',
  },
  ar: {
    product: 'كابتشينو',
    size: 'الحجم',
    milk: 'الحليب',
    extras: 'الإضافات',
    oat: 'حليب الشوفان',
    almond: 'حليب اللوز',
    medium: 'وسط',
    needs: 'اختر الحجم للإضافة',
    scanRefused: 'كابتشينو: اختر الحجم أولاً (مطلوب).',
    required: /مطلوب · اختر واحداً/,
    upTo: 'حتى 3',
  },
} as const;

for (const lang of ['en', 'ar'] as const) {
  const w = WORDS[lang];

  /** The Sell screen in `lang` with the cappuccino's tile tapped: its picker. */
  async function tapCappuccino() {
    const till = await cashierOnShift();
    const locale = new LocaleState();
    locale.set(lang);
    const screen = await render(SellScreen, withTill(till, locale));
    await screen.getByTestId('search-input').fill('Cappuccino');
    await screen.getByTestId('product-tile').filter({ hasText: w.product }).first().click();
    return { till, screen, dialog: screen.getByTestId('line-dialog') };
  }

  test(`a required size keeps Add back and says so; milk is one-of; a tap on the size adds the line (${lang})`, async () => {
    const { till, dialog } = await tapCappuccino();

    // A required choice: the picker opens first, nothing is in the cart yet.
    await expect.element(dialog).toBeVisible();
    expect((await till.api.cart()).lines).toEqual([]);
    const groups = dialog.getByTestId('option-group');
    await expect.element(groups.nth(0)).toHaveTextContent(w.size);
    await expect.element(groups.nth(0).getByTestId('option-group-rule')).toHaveTextContent(w.required);
    await expect.element(groups.nth(0)).toHaveAttribute('data-required', 'true');
    await expect.element(groups.nth(1)).toHaveTextContent(w.milk);
    await expect.element(groups.nth(2)).toHaveTextContent(w.extras);
    await expect.element(dialog.getByTestId('line-save')).toBeDisabled();
    await expect.element(dialog.getByTestId('group-needs')).toHaveTextContent(w.needs);

    // Milk is one-of: almond replaces oat, a second tap clears it, oat again.
    const milk = groups.nth(1).getByTestId('modifier-option');
    const oat = milk.filter({ hasText: w.oat });
    const almond = milk.filter({ hasText: w.almond });
    await oat.click();
    await expect.element(oat).toHaveAttribute('aria-checked', 'true');
    await almond.click();
    await expect.element(almond).toHaveAttribute('aria-checked', 'true');
    await expect.element(oat).toHaveAttribute('aria-checked', 'false');
    await almond.click();
    await expect.element(almond).toHaveAttribute('aria-checked', 'false');
    await oat.click();
    // Still no size: still no line.
    await expect.element(dialog.getByTestId('line-save')).toBeDisabled();
    expect((await till.api.cart()).lines).toEqual([]);

    // The size is the only open question: its tap adds the line, no separate Add.
    await groups.nth(0).getByTestId('modifier-option').filter({ hasText: w.medium }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    const lines = (await till.api.cart()).lines;
    expect(lines).toHaveLength(1);
    expect(lines[0]!.modifiers.map((m) => m.name_en)).toEqual(['Medium', 'Oat milk']);
  });

  test(`extras go up to 3, then the rest wait; editing the line keeps the size and saves with Save (${lang})`, async () => {
    const { till, screen, dialog } = await tapCappuccino();
    const extras = dialog.getByTestId('option-group').nth(2);
    await expect.element(extras.getByTestId('option-group-rule')).toHaveTextContent(w.upTo);
    const options = extras.getByTestId('modifier-option');
    await expect.poll(() => options.elements().length).toBe(4);
    for (const at of [0, 1, 2]) await options.nth(at).click();
    for (const at of [0, 1, 2]) await expect.element(options.nth(at)).toHaveAttribute('aria-pressed', 'true');
    await expect.element(options.nth(3)).toBeDisabled();
    // One less, and the fourth can be chosen again.
    await options.nth(1).click();
    await expect.element(options.nth(3)).toBeEnabled();
    await options.nth(3).click();
    await dialog.getByTestId('option-group').nth(0).getByTestId('modifier-option').nth(0).click();
    await expect.element(dialog).not.toBeInTheDocument();
    const [line] = (await till.api.cart()).lines;
    expect(line!.modifiers.map((m) => m.name_en)).toEqual(['Small', 'Extra shot', 'Sugar-free caramel syrup', 'Decaf']);

    // A tap on the line edits it: a size tap there changes it, and Save commits.
    await screen.getByTestId('line-edit').click();
    const edit = screen.getByTestId('line-dialog');
    await edit.getByTestId('option-group').nth(0).getByTestId('modifier-option').nth(2).click();
    await expect.element(edit).toBeVisible();
    await edit.getByTestId('line-save').click();
    await expect.element(edit).not.toBeInTheDocument();
    expect((await till.api.cart()).lines[0]!.modifiers.map((m) => m.name_en)).toEqual(['Large', 'Extra shot', 'Sugar-free caramel syrup', 'Decaf']);
  });

  test(`a scanned cappuccino (its barcode names no size) opens its picker beside the words that say why; its size adds it (${lang})`, async () => {
    const { till, id } = await namedCashierOnShift();
    const [cappuccino] = await till.api.search({ query: 'Cappuccino', limit: 1 });
    const code = await (commands as unknown as TillCommands).labelProduct(id, cappuccino!.id);
    const locale = new LocaleState();
    locale.set(lang);
    const screen = await render(SellScreen, withTill(till, locale));
    await screen.getByTestId('search-input').fill(code);
    await userEvent.keyboard('{Enter}');

    const dialog = screen.getByTestId('line-dialog');
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog.getByTestId('group-needs')).toHaveTextContent(w.needs);
    await expect.element(screen.getByTestId('notice-error')).toHaveTextContent(w.scanRefused);
    expect((await till.api.cart()).lines).toEqual([]);
    await dialog.getByTestId('option-group').nth(0).getByTestId('modifier-option').filter({ hasText: w.medium }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect((await till.api.cart()).lines.map((line) => [line.product_id, line.modifiers.map((m) => m.name_en)])).toEqual([[cappuccino!.id, ['Medium']]]);
    // The line went in: the refusal's words are gone with the question they asked.
    await expect.element(screen.getByTestId('notice-error')).not.toBeInTheDocument();
  });
}
