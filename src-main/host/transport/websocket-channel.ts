import type { WebSocket } from 'ws';
import type { TransportEnvelope } from '../../../src-shared/api/index.ts';
import type { EnvelopeChannel } from './expose-till.ts';
import { hubStages } from './hub-stage-timer.ts';

/** Envelopes as JSON text frames; anything that is not one is dropped, not trusted. */
export function webSocketChannel(socket: WebSocket): EnvelopeChannel {
  return {
    send(envelope) {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(envelope));
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
