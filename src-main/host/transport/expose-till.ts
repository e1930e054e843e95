import * as Comlink from 'comlink';
import {
  parseInput,
  TILL_API_METHODS,
  toWireError,
  wireErrorTransfer,
  type TillApi,
  type TillEvent,
  type TransportEnvelope,
} from '../../../src-shared/api/index.ts';
import { TillError } from '../../../src-shared/errors/index.ts';
import type { Authorizer, ClientContext } from '../authorization/index.ts';
import type { EventHub } from '../event-hub.ts';
import { filterComlinkCall } from './comlink-call-filter.ts';
import { ConnectionCalls } from './connection-calls.ts';
import { hubStages } from './hub-stage-timer.ts';
import { pinCallerOf, runAsPinCaller } from '../../staff/index.ts';
import { runAtStation } from '../../stations/index.ts';

/** A two-way channel carrying transport envelopes: a WebSocket, or an Electron MessagePort. */
export interface EnvelopeChannel {
  send(envelope: TransportEnvelope): void;
  onReceive(listener: (envelope: TransportEnvelope) => void): () => void;
  onClose(listener: () => void): void;
}

/** Who is on this channel and the hook that decides what they may do. */
export interface ChannelAccess {
  client: ClientContext;
  authorizer: Authorizer;
  /**
   * The station code this connection is (its cart, cashier and approvals),
   * fixed when it connected, or looked up at each call (the host's own
   * window follows the first counter); the client's session id unless given.
   */
  station?: string | (() => string);
  /** Throws when the station may not make this call (it was removed; a kitchen display calls only its own methods); asked before every call. */
  checkStation?: (station: string, method: string) => void;
  /** Whether this connection hears an event (a kitchen display only its own tickets', a customer display its own view); without it, every event but the displays'. */
  hears?: (event: TillEvent) => boolean;
  /**
   * Makes this connection another station from its next call on (the till
   * API's useStation, after the authorization hook); absent where a
   * screen's station is fixed (the Electron window, a paired device).
   */
  chooseStation?: (station: string) => void;
  /** Calls this connection may have waiting or running at once (default MAX_CALLS_IN_FLIGHT). */
  maxCallsInFlight?: number;
}

/** The station a connection's calls run at: the station a browser or device was given, the Electron window's, a CLI's. */
export function stationOf(access: ChannelAccess): string {
  const station = access.station;
  if (station !== undefined) return typeof station === 'function' ? station() : station;
  // A screen on the network is always given its station: without one it is refused, never made the first counter (issue 32).
  if (access.client.kind === 'paired-device' || access.client.kind === 'manager-session')
    throw new TillError('not_allowed', 'the till cannot tell which station this screen is: pair it again with a new pairing code', {
      code: 'station.unplaced',
    });
  return access.client.id;
}

// Errors cross as name, message and TillError code; never the host's stack.
Comlink.transferHandlers.set('throw', wireErrorTransfer(Comlink.transferHandlers.get('throw')!));

/**
 * Only the methods of TillApi, bound: the UI can call nothing else on the
 * host. With `access`, a method listed in METHOD_PRIVILEGES first passes the
 * authorization hook (which audits the decision).
 */
export function tillFacade(api: TillApi, access?: ChannelAccess, calls?: ConnectionCalls): TillApi {
  const facade = Object.create(null) as Record<string, unknown>;
  for (const method of TILL_API_METHODS) {
    // "Would this need approval?" is answered for this connection: who it is and its station, as the host saw them.
    const fn =
      method === 'approvalCheck' && access
        ? (input: unknown) => {
            const asked = parseInput('approvalCheck', input);
            return access.authorizer.check(api, asked.method, asked.input, access.client, stationOf(access));
          }
        : method === 'useStation' && access?.chooseStation
          ? async (input: unknown) => {
              const { code } = parseInput('useStation', input);
              const station = (await api.stations()).find((s) => s.code === code);
              if (!station) throw new TillError('not_found', `this till has no station ${code}`, { code: 'station.unknown', params: { code } });
              access.chooseStation!(code);
              return station;
            }
          : (api[method] as (...args: unknown[]) => unknown);
    const call = async (station: string | null, args: unknown[]) => {
      // A removed station's screen is refused before anything runs.
      let started = hubStages.start();
      if (station !== null) access?.checkStation?.(station, method);
      const approval = access ? await access.authorizer.authorizeCall(api, method, args, access.client, station!) : null;
      hubStages.end('authorize', started);
      started = hubStages.start();
      let result: unknown;
      try {
        result = await fn.apply(api, args);
      } catch (error) {
        access?.authorizer.afterFailure(method, args[0], error, access.client);
        throw error;
      } finally {
        hubStages.end('method', started);
      }
      access?.authorizer.afterCall(method, approval, result, args[0], station!, access.client);
      return result;
    };
    // Each call runs at its connection's station (its own cart and cashier); PIN checks are throttled per connection as well as per cashier.
    const atStation = access
      ? (...args: unknown[]) => {
          const station = stationOf(access);
          return runAtStation(station, () => runAsPinCaller(pinCallerOf(access.client), () => call(station, args)));
        }
      : (...args: unknown[]) => call(null, args);
    // Over a connection, in its turn: the station is read when the call starts (after an earlier useStation of the same screen).
    facade[method] = calls
      ? (...args: unknown[]) => {
          const queued = hubStages.start();
          return calls.run(method, () => {
            hubStages.end('queue', queued);
            return atStation(...args);
          });
        }
      : atStation;
  }
  return Object.freeze(facade) as unknown as TillApi;
}

/**
 * Serves the till API over one channel with Comlink, and pushes the host's
 * events beside it. Every incoming Comlink message passes the call filter
 * first: only an APPLY of a till API method with plain arguments reaches
 * Comlink; anything else gets an error reply and the channel stays open.
 * Returns a function that detaches (also called when the channel closes).
 */
export function exposeTill(api: TillApi, channel: EnvelopeChannel, events: EventHub, access: ChannelAccess): () => void {
  const listeners = new Set<(event: { data: unknown }) => void>();
  const send = (envelope: TransportEnvelope) => {
    const started = hubStages.start();
    try {
      channel.send(envelope);
    } catch {
      // The other end is gone; its close handler detaches us.
    }
    hubStages.end(envelope.kind === 'event' ? 'events' : 'answer', started);
  };
  const endpoint = {
    postMessage: (message: unknown) => send({ kind: 'rpc', message }),
    addEventListener: (_type: string, listener: (event: { data: unknown }) => void) => void listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: { data: unknown }) => void) => void listeners.delete(listener),
  };
  const stopReceiving = channel.onReceive((envelope) => {
    try {
      if (!envelope || typeof envelope !== 'object' || envelope.kind !== 'rpc') return;
      const call = filterComlinkCall(envelope.message);
      if (!call.ok) {
        if (call.id !== null) send({ kind: 'rpc', message: refusal(call.id, call.reason) });
        return;
      }
      // Comlink sees a message rebuilt from the checked parts only.
      const checked = { id: call.id, type: 'APPLY', path: [call.method], argumentList: call.args.map((value) => ({ type: 'RAW', value })) };
      for (const listener of listeners) listener({ data: checked });
    } catch {
      // Dispatch never throws out of a socket handler: one bad frame must not stop the host.
    }
  });
  // This connection's calls run in turn, capped, and those not started when it closes never run.
  const calls = new ConnectionCalls(access.maxCallsInFlight);
  Comlink.expose(tillFacade(api, access, calls), endpoint as unknown as Comlink.Endpoint);
  // A kitchen display's events go to that display's screens only; others hear what concerns a counter.
  const hears = access.hears ?? ((event: TillEvent) => event.type !== 'kitchen' && event.type !== 'customer-display');
  const stopEvents = events.subscribe((event) => {
    if (hears(event)) send(eventEnvelope(event));
  });
  const detach = () => {
    calls.close();
    stopEvents();
    stopReceiving();
    listeners.clear();
  };
  channel.onClose(detach);
  return detach;
}

const eventEnvelopes = new WeakMap<TillEvent, TransportEnvelope>();

/** One envelope per event, shared by every screen that hears it: a channel can then serialize it once for all of them. */
function eventEnvelope(event: TillEvent): TransportEnvelope {
  let envelope = eventEnvelopes.get(event);
  if (!envelope) eventEnvelopes.set(event, (envelope = { kind: 'event', event }));
  return envelope;
}

/** Comlink's own shape for a thrown error, carrying a WireError the UI turns back into a TillError. */
function refusal(id: string, reason: string) {
  return {
    id,
    type: 'HANDLER',
    name: 'throw',
    value: { isError: true, value: toWireError(new TillError('invalid_input', `refused by the till host: ${reason}`, { code: 'host.refused' })) },
  };
}
