import { afterEach, beforeEach } from 'vitest';
import type { TillApi } from '../../src-shared/api/index.ts';
import { emulatedService, type EmulatedService } from './emulated-service.ts';
import { startWebHost, type WebHost } from './till-web-host.ts';

/**
 * A hub that pairs devices: `pos serve` (startWebHost) over the emulator,
 * a fresh one for each test of the file. The stations, kitchen display and
 * floor tests all start from it; the getters give the current test's.
 */
export interface PairingHub {
  readonly service: EmulatedService;
  readonly web: WebHost;
  /** The till API of the manager's screen (the host's own browser), or of the session `cookie` names. */
  managerScreen(cookie?: string): Promise<TillApi>;
  /** `pos serve` stops and starts again on the same database file (a new port, a new launch secret). */
  restart(): Promise<void>;
}

/** Opens the hub over an emulator seeded with `seed` before each test and closes both after it. */
export function pairingHubPerTest(seed: number): PairingHub {
  let service: EmulatedService | undefined;
  let web: WebHost | undefined;
  beforeEach(async () => {
    service = await emulatedService({ seed });
    web = await startWebHost(service, { pairing: true });
  });
  afterEach(async () => {
    await web?.close();
    await service?.close();
    web = undefined;
    service = undefined;
  });
  const hub: PairingHub = {
    get service() {
      if (!service) throw new Error('the pairing hub is open only while a test runs');
      return service;
    },
    get web() {
      if (!web) throw new Error('the pairing hub is open only while a test runs');
      return web;
    },
    async managerScreen(cookie) {
      return (await hub.web.connect({ origin: hub.web.origin, cookie: cookie ?? (await hub.web.managerCookie()) })).api;
    },
    async restart() {
      await hub.web.close();
      web = await startWebHost(hub.service, { pairing: true });
    },
  };
  return hub;
}
