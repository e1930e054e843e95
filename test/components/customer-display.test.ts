// The customer display's screen (issue 21, part 5), in a real Chromium: the
// lines and total as the cashier rings them, the customer's own language
// button (Arabic mirrors the page), the change due with the receipt's QR
// (decoded off the screen with jsQR, a decoder independent of the encoder),
// and the branch's name and logo between customers. The views are the
// host's own shape (CustomerDisplayView), as its pushes carry them.
import { expect, test } from 'vitest';
import { render } from 'vitest-browser-svelte';
import type { CustomerDisplayView } from '../../src-shared/stations/index.ts';
import { CustomerDisplay } from '../../src-renderer/customer/index.ts';
import { LocaleState } from '../../src-renderer/state/index.ts';
import { offlineTill, withTill } from './real-till.ts';
import { scan } from './scan-qr.ts';

const around = {
  station: { code: 'D', name: 'Customer screen' },
  counter: { code: 'A', name: 'Counter A' },
  currency_decimals: 2,
};
const branch = { name_en: 'Qahwa House', name_ar: 'بيت القهوة', logo_png: null };
// A 1×1 PNG: the idle screen shows whatever logo the receipt settings hold.
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const cart: CustomerDisplayView = {
  ...around,
  branch,
  state: 'cart',
  lines: [
    { name_en: 'Cappuccino', name_ar: 'كابتشينو', quantity: 2, modifiers: [{ name_en: 'Oat milk', name_ar: 'حليب الشوفان' }], total: 3_600 },
    { name_en: 'Croissant', name_ar: 'كرواسون', quantity: 1, modifiers: [], total: 1_200 },
  ],
  subtotal: 4_174,
  discount_total: 0,
  tax: 626,
  total: 4_800,
  prices_include_tax: true,
};

test('the lines and the total in English; the customer presses the language button and reads them in Arabic, right to left', async () => {
  const locale = new LocaleState();
  const screen = await render(CustomerDisplay, { props: { view: cart }, ...withTill(offlineTill(), locale) });
  await expect.element(screen.getByTestId('customer-display')).toHaveAttribute('data-state', 'cart');
  const lines = screen.getByTestId('customer-line');
  await expect.element(lines.nth(0)).toHaveTextContent(/Cappuccino\s*Oat milk\s*2\s*36\.00/);
  await expect.element(lines.nth(1)).toHaveTextContent(/Croissant\s*1\s*12\.00/);
  await expect.element(screen.getByTestId('customer-total')).toHaveTextContent('48.00');
  await expect.element(screen.getByText('Including VAT')).toBeVisible();
  await expect.element(screen.getByText('Qahwa House')).toBeVisible();

  await screen.getByTestId('lang-toggle').click();
  expect(locale.current).toBe('ar');
  locale.apply();
  expect(document.documentElement.dir).toBe('rtl');
  await expect.element(lines.nth(0)).toHaveTextContent(/كابتشينو\s*حليب الشوفان/);
  await expect.element(screen.getByText('الإجمالي')).toBeVisible();
  await expect.element(screen.getByText('بيت القهوة')).toBeVisible();
  // Amounts keep Western digits, as on the receipt.
  await expect.element(screen.getByTestId('customer-total')).toHaveTextContent('48.00');
  locale.set('en');
  locale.apply();
});

test('after the payment: the change due, a thank-you and the receipt’s QR, which a phone reads back exactly', async () => {
  const qr = 'AQtRYWh3YSBIb3VzZQIPMzEwMTIzNDU2NzAwMDAzAxQyMDI2LTExLTI2VDEwOjAwOjAwWgQFNDguMDAFBDYuMjY=';
  const paid: CustomerDisplayView = { ...around, branch, state: 'paid', order_number: 'A-007', total: 4_800, tendered: 5_000, change_due: 200, qr };
  const screen = await render(CustomerDisplay, { props: { view: paid }, ...withTill(offlineTill()) });
  await expect.element(screen.getByTestId('customer-thanks')).toHaveTextContent('Thank you!');
  await expect.element(screen.getByTestId('customer-change')).toHaveTextContent('2.00');
  await expect.element(screen.getByText('Order A-007')).toBeVisible();
  expect(await scan(screen.getByTestId('customer-qr').element() as unknown as SVGSVGElement)).toBe(qr);
  await expect.element(screen.getByRole('img', { name: 'Scan for your tax invoice' })).toBeVisible();
});

test('between customers: the branch’s name and logo; a display with no counter says what a manager does', async () => {
  const idle: CustomerDisplayView = { ...around, branch: { ...branch, logo_png: PIXEL }, state: 'idle' };
  const screen = await render(CustomerDisplay, { props: { view: idle }, ...withTill(offlineTill()) });
  await expect.element(screen.getByTestId('customer-branch')).toHaveTextContent('Qahwa House');
  await expect.element(screen.getByTestId('customer-logo')).toHaveAttribute('src', `data:image/png;base64,${PIXEL}`);
  await expect.element(screen.getByRole('status')).not.toBeInTheDocument();
  await screen.rerender({ view: { ...idle, counter: null } });
  await expect.element(screen.getByRole('status')).toHaveTextContent('This display shows no counter yet');
});
