import type { TransportEnvelope } from '../../src-shared/api/index.ts';
import type { RendererChannel } from './till-connection.ts';

/** The browser host: a WebSocket to this page's own origin, path /till; the session cookie says who this page is. */
export function openWebSocketChannel(location: Location): Promise<RendererChannel> {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const socket = new WebSocket(`${scheme}//${location.host}/till`);
  return new Promise((resolve, reject) => {
    socket.addEventListener('error', () => reject(new Error('Could not connect to the till host: is `pos serve` still running?')), { once: true });
    socket.addEventListener(
      'open',
      () =>
        resolve({
          send: (envelope) => socket.send(JSON.stringify(envelope)),
          onReceive: (listener) =>
            socket.addEventListener('message', (event) => {
              try {
                listener(JSON.parse(String(event.data)) as TransportEnvelope);
              } catch {
                // Not an envelope: ignore it rather than break the till.
              }
            }),
          onClose: (listener) => socket.addEventListener('close', () => listener(), { once: true }),
          close: () => socket.close(),
        }),
      { once: true },
    );
  });
}
