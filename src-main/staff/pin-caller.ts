import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who is typing a PIN, as the host's transport saw the connection (never as
 * the client says): the key of its throttle scope, an address or a
 * connection id. Set by the transport around each till API call, read by
 * the PIN checks, so a sign-in is throttled per client as well as per
 * cashier without the till API carrying it.
 */
export interface PinCaller {
  key: string;
}

const callers = new AsyncLocalStorage<PinCaller>();

export function runAsPinCaller<T>(caller: PinCaller, fn: () => T): T {
  return callers.run(caller, fn);
}

export function currentPinCaller(): PinCaller | null {
  return callers.getStore() ?? null;
}

/** A connection's throttle key: its address when it has one (every screen of one machine shares it), else its id. */
export function pinCallerOf(client: { id: string; address: string | null }): PinCaller {
  return { key: client.address ?? client.id };
}
