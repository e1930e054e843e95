// The browser's side of the component tests: a TillState (the renderer's
// own) whose till API is the real host in vitest's Node process
// (till-commands.ts), reached through vitest's browser commands.
import { afterAll } from 'vitest';
import { commands } from 'vitest/browser';
import { fromWireError, type TillApi } from '../../src-shared/till/index.ts';
import { LocaleState, TillState, tillContext } from '../../src-renderer/state/index.ts';
import type { TillCommands } from './till-commands.ts';

const till = commands as unknown as TillCommands;

// Every file that imports this gets its tills and the emulator closed after its last test.
afterAll(() => till.closeTills());

/** A TillState over a fresh real till with the demo menu, showing the Sell screen's data (cart, payment methods). */
export async function realTill(): Promise<TillState> {
  const id = await till.openTill();
  const api = new Proxy({} as TillApi, {
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
  const state = new TillState(async () => ({ api, onEvent: () => () => {}, onClose: () => {}, close: () => {} }));
  await state.start();
  await state.enterTill();
  return state;
}

/** A TillState that never reaches a host: for components that only show what the state holds. */
export function offlineTill(): TillState {
  return new TillState(() => Promise.reject(new Error('this test has no host')));
}

/** The mount options that give a component this till and an English locale. */
export function withTill(state: TillState, locale = new LocaleState()) {
  return { context: tillContext(state, locale) };
}
