import { connectChannel } from './connect-channel.ts';
import { receiveMessagePortChannel } from './message-port-channel.ts';
import type { TillConnection } from './till-connection.ts';
import { openWebSocketChannel } from './websocket-channel.ts';
import { APP_SCHEME } from '../../src-shared/api/index.ts';

export type { TillConnection } from './till-connection.ts';
export { appShell, type AppShell } from './app-shell.ts';

/** Connects to the till host: a MessagePort in Electron (the app loads from app://), a WebSocket in a browser. */
export async function connectTill(): Promise<TillConnection> {
  const channel = window.location.protocol === `${APP_SCHEME}:` ? await receiveMessagePortChannel(window) : await openWebSocketChannel(window.location);
  return connectChannel(channel);
}
