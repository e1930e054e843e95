import * as Comlink from 'comlink';
import {
  TILL_API_METHODS,
  wireErrorTransfer,
  type TillApi,
  type TransportEnvelope,
} from '../../../src-shared/till/index.ts';
import type { EventHub } from '../event-hub.ts';

/** A two-way channel carrying transport envelopes: a WebSocket, or an Electron MessagePort. */
export interface EnvelopeChannel {
  send(envelope: TransportEnvelope): void;
  onReceive(listener: (envelope: TransportEnvelope) => void): () => void;
  onClose(listener: () => void): void;
}

// Errors cross as name, message and TillError code; never the host's stack.
Comlink.transferHandlers.set('throw', wireErrorTransfer(Comlink.transferHandlers.get('throw')!));

/** Only the methods of TillApi, bound: the UI can call nothing else on the host. */
export function tillFacade(api: TillApi): TillApi {
  const facade = {} as Record<string, unknown>;
  for (const method of TILL_API_METHODS) {
    const fn = api[method] as (...args: unknown[]) => unknown;
    facade[method] = (...args: unknown[]) => fn.apply(api, args);
  }
  return facade as unknown as TillApi;
}

/**
 * Serves the till API over one channel with Comlink, and pushes the host's
 * events beside it. Returns a function that detaches (also called when the
 * channel closes).
 */
export function exposeTill(api: TillApi, channel: EnvelopeChannel, events: EventHub): () => void {
  const listeners = new Set<(event: { data: unknown }) => void>();
  const endpoint = {
    postMessage: (message: unknown) => channel.send({ kind: 'rpc', message }),
    addEventListener: (_type: string, listener: (event: { data: unknown }) => void) => void listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: { data: unknown }) => void) => void listeners.delete(listener),
  };
  const stopReceiving = channel.onReceive((envelope) => {
    if (envelope.kind !== 'rpc') return;
    for (const listener of listeners) listener({ data: envelope.message });
  });
  Comlink.expose(tillFacade(api), endpoint as unknown as Comlink.Endpoint);
  const stopEvents = events.subscribe((event) => channel.send({ kind: 'event', event }));
  const detach = () => {
    stopEvents();
    stopReceiving();
    listeners.clear();
  };
  channel.onClose(detach);
  return detach;
}
