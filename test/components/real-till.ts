// The browser's side of the component tests: a TillState (the renderer's
// own) whose till API is the real host in vitest's Node process
// (till-commands.ts), reached through vitest's browser commands.
import { afterAll } from 'vitest';
import { commands } from 'vitest/browser';
import { fromWireError, type TillApi, type TillEvent } from '../../src-shared/api/index.ts';
import { LocaleState, TillState, tillContext } from '../../src-renderer/state/index.ts';
import type { TillCommands } from './till-commands.ts';
import { appShellOverPort, type AppShell } from '../../src-renderer/transport/app-shell.ts';

const till = commands as unknown as TillCommands;

// Every file that imports this gets its tills and the emulator closed after its last test.
afterAll(() => till.closeTills());

/** The till API of a real till in the Node process, called as a UI calls it. */
function apiOf(id: string): TillApi {
  return new Proxy({} as TillApi, {
    // Not a promise itself: `then` is no till method.
    get: (_target, method) =>
      method === 'then'
        ? undefined
        : async (...args: unknown[]) => {
            const answer = await till.callTill(id, String(method), args);
            if (answer.ok) return answer.value;
            throw fromWireError(answer.error);
          },
  });
}

/** A TillState over a fresh real till with the demo menu, showing the Sell screen's data (cart, payment methods). */
export async function realTill(): Promise<TillState> {
  return (await namedRealTill()).state;
}

/** realTill, with the till's id for the browser commands that set up beside its API (a barcode the service adds). */
export async function namedRealTill(): Promise<{ state: TillState; id: string }> {
  const id = await till.openTill();
  const api = apiOf(id);
  const state = new TillState(async () => ({ api, onEvent: () => () => {}, onClose: () => {}, close: () => {} }));
  await state.start();
  await state.enterTill();
  return { state, id };
}

/** A TillState over a fresh real till, and `hear`: an event delivered to it as the host pushes one (the host's own events are the integration tests'). */
export async function hearingTill(): Promise<{ state: TillState; hear: (event: TillEvent) => void }> {
  const api = apiOf(await till.openTill());
  const listeners = new Set<(event: TillEvent) => void>();
  const onEvent = (listener: (event: TillEvent) => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const state = new TillState(async () => ({ api, onEvent, onClose: () => {}, close: () => {} }));
  await state.start();
  await state.enterTill();
  return { state, hear: (event) => listeners.forEach((listener) => listener(event)) };
}

/**
 * A TillState over a real till (its window is the first counter, A), and
 * `signInAt`: a cashier signs in on a tablet at another station, which then
 * goes dark (a flat battery), still signed in on the hub.
 */
export async function stationsTill(): Promise<{ state: TillState; signInAt: (station: string, cashierId: string, pin: string) => Promise<void> }> {
  const id = await till.openTill();
  const state = new TillState(async () => ({ api: apiOf(id), onEvent: () => () => {}, onClose: () => {}, close: () => {} }));
  await state.start();
  await state.enterTill();
  return { state, signInAt: (station, cashierId, pin) => till.signInAtStation(id, station, cashierId, pin) };
}

/**
 * A TillState over a real till that pairs tablets reaching it at `address`,
 * as `pos serve` on the network does, and `redeem`: a tablet typing a code
 * into its pairing form (the station it becomes, or null).
 */
export async function pairingTill(address: string): Promise<{ state: TillState; redeem: (code: string) => Promise<string | null> }> {
  const id = await till.openTill();
  await till.offerPairing(id, address);
  const api = apiOf(id);
  const state = new TillState(async () => ({ api, onEvent: () => () => {}, onClose: () => {}, close: () => {} }));
  await state.start();
  await state.enterTill();
  return { state, redeem: (code) => till.redeemPairing(id, code) };
}

/**
 * A TillState over a real till, and the desktop app's shell over a real
 * MessagePort whose other end answers as Electron's main does (its checks
 * on this till, a till-app.json of its own); `config`: that file as kept.
 */
export async function desktopTill(): Promise<{ state: TillState; shell: AppShell; config: () => Promise<unknown> }> {
  const id = await till.openTill();
  const api = apiOf(id);
  const state = new TillState(async () => ({ api, onEvent: () => () => {}, onClose: () => {}, close: () => {} }));
  await state.start();
  await state.enterTill();
  const { port1, port2 } = new MessageChannel();
  port2.onmessage = async (event: MessageEvent) => port2.postMessage(await till.hubRequest(id, event.data));
  return { state, shell: appShellOverPort(port1), config: () => till.hubConfig(id) };
}

/**
 * A TillState over a real till whose connection the test can drop, as a
 * closed WebSocket drops it, and let back: while `reachable` is false every
 * new connection fails, as it does while the hub is down.
 */
export async function droppableTill(): Promise<{ state: TillState; drop: () => void; reachable: (yes: boolean) => void }> {
  const api = apiOf(await till.openTill());
  let up = true;
  let closeListeners: (() => void)[] = [];
  const state = new TillState(async () => {
    if (!up) throw new Error('Could not connect to the till host');
    return { api, onEvent: () => () => {}, onClose: (listener) => void closeListeners.push(listener), close: () => {} };
  });
  await state.start();
  await state.enterTill();
  return {
    state,
    drop: () => {
      up = false;
      const listeners = closeListeners;
      closeListeners = [];
      for (const listener of listeners) listener();
    },
    reachable: (yes) => void (up = yes),
  };
}

/**
 * A TillState over a real till whose events the test hands in (the host's
 * `tab` event, as the WebSocket brings it), and `atStation`: the till API
 * as another station's screen calls it (a tablet paired as that station).
 */
export async function floorTill(kind?: 'no-tables'): Promise<{
  state: TillState;
  emit: (event: TillEvent) => void;
  atStation: (station: string) => TillApi;
}> {
  const id = await till.openTill(kind);
  const listeners = new Set<(event: TillEvent) => void>();
  const state = new TillState(async () => ({
    api: apiOf(id),
    onEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onClose: () => {},
    close: () => {},
  }));
  await state.start();
  await state.enterTill();
  const atStation = (station: string): TillApi =>
    new Proxy({} as TillApi, {
      get: (_target, method) =>
        method === 'then'
          ? undefined
          : async (...args: unknown[]) => {
              const answer = await till.callAtStation(id, station, String(method), args);
              if (answer.ok) return answer.value;
              throw fromWireError(answer.error);
            },
    });
  return { state, emit: (event) => listeners.forEach((listener) => listener(event)), atStation };
}

/**
 * A real till whose window is counter A (selling, its cart and checkout) and
 * a kitchen display station on it (`code`, a tablet paired as one): its
 * TillState as the display's app starts it. `deliver` hands the display the
 * events the host pushed to it since the last call, as its WebSocket would;
 * `route` sends those categories to it (the Kitchens tab's routing);
 * `drop` and `reachable` take its connection away and let it back, as
 * droppableTill does.
 */
export async function kitchenTill(code = 'K'): Promise<{
  counter: TillState;
  display: TillState;
  deliver: () => Promise<number>;
  route: (categories: number[]) => Promise<void>;
  drop: () => void;
  reachable: (yes: boolean) => void;
}> {
  const id = await till.openTill();
  const counter = new TillState(async () => ({ api: apiOf(id), onEvent: () => () => {}, onClose: () => {}, close: () => {} }));
  await counter.start();
  await counter.enterTill();
  const displayId = await till.openDisplay(id, code, 'Hot kitchen');
  let listeners: ((event: TillEvent) => void)[] = [];
  let closeListeners: (() => void)[] = [];
  let up = true;
  const display = new TillState(async () => {
    if (!up) throw new Error('Could not connect to the till host');
    return {
      api: apiOf(displayId),
      onEvent: (listener) => {
        listeners.push(listener);
        return () => void (listeners = listeners.filter((l) => l !== listener));
      },
      onClose: (listener) => void closeListeners.push(listener),
      close: () => {},
    };
  });
  await display.start();
  return {
    counter,
    display,
    deliver: async () => {
      const events = await till.takeEvents(displayId);
      for (const event of events) for (const listener of listeners) listener(event);
      return events.length;
    },
    route: (categories) => till.routeDisplay(id, code, categories),
    drop: () => {
      up = false;
      const closing = closeListeners;
      closeListeners = [];
      for (const listener of closing) listener();
    },
    reachable: (yes) => void (up = yes),
  };
}

/** A TillState that never reaches a host: for components that only show what the state holds. */
export function offlineTill(): TillState {
  return new TillState(() => Promise.reject(new Error('this test has no host')));
}

/** The mount options that give a component this till and an English locale. */
export function withTill(state: TillState, locale = new LocaleState()) {
  return { context: tillContext(state, locale) };
}

/**
 * A TillState entering the till as a page's start does (issue 34 item 8),
 * over a real till whose manager (Mona, PIN 2468) locked it, and the name of
 * every till call it made to enter, in the order it made them.
 */
export async function startedLockedTill(): Promise<{ state: TillState; calls: string[] }> {
  const id = await till.openTill();
  const setup = apiOf(id);
  await setup.addCashier({ name: 'Mona', role: 'manager', pin: '2468' });
  await setup.lock();
  const api = apiOf(id);
  const calls: string[] = [];
  const recording = new Proxy(api, {
    get: (target, method) => {
      if (method === 'then') return undefined;
      const call = Reflect.get(target, method) as (...args: unknown[]) => Promise<unknown>;
      return (...args: unknown[]) => {
        calls.push(String(method));
        return call(...args);
      };
    },
  });
  const state = new TillState(async () => ({ api: recording, onEvent: () => () => {}, onClose: () => {}, close: () => {} }));
  await state.start();
  // This till was never paired through the UI (the test pulled its catalog), so its start stops at the sign-in screen;
  // entering the till is what a paired till's start does next.
  calls.length = 0;
  await state.enterTill();
  return { state, calls };
}
