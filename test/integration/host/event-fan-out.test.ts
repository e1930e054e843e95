import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import type { TillApi, TillEvent, TransportEnvelope } from '../../../src-shared/api/index.ts';
import type { Authorizer } from '../../../src-main/host/authorization/index.ts';
import { EventHub } from '../../../src-main/host/event-hub.ts';
import { exposeTill } from '../../../src-main/host/transport/expose-till.ts';
import { webSocketChannel } from '../../../src-main/host/transport/websocket-channel.ts';

// An event reaches every screen, serialized once for all of them (issue 37:
// at a rush each event was turned into text again for every connected screen).
describe('event fan-out over WebSockets', () => {
  let server: WebSocketServer | null = null;
  const clients: WebSocket[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) client.terminate();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('sends one event to every screen with the text made once', async () => {
    const events = new EventHub();
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await once(server, 'listening');
    const access = { client: { kind: 'electron-window' as const, id: 'window', address: null }, authorizer: {} as Authorizer, station: 'A' };
    server.on('connection', (socket) => exposeTill({} as TillApi, webSocketChannel(socket), events, access));
    const { port } = server.address() as { port: number };
    const heard: TransportEnvelope[][] = [];
    for (let i = 0; i < 3; i++) {
      const client = new WebSocket(`ws://127.0.0.1:${port}`);
      clients.push(client);
      const mine: TransportEnvelope[] = [];
      heard.push(mine);
      client.on('message', (data) => mine.push(JSON.parse(String(data)) as TransportEnvelope));
      await once(client, 'open');
    }
    while (events.subscribers < 3) await new Promise((resolve) => setTimeout(resolve, 5));

    let serialized = 0;
    const event = { type: 'catalog-changed', toJSON: () => (serialized++, { type: 'catalog-changed' }) } as unknown as TillEvent;
    events.emit(event);
    while (heard.some((mine) => mine.length === 0)) await new Promise((resolve) => setTimeout(resolve, 5));

    for (const mine of heard) expect(mine).toEqual([{ kind: 'event', event: { type: 'catalog-changed' } }]);
    expect(serialized).toBe(1);
  });
});
