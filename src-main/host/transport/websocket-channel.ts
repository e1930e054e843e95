import type { WebSocket } from 'ws';
import type { TransportEnvelope } from '../../../src-shared/api/index.ts';
import type { EnvelopeChannel } from './expose-till.ts';
import { hubStages } from './hub-stage-timer.ts';

/**
 * The text of each event envelope, made once however many screens hear it
 * (issue 37: every event was serialized again for every connected screen).
 * Events are never changed after they are emitted.
 */
const eventFrames = new WeakMap<TransportEnvelope, string>();

function frameOf(envelope: TransportEnvelope): string {
  if (envelope.kind !== 'event') return JSON.stringify(envelope);
  let text = eventFrames.get(envelope);
  if (text === undefined) eventFrames.set(envelope, (text = JSON.stringify(envelope)));
  return text;
}

/** Envelopes as JSON text frames; anything that is not one is dropped, not trusted. */
export function webSocketChannel(socket: WebSocket): EnvelopeChannel {
  return {
    send(envelope) {
      if (socket.readyState === socket.OPEN) socket.send(frameOf(envelope));
    },
    onReceive(listener) {
      const handler = (data: Buffer | string) => {
        const started = hubStages.start();
        let envelope: TransportEnvelope;
        try {
          envelope = JSON.parse(String(data)) as TransportEnvelope;
        } catch {
          return;
        }
        // The call is filtered and handed to its connection's queue synchronously: all of it counts as receiving.
        if (envelope && typeof envelope === 'object' && envelope.kind === 'rpc') listener(envelope);
        hubStages.end('receive', started);
      };
      socket.on('message', handler);
      return () => socket.off('message', handler);
    },
    onClose(listener) {
      socket.once('close', listener);
    },
  };
}
