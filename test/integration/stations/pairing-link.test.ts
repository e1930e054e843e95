import { describe, expect, it } from 'vitest';
import { pairingHubPerTest } from '../../support/pairing-hub.ts';
import { typePairingCode } from '../../support/till-web-host.ts';

// The pairing QR opens `/pair?code=NNNNNN` on the tablet: the hub's form with
// the code filled in. Only the tap on "Pair" (a same-site POST) pairs; a
// link alone never does, and nothing but six digits is written into the page.

const hub = pairingHubPerTest(24);

const page = async (path: string) => {
  const response = await fetch(`http://${hub.web.base}${path}`, { redirect: 'manual' });
  return { status: response.status, body: await response.text(), cookie: response.headers.get('set-cookie') };
};

describe('the link in the pairing QR', () => {
  it('fills the code into the pairing form and pairs nothing by itself', async () => {
    const { code } = hub.web.access.pairing!.issue();
    const opened = await page(`/pair?code=${code}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toContain(`name="code"`);
    expect(opened.body).toContain(`value="${code}"`);
    expect(opened.cookie).toBeNull();
    // The code is still good: opening the link did not spend it.
    const paired = await typePairingCode(hub.web, code);
    expect(paired.status).toBe(303);
  });

  it('writes nothing but six digits into the page', async () => {
    const opened = await page(`/pair?code=${encodeURIComponent('"><script>alert(1)</script>')}`);
    expect(opened.status).toBe(200);
    expect(opened.body).not.toContain('<script>');
    expect(opened.body).not.toContain('value=');
  });
});
