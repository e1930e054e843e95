import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket as WebSocketClient, type WebSocket } from 'ws';
import { isMessageKey, translate } from '../../src-shared/i18n/index.ts';
import type { TillApi } from '../../src-shared/api/index.ts';
import type { SyncStatus } from '../../src-shared/selling/index.ts';
import { emulatedService, type EmulatedService } from '../support/emulated-service.ts';
import { eventually } from '../support/manual-clock.ts';
import { refusal } from '../support/refusal.ts';
import { pairDevice, startWebHost, type WebHost } from '../support/till-web-host.ts';
import { MAX_CALLS_IN_FLIGHT } from '../../src-main/host/transport/connection-calls.ts';

// Findings (issue 32, 2 and 4): calls of a client that disconnected kept
// running, a client could pile up calls without bound, and one paired
// cookie opened 600 WebSockets (~422 MB). Over the real host on loopback.

let service: EmulatedService;
let web: WebHost;

beforeEach(async () => {
  service = await emulatedService({ seed: 33 });
  web = await startWebHost(service, { pairing: true });
});
afterEach(async () => {
  await web.close();
  await service.close();
});

/** A gate the test opens: a call held on it runs until the test says so. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

/** Holds every syncStatus call of connections opened from now on until `held.open()`; counts the ones started. */
function holdSyncStatus(): { open: () => void; started: () => number } {
  const held = gate();
  let started = 0;
  const real = web.host.syncStatus.bind(web.host);
  Object.defineProperty(web.host, 'syncStatus', {
    configurable: true,
    value: async (): Promise<SyncStatus> => {
      started++;
      await held.wait;
      return real();
    },
  });
  return { open: held.open, started: () => started };
}

/** A settled promise's outcome, so a call left unanswered by a closed socket is no unhandled rejection. */
function outcome(promise: Promise<unknown>): { done: boolean; error?: unknown } {
  const seen: { done: boolean; error?: unknown } = { done: false };
  promise.then(
    () => (seen.done = true),
    (error: unknown) => Object.assign(seen, { done: true, error }),
  );
  return seen;
}

async function signedIn(api: TillApi): Promise<string> {
  await api.signIn({ base_url: service.emulator.baseUrl, token: service.emulator.token });
  const cards = (await api.search({ query: 'a', limit: 200 })).filter((p) => !p.requires_choice).slice(0, 20);
  return cards.find((card) => card.price !== null)!.id;
}

describe("a connection's calls", () => {
  it('that were queued when the socket closed never run', async () => {
    const cookie = await web.managerCookie();
    const setup = await web.connect({ origin: web.origin, cookie });
    const product = await signedIn(setup.api);
    const held = holdSyncStatus();
    const screen = await web.connect({ origin: web.origin, cookie });

    // The first call is held inside the host; three adds come behind it on the same socket.
    const first = outcome(screen.api.syncStatus());
    await eventually('the held call started', () => held.started() === 1);
    const queued = [1, 2, 3].map(() => outcome(screen.api.addItem({ product_id: product, quantity: 1 })));
    // Each add reached the host (a round trip of another call on the same socket would queue behind them, so ask the host).
    const subscribers = web.events.subscribers;
    screen.close();
    await eventually('the host saw the socket close', () => web.events.subscribers === subscribers - 1);

    held.open();
    await eventually('the client gave up on its calls', () => first.done && queued.every((q) => q.done));
    // Asked on another socket, after everything the closed one had queued would have run: none of the adds did.
    expect((await setup.api.cart()).lines).toEqual([]);
  });

  it('are at most MAX_CALLS_IN_FLIGHT waiting or running: one more is refused at once, in both languages', async () => {
    const cookie = await web.managerCookie();
    const setup = await web.connect({ origin: web.origin, cookie });
    const product = await signedIn(setup.api);
    const held = holdSyncStatus();
    const screen = await web.connect({ origin: web.origin, cookie });

    const first = outcome(screen.api.syncStatus());
    await eventually('the held call started', () => held.started() === 1);
    const seven = Array.from({ length: MAX_CALLS_IN_FLIGHT - 1 }, () => screen.api.addItem({ product_id: product, quantity: 1 }));
    const ninth = await refusal(screen.api.addItem({ product_id: product, quantity: 1 }));
    expect(ninth.code).toBe('busy');
    expect(ninth.reason).toEqual({ code: 'host.tooManyCalls', params: { max: MAX_CALLS_IN_FLIGHT } });
    const key = `reason.${ninth.reason!.code}`;
    expect(isMessageKey(key)).toBe(true);
    if (isMessageKey(key)) {
      expect(translate('en', key, ninth.reason!.params)).toContain(String(MAX_CALLS_IN_FLIGHT));
      expect(translate('ar', key, ninth.reason!.params)).toMatch(
        new RegExp(`[\\u0600-\\u06ff].*${MAX_CALLS_IN_FLIGHT}|${MAX_CALLS_IN_FLIGHT}.*[\\u0600-\\u06ff]`),
      );
    }

    // Once the held call answers, the queued adds run in their order and the screen is served again.
    held.open();
    const carts = await Promise.all(seven);
    expect(carts.at(-1)!.lines).toHaveLength(MAX_CALLS_IN_FLIGHT - 1);
    expect(first.done).toBe(true);
    expect((await screen.api.addItem({ product_id: product, quantity: 1 })).lines).toHaveLength(MAX_CALLS_IN_FLIGHT);
  });
});

describe("a session's sockets", () => {
  /** One reply from the host on `socket` (a refused frame is answered too): every frame sent before it was read. */
  async function roundTrip(socket: WebSocket): Promise<void> {
    const answered = new Promise((done) => socket.once('message', done));
    socket.send(JSON.stringify({ kind: 'rpc', message: { id: 'probe', type: 'GET', path: ['db'] } }));
    await answered;
  }

  it('are at most 8 per cookie: the 9th is refused (429), the 8 keep working, and one closed makes room', async () => {
    const cookie = await pairDevice(web);
    const before = web.events.subscribers;
    const eight: WebSocket[] = [];
    for (let i = 0; i < 8; i++) eight.push(await web.rawSocket({ origin: web.origin, cookie }));
    const pinged = eight.map((socket) => new Promise((done) => socket.once('ping', done)));
    await expect(web.rawSocket({ origin: web.origin, cookie })).rejects.toThrow('refused: 429');
    // Another session is not counted with this one.
    const other = await web.connect({ origin: web.origin, cookie: await pairDevice(web) });
    expect((await other.api.thisStation()).code).toMatch(/^[A-Z]{1,2}$/);
    // The refusal pinged the eight; they answered (and the host read the answer before this round trip's).
    await Promise.all(pinged);
    for (const socket of eight) await roundTrip(socket);
    // So a second refusal closes none of them: they are live screens.
    await expect(web.rawSocket({ origin: web.origin, cookie })).rejects.toThrow('refused: 429');
    for (const socket of eight) await roundTrip(socket);
    expect(eight.every((socket) => socket.readyState === socket.OPEN)).toBe(true);

    eight[0]!.close();
    await eventually('the host counted the closed socket out', () => web.events.subscribers === before + 8);
    const again = await web.connect({ origin: web.origin, cookie });
    expect((await again.api.thisStation()).code).toMatch(/^[A-Z]{1,2}$/);
  });

  it('that stopped answering (a tablet whose Wi-Fi dropped) are dropped at the next try, so the device gets back in', async () => {
    const cookie = await pairDevice(web);
    // Sockets that never answer a ping: as if the tablet had gone without a word.
    const mute = await Promise.all(
      Array.from(
        { length: 8 },
        () =>
          new Promise<WebSocket>((open, fail) => {
            const socket = new WebSocketClient(`ws://${web.base}/till`, { headers: { origin: web.origin, cookie }, autoPong: false });
            socket.once('open', () => open(socket));
            socket.once('error', fail);
          }),
      ),
    );
    const pinged = mute.map((socket) => new Promise((done) => socket.once('ping', done)));
    await expect(web.rawSocket({ origin: web.origin, cookie })).rejects.toThrow('refused: 429');
    await Promise.all(pinged);
    // The next try: the ones asked at the refusal and silent since go, and this one gets in.
    const back = await web.connect({ origin: web.origin, cookie });
    expect((await back.api.thisStation()).code).toMatch(/^[A-Z]{1,2}$/);
    await eventually('the dead sockets closed', () => mute.every((socket) => socket.readyState === socket.CLOSED));
  });
});
