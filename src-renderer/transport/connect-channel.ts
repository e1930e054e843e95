import * as Comlink from 'comlink';
import { wireErrorTransfer, type TillApi, type TillEvent } from '../../src-shared/till/index.ts';
import type { RendererChannel, TillConnection } from './till-connection.ts';

// Errors arrive as name, message and TillError code (never a stack): the
// same handler as the host's, so a TillError keeps its code across.
Comlink.transferHandlers.set('throw', wireErrorTransfer(Comlink.transferHandlers.get('throw')!));

/** Comlink over a channel that also carries the host's events. */
export function connectChannel(channel: RendererChannel): TillConnection {
  const rpcListeners = new Set<(event: { data: unknown }) => void>();
  const eventListeners = new Set<(event: TillEvent) => void>();
  channel.onReceive((envelope) => {
    if (envelope.kind === 'rpc') for (const listener of rpcListeners) listener({ data: envelope.message });
    else if (envelope.kind === 'event') for (const listener of eventListeners) listener(envelope.event);
  });
  const endpoint = {
    postMessage: (message: unknown) => channel.send({ kind: 'rpc', message }),
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
