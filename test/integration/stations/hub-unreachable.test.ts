import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TillError } from '../../../src-shared/till/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { startWebHost, type WebHost } from '../../support/till-web-host.ts';

// Issue 20, part 5: a station that loses the hub says so and takes no
// payment. The renderer's own transport (connectChannel over a real
// WebSocket) answers every call that was waiting when the hub went, and every
// call after, with `hub_unreachable`, instead of leaving it waiting forever
// (a payment that never answers, or a pay button that spins on).

let service: EmulatedService;
let web: WebHost;

beforeEach(async () => {
  service = await emulatedService({ seed: 23 });
  web = await startWebHost(service);
});
afterEach(async () => {
  await web.close();
  await service.close();
});

const reasonOf = (error: unknown) => (error as TillError & { reason?: { code: string } }).reason?.code;

describe('a station whose hub goes away', () => {
  it('gets hub_unreachable for the call the hub never answered and, at once, for every call after: no payment is taken', async () => {
    const station = await web.connect({ origin: web.origin, cookie: await web.managerCookie() });
    const closed = new Promise<void>((done) => station.onClose(done));
    // A call the hub is working on when it goes: the sign-in, held at the service.
    const hold = service.emulator.hold('GET', '/me');
    const signingIn = station.api.signIn({ base_url: service.emulator.baseUrl, token: service.emulator.token }).catch((error: unknown) => error);
    await hold.arrived;

    await web.server.close();
    await closed;
    const lost = await signingIn;
    expect(lost).toBeInstanceOf(TillError);
    expect((lost as TillError).code).toBe('hub_unreachable');
    expect(reasonOf(lost)).toBe('hub.noAnswer');
    hold.release();

    // A payment tried now is refused on the station: nothing reaches a hub that is not there.
    const refused = await station.api.checkout({ payments: [{ method_key: 'CASH', amount: 100 }] }).catch((error: unknown) => error);
    expect((refused as TillError).code).toBe('hub_unreachable');
    expect(reasonOf(refused)).toBe('hub.notSent');
    expect(web.db.prepare('SELECT count(*) AS n FROM orders').get()).toEqual({ n: 0 });
  });
});
