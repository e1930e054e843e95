// Issue 34, item 10: one number-pad layout (the PIN pad and the payment pad
// are one Keypad: 1-2-3 on top, then back, 0 and the pad's own key), in both
// languages; the category rail draws the till's own SVG icons, chosen by the
// category's name, never an emoji (Debian's Chromium draws those blank) and
// never the service's text as markup.
import '../../src-renderer/fonts.css';
import '../../src-renderer/app.css';
import { expect, test } from 'vitest';
import { render } from 'vitest-browser-svelte';
import { DEMO_MENU } from '../../emulator/demo-menu.ts';
import CategoryRail from '../../src-renderer/selling/CategoryRail.svelte';
import { LocaleState, tillContext, type TillState } from '../../src-renderer/state/index.ts';
import { PinPad } from '../../src-renderer/staff/index.ts';
import { categoryIconKey, Keypad, keypadKeys, type KeypadKey } from '../../src-renderer/ui/index.ts';

/** A context with a language and no till: the pads and the rail ask nothing of the host. */
function inLanguage(lang: 'en' | 'ar') {
  const locale = new LocaleState();
  locale.set(lang);
  locale.apply();
  return { locale, context: tillContext(null as unknown as TillState, locale) };
}

/** The pad's keys as drawn, row by row (by their boxes on screen, not their order in the markup). */
function rowsOnScreen(pad: Element): string[][] {
  const keys = [...pad.querySelectorAll<HTMLElement>('button[data-key]')].map((key) => ({ key: key.dataset.key!, box: key.getBoundingClientRect() }));
  const tops = [...new Set(keys.map((k) => Math.round(k.box.top)))].sort((a, b) => a - b);
  return tops.map((top) =>
    keys
      .filter((k) => Math.round(k.box.top) === top)
      .sort((a, b) => a.box.left - b.box.left)
      .map((k) => k.key),
  );
}

for (const lang of ['en', 'ar'] as const) {
  test(`the PIN pad and the payment pad have one layout, 1-2-3 on top (${lang})`, async () => {
    const { context } = inLanguage(lang);
    let pin = '';
    let submitted = 0;
    const pinScreen = await render(PinPad, {
      props: {
        label: 'PIN',
        onsubmit: () => submitted++,
        get value() {
          return pin;
        },
        set value(next: string) {
          pin = next;
        },
      },
      context,
    });
    const pressed: KeypadKey[] = [];
    const payment = await render(Keypad, { props: { onkey: (key: KeypadKey) => pressed.push(key), label: 'Amount', corner: 'dot' }, context });

    const pinRows = rowsOnScreen(pinScreen.container.querySelector('[data-testid="pin-keypad"]')!);
    const payRows = rowsOnScreen(payment.container.querySelector('[data-testid="keypad"]')!);
    expect(pinRows).toEqual([
      ['1', '2', '3'],
      ['4', '5', '6'],
      ['7', '8', '9'],
      ['back', '0', 'enter'],
    ]);
    expect(payRows).toEqual([
      ['1', '2', '3'],
      ['4', '5', '6'],
      ['7', '8', '9'],
      ['back', '0', '.'],
    ]);
    // The two pads differ only in the corner key.
    expect(payRows.flat().map((k) => (k === '.' ? 'corner' : k))).toEqual(pinRows.flat().map((k) => (k === 'enter' ? 'corner' : k)));
    expect(keypadKeys('dot')).toEqual(payRows.flat());

    // Each pad does what its keys say.
    await pinScreen.getByTestId('pin-keypad-2').click();
    await pinScreen.getByTestId('pin-keypad-4').click();
    await pinScreen.getByTestId('pin-keypad-6').click();
    await pinScreen.getByTestId('pin-keypad-back').click();
    await pinScreen.getByTestId('pin-keypad-enter').click();
    expect(pin).toBe('24');
    expect(submitted).toBe(1);
    await payment.getByTestId('keypad-1').click();
    await payment.getByTestId('keypad-dot').click();
    await payment.getByTestId('keypad-back').click();
    expect(pressed).toEqual(['1', '.', 'back']);
    // Every key has a name a screen reader can say.
    for (const key of document.querySelectorAll<HTMLElement>('button[data-key]')) expect(key.textContent?.trim()).not.toBe('');
  });
}

test('every category of the demo menu has its own SVG icon, the same in English and Arabic, never an emoji', async () => {
  const categories = DEMO_MENU.map((c, i) => ({ id: c.id, icon: c.icon, name_en: c.en, name_ar: c.ar, product_count: i + 1 }));
  const drawn: Record<string, string[]> = {};
  for (const lang of ['en', 'ar'] as const) {
    const { context } = inLanguage(lang);
    const rail = await render(CategoryRail, { props: { categories, selected: null, onselect: () => {} }, context });
    const icons = [...rail.container.querySelectorAll<HTMLElement>('[data-testid="category-icon"]')];
    expect(icons).toHaveLength(categories.length);
    for (const icon of icons) {
      const svg = icon.querySelector('svg')!;
      expect(svg.getAttribute('aria-hidden')).toBe('true');
      const box = svg.getBoundingClientRect();
      expect(box.width).toBeGreaterThan(16);
      expect(box.height).toBeGreaterThan(16);
      // Drawn strokes, not an empty box.
      expect(svg.querySelectorAll('path, circle, rect, line, polyline, ellipse').length).toBeGreaterThan(0);
      expect(icon.textContent?.trim()).toBe('');
    }
    drawn[lang] = icons.map((icon) => icon.dataset.icon!);
    // No emoji the service sent is drawn anywhere on the rail.
    for (const c of DEMO_MENU) expect(rail.container.textContent).not.toContain(c.icon);
    rail.unmount();
  }
  expect(drawn.ar).toEqual(drawn.en);
  // A café's categories each say what they are: none falls back to the neutral icon.
  expect(drawn.en).not.toContain('other');
  expect(drawn.en).toEqual(['coffee', 'iced', 'tea', 'juice', 'bakery', 'sandwich', 'dessert', 'breakfast', 'salad', 'packaged']);
});

test('a category is known by its name in either language, by word; the unknown get the neutral icon; names are never markup', async () => {
  expect(categoryIconKey({ name_en: '', name_ar: 'الحلويات' })).toBe('dessert');
  expect(categoryIconKey({ name_en: 'Ice cream', name_ar: '' })).toBe('dessert');
  expect(categoryIconKey({ name_en: 'Iced coffee', name_ar: '' })).toBe('iced');
  expect(categoryIconKey({ name_en: 'Steaks', name_ar: '' })).toBe('other');
  expect(categoryIconKey({ name_en: 'Gift cards', name_ar: 'بطاقات', icon: '' })).toBe('other');
  expect(categoryIconKey({ name_en: 'Specials', name_ar: 'عروض', icon: '🍕' })).toBe('pizza');
  expect(categoryIconKey(undefined)).toBe('other');

  const { context } = inLanguage('en');
  const hostile = '<img src=x onerror="window.__hacked=1">Gifts';
  const rail = await render(CategoryRail, {
    props: {
      categories: [{ id: 7, icon: '<svg onload="window.__hacked=1">', name_en: hostile, name_ar: hostile, product_count: 1 }],
      selected: null,
      onselect: () => {},
    },
    context,
  });
  const button = rail.container.querySelector('[data-testid="category-7"]')!;
  expect(button.querySelector('img')).toBeNull();
  expect(button.querySelectorAll('svg')).toHaveLength(1);
  expect(button.querySelector<HTMLElement>('[data-testid="category-icon"]')!.dataset.icon).toBe('other');
  expect(button.textContent).toContain(hostile);
  expect((window as unknown as { __hacked?: number }).__hacked).toBeUndefined();
});
