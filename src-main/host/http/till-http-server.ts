import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { WebSocketServer } from 'ws';
import type { TillApi } from '../../../src-shared/till/index.ts';
import type { EventHub } from '../event-hub.ts';
import { exposeTill } from '../transport/expose-till.ts';
import { webSocketChannel } from '../transport/websocket-channel.ts';
import type { PairingGuard } from './pairing-guard.ts';
import { serveStatic } from './static-files.ts';

/** Extra routes (the demo's `/demo.json` and controls); return true when handled. */
export type RouteHandler = (request: IncomingMessage, response: ServerResponse) => boolean | Promise<boolean>;

export interface TillHttpServerOptions {
  api: TillApi;
  events: EventHub;
  rendererDir: string;
  pairing: PairingGuard;
  routes?: RouteHandler[];
}

export interface TillHttpServer {
  readonly http: Server;
  /** Hangs up on every UI (each shows "connection lost" and reconnects) and stops listening. */
  close(): Promise<void>;
}

/** The plain-Node host: the built renderer over HTTP and the till API over a WebSocket at `/till`. */
export function createTillHttpServer(options: TillHttpServerOptions): TillHttpServer {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  sockets.on('connection', (socket) => exposeTill(options.api, webSocketChannel(socket), options.events));

  const server = createServer(async (request, response) => {
    if (!options.pairing.admits(request)) {
      response.writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('This till needs its pairing code: open the address printed where the till was started, ending in ?code=NNNNNN.');
      return;
    }
    const cookie = new URL(request.url ?? '/', 'http://till').searchParams.has('code') ? options.pairing.cookieHeader() : null;
    if (cookie) response.setHeader('Set-Cookie', cookie);
    try {
      for (const route of options.routes ?? []) if (await route(request, response)) return;
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.writeHead(405, { Allow: 'GET, HEAD' }).end();
        return;
      }
      serveStatic(options.rendererDir, request, response);
    } catch (error) {
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end(`The till host failed: ${(error as Error).message}`);
    }
  });

  server.on('upgrade', (request, socket, head) => {
    const path = new URL(request.url ?? '/', 'http://till').pathname;
    if (path !== '/till' || !options.pairing.admits(request)) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => sockets.emit('connection', ws, request));
  });
  return {
    http: server,
    close: () =>
      new Promise<void>((closed) => {
        for (const client of sockets.clients) client.terminate();
        sockets.close();
        server.close(() => closed());
        server.closeAllConnections();
      }),
  };
}
