import { createServer, type Server } from 'node:http';
import { WebSocket, WebSocketServer } from 'ws';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followBrowserHub } from '../../../src-renderer/transport/index.ts';

// Issue 36: a station's browser page moves to the standby's address when
// its hub dies. The page may ask only its own origin, so it learns the
// standby's address from its hub's /standby/where while the hub lives; once
// the hub stops answering, after a few failed tries it opens the standby's
// page (whose own screen then connects there). A real hub on loopback (the
// /standby/where route and the /till WebSocket), the page's own connect
// function, and a window whose navigation the test records.

const STANDBY = 'http://192.168.1.21:4780';
let hub: Server | null = null;

afterEach(() => {
  hub?.closeAllConnections();
  hub?.close();
  vi.unstubAllGlobals();
});

describe("a station's browser page", () => {
  it("opens the standby's page once its hub is gone, at the address it learnt from the hub", async () => {
    // Node 20 has no WebSocket of its own: the page's code gets ws's, which speaks the browser's API.
    vi.stubGlobal('WebSocket', WebSocket);
    let whereAnswered = 0;
    const sockets = new WebSocketServer({ noServer: true });
    hub = createServer((request, response) => {
      if (request.url !== '/standby/where') return void response.writeHead(404).end();
      const { port } = hub!.address() as { port: number };
      response.once('finish', () => whereAnswered++);
      response
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ role: 'hub', epoch: 1, hub: `http://127.0.0.1:${port}`, standby: STANDBY }));
    });
    hub.on('upgrade', (request, socket, head) => sockets.handleUpgrade(request, socket, head, () => {}));
    await new Promise<void>((ready) => hub!.listen(0, '127.0.0.1', () => ready()));
    const { port } = hub.address() as { port: number };
    const navigated: string[] = [];
    let leaving = (): void => {};
    const left = new Promise<void>((resolve) => (leaving = resolve));
    const assign = (url: string): void => {
      navigated.push(url);
      leaving();
    };
    const page = { location: { origin: `http://127.0.0.1:${port}`, protocol: 'http:', host: `127.0.0.1:${port}`, assign } } as unknown as Window;

    const connect = followBrowserHub(page);
    await connect();
    // Connected, the page asks its hub where the standby is.
    await expect.poll(() => whereAnswered).toBe(1);
    expect(navigated).toEqual([]);

    // The hub dies: every try fails; after a few, the page goes to the standby (TillState tries again and again).
    for (const client of sockets.clients) client.terminate();
    hub.closeAllConnections();
    await new Promise((closed) => hub!.close(closed));
    hub = null;
    for (let tries = 0; navigated.length === 0 && tries < 50; tries++) {
      const attempt = connect();
      // Each try is waited out, however slow the machine; one that navigates never settles (the page is leaving).
      await Promise.race([attempt.catch(() => {}), left]);
    }
    expect(navigated).toEqual([`${STANDBY}/`]);
  });
});
