// The pairing QR on the manager's screen (issue 20, part 5): a tablet's
// camera reads the hub's /pair address with the one-time code, and the
// address and code are there as text too. Decoded with jsQR, a decoder
// independent of the encoder, off the SVG as the browser draws it.
import { expect, test } from 'vitest';
import { render } from 'vitest-browser-svelte';
import { PairingQr, pairingUrl } from '../../src-renderer/pairing/index.ts';
import { LocaleState } from '../../src-renderer/state/index.ts';
import { offlineTill, withTill } from './real-till.ts';
import { scan } from './scan-qr.ts';

test('the QR opens the hub’s pairing form with the code, and the address and code are written beside it', async () => {
  const screen = await render(PairingQr, { props: { address: 'http://192.168.1.20:4780', code: '042917', station: 'B' }, ...withTill(offlineTill()) });
  const svg = screen.getByTestId('pairing-qr-svg').element() as SVGSVGElement;
  expect(await scan(svg)).toBe('http://192.168.1.20:4780/pair?code=042917');
  expect(pairingUrl('https://till.example/', '000123')).toBe('https://till.example/pair?code=000123');
  await expect.element(screen.getByTestId('pairing-address')).toHaveTextContent('http://192.168.1.20:4780');
  await expect.element(screen.getByTestId('pairing-code')).toHaveTextContent('042917');
  await expect.element(screen.getByTestId('pairing-station')).toHaveTextContent('station B');
  await expect.element(screen.getByRole('img')).toHaveAccessibleName('QR code to pair a tablet: opens http://192.168.1.20:4780 with the code 042917');
});

test('in Arabic the words change and the address still reads left to right', async () => {
  const locale = new LocaleState();
  locale.current = 'ar';
  const screen = await render(PairingQr, { props: { address: 'http://10.0.0.5:4780', code: '555111' }, ...withTill(offlineTill(), locale) });
  await expect.element(screen.getByText('إقران جهاز لوحي')).toBeVisible();
  await expect.element(screen.getByTestId('pairing-address')).toHaveAttribute('dir', 'ltr');
  expect(await scan(screen.getByTestId('pairing-qr-svg').element() as SVGSVGElement)).toBe('http://10.0.0.5:4780/pair?code=555111');
});
