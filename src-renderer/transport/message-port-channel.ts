import type { TransportEnvelope } from '../../src-shared/api/index.ts';
import { appShellOverPort, setAppShell } from './app-shell.ts';
import type { RendererChannel } from './till-connection.ts';

const PORT_MESSAGE = 'till-port';

/**
 * The Electron host: the preload script hands over the main process's
 * ports with one window message: the till API's, and the app shell's (the
 * hub choice; app-shell.ts). They are the only things the renderer gets.
 */
export function receiveMessagePortChannel(window: Window): Promise<RendererChannel> {
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window || event.data !== PORT_MESSAGE || !event.ports[0]) return;
      window.removeEventListener('message', onMessage);
      const port = event.ports[0];
      if (event.ports[1]) setAppShell(appShellOverPort(event.ports[1]));
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
