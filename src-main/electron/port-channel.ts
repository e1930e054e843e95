import type { MessagePortMain } from 'electron';
import type { TransportEnvelope } from '../../src-shared/api/index.ts';
import type { EnvelopeChannel } from '../host/index.ts';

/** The renderer's one MessagePort as a host channel; envelopes are structured-cloned, not JSON. */
export function messagePortChannel(port: MessagePortMain): EnvelopeChannel {
  const channel: EnvelopeChannel = {
    send: (envelope) => port.postMessage(envelope),
    onReceive(listener) {
      const handler = (event: { data: unknown }) => {
        const envelope = event.data as TransportEnvelope;
        if (envelope && typeof envelope === 'object' && envelope.kind === 'rpc') listener(envelope);
      };
      port.on('message', handler);
      return () => port.off('message', handler);
    },
    onClose: (listener) => port.once('close', listener),
  };
  port.start();
  return channel;
}
