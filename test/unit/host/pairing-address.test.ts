import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { HostAccess, type StationDirectory } from '../../../src-main/host/http/host-access.ts';

// The address `pos serve` prints for cashier devices and a standby announces to its screens (issue 36):
// a tablet cannot open "0.0.0.0", so a till listening on every interface names one it can.
const stations = {} as StationDirectory;

describe('the address a tablet opens', () => {
  it('is this computer’s network address when the till listens on every interface, never 0.0.0.0', () => {
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((info) => info && !info.internal && info.family === 'IPv4');
    const address = new HostAccess({ bindHost: '0.0.0.0', stations }).pairingAddress(8080);
    expect(address).not.toContain('0.0.0.0');
    expect(address).toBe(`http://${lan?.address ?? '127.0.0.1'}:8080`);
  });

  it('is the bind address when there is one, and the proxy’s origin behind a proxy', () => {
    expect(new HostAccess({ bindHost: '192.168.1.20', stations }).pairingAddress(8080)).toBe('http://192.168.1.20:8080');
    const proxied = new HostAccess({ bindHost: '127.0.0.1', stations, extraOrigins: ['https://till.shop.lan'], behindProxy: true });
    expect(proxied.pairingAddress(8080)).toBe('https://till.shop.lan');
  });
});
