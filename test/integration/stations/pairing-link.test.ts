import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { startWebHost, type WebHost } from '../../support/till-web-host.ts';

// The pairing QR opens `/pair?code=NNNNNN` on the tablet: the hub's form with
// the code filled in. Only the tap on "Pair" (a same-site POST) pairs; a
// link alone never does, and nothing but six digits is written into the page.

let service: EmulatedService;
let web: WebHost;

beforeEach(async () => {
  service = await emulatedService({ seed: 24 });
  web = await startWebHost(service, { pairing: true });
});
afterEach(async () => {
  await web.close();
  await service.close();
});

const page = async (path: string) => {
  const response = await fetch(`http://${web.base}${path}`, { redirect: 'manual' });
  return { status: response.status, body: await response.text(), cookie: response.headers.get('set-cookie') };
};

describe('the link in the pairing QR', () => {
  it('fills the code into the pairing form and pairs nothing by itself', async () => {
    const { code } = web.access.pairing!.issue();
    const opened = await page(`/pair?code=${code}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toContain(`name="code"`);
    expect(opened.body).toContain(`value="${code}"`);
    expect(opened.cookie).toBeNull();
    // The code is still good: opening the link did not spend it.
    const paired = await fetch(`http://${web.base}/pair`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: web.origin },
      body: `code=${code}`,
      redirect: 'manual',
    });
    expect(paired.status).toBe(303);
  });

  it('writes nothing but six digits into the page', async () => {
    const opened = await page(`/pair?code=${encodeURIComponent('"><script>alert(1)</script>')}`);
    expect(opened.status).toBe(200);
    expect(opened.body).not.toContain('<script>');
    expect(opened.body).not.toContain('value=');
  });
});
