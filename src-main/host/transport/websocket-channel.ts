import type { WebSocket } from 'ws';
import type { TransportEnvelope } from '../../../src-shared/api/index.ts';
import type { EnvelopeChannel } from './expose-till.ts';

/** Envelopes as JSON text frames; anything that is not one is dropped, not trusted. */
export function webSocketChannel(socket: WebSocket): EnvelopeChannel {
  return {
    send(envelope) {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(envelope));
    },
    onReceive(listener) {
      const handler = (data: Buffer | string) => {
        let envelope: TransportEnvelope;
        try {
          envelope = JSON.parse(String(data)) as TransportEnvelope;
        } catch {
          return;
        }
        if (envelope && typeof envelope === 'object' && envelope.kind === 'rpc') listener(envelope);
      };
      socket.on('message', handler);
      return () => socket.off('message', handler);
    },
    onClose(listener) {
      socket.once('close', listener);
    },
  };
}
