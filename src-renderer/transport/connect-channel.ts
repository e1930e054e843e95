import * as Comlink from 'comlink';
import { toWireError, wireErrorTransfer, type TillApi, type TillEvent } from '../../src-shared/api/index.ts';
import { TillError } from '../../src-shared/errors/index.ts';
import type { RendererChannel, TillConnection } from './till-connection.ts';

// Errors arrive as name, message and TillError code (never a stack): the
// same handler as the host's, so a TillError keeps its code across.
Comlink.transferHandlers.set('throw', wireErrorTransfer(Comlink.transferHandlers.get('throw')!));

/** Comlink's own shape for a thrown error: the reply a call gets when the hub is gone. */
function lostReply(id: string, reason: 'hub.notSent' | 'hub.noAnswer') {
  const message = reason === 'hub.notSent' ? 'not sent: this screen is not connected to the hub' : 'the hub went away before it answered';
  return { id, type: 'HANDLER', name: 'throw', value: { isError: true, value: toWireError(new TillError('hub_unreachable', message, { code: reason })) } };
}

const idOf = (message: unknown): string | null =>
  typeof message === 'object' && message !== null && typeof (message as { id?: unknown }).id === 'string' ? (message as { id: string }).id : null;

/**
 * Comlink over a channel that also carries the host's events. When the
 * channel closes (the hub stopped, the Wi-Fi dropped) every call still
 * waiting is answered with a `hub_unreachable` error, and every later call
 * at once: Comlink alone would leave them waiting forever, and a payment
 * that never answers is a cashier who cannot tell whether it was taken.
 */
export function connectChannel(channel: RendererChannel): TillConnection {
  const rpcListeners = new Set<(event: { data: unknown }) => void>();
  const eventListeners = new Set<(event: TillEvent) => void>();
  // The ids of calls sent and not answered yet.
  const waiting = new Set<string>();
  let closed = false;
  const reply = (message: unknown) => {
    for (const listener of rpcListeners) listener({ data: message });
  };
  channel.onReceive((envelope) => {
    if (envelope.kind === 'rpc') {
      const id = idOf(envelope.message);
      if (id !== null) waiting.delete(id);
      reply(envelope.message);
    } else if (envelope.kind === 'event') for (const listener of eventListeners) listener(envelope.event);
  });
  channel.onClose(() => {
    closed = true;
    for (const id of [...waiting]) reply(lostReply(id, 'hub.noAnswer'));
    waiting.clear();
  });
  const endpoint = {
    postMessage: (message: unknown) => {
      const id = idOf(message);
      if (closed) {
        // Answered on a later turn, as a real reply would be: Comlink listens for it only after posting.
        if (id !== null) queueMicrotask(() => reply(lostReply(id, 'hub.notSent')));
        return;
      }
      if (id !== null) waiting.add(id);
      channel.send({ kind: 'rpc', message });
    },
    addEventListener: (_type: string, listener: (event: { data: unknown }) => void) => void rpcListeners.add(listener),
    removeEventListener: (_type: string, listener: (event: { data: unknown }) => void) => void rpcListeners.delete(listener),
  };
  const api = Comlink.wrap<TillApi>(endpoint as unknown as Comlink.Endpoint) as unknown as TillApi;
  return {
    api,
    onEvent(listener) {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    onClose: (listener) => channel.onClose(listener),
    close: () => channel.close(),
  };
}
