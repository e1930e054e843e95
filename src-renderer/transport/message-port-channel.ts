import type { TransportEnvelope } from '../../src-shared/till/index.ts';
import type { RendererChannel } from './till-connection.ts';

const PORT_MESSAGE = 'till-port';

/**
 * The Electron host: the preload script hands over one MessagePort with a
 * window message; that port is the only thing the renderer gets.
 */
export function receiveMessagePortChannel(window: Window): Promise<RendererChannel> {
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window || event.data !== PORT_MESSAGE || !event.ports[0]) return;
      window.removeEventListener('message', onMessage);
      const port = event.ports[0];
      resolve({
        send: (envelope) => port.postMessage(envelope),
        onReceive: (listener) => {
          port.onmessage = (message) => listener(message.data as TransportEnvelope);
        },
        // A MessagePort says nothing when its other end goes; in Electron the page goes with the host.
        onClose: () => undefined,
        close: () => port.close(),
      });
    };
    window.addEventListener('message', onMessage);
  });
}
