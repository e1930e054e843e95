import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_RESPONSE_BYTES, paginate, ProtocolError, ServiceClient } from '../../src-main/upstream/index.ts';

// Findings: service bodies were buffered whole, `last_page` was unbounded,
// and `http://` base URLs were accepted off loopback.

let server: Server | null = null;
let sent = 0;

async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  server = createServer(handler);
  await new Promise<void>((ready) => server!.listen(0, '127.0.0.1', ready));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  server = null;
  sent = 0;
});

describe('bounded reads from the service', () => {
  it('stops reading an answer that streams past 32 MiB, without a Content-Length', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const base = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      const pump = () => {
        while (sent < 200 * chunk.length) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      response.on('close', () => undefined);
      pump();
    });
    const client = new ServiceClient({ baseUrl: base, token: 't' });
    const error = await client.get('/products').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProtocolError);
    expect((error as Error).message).toMatch(/larger than 32 MiB/);
    // The server was cut off well before sending its 200 MiB.
    expect(sent).toBeLessThan(200 * chunk.length);
    expect(sent).toBeGreaterThanOrEqual(MAX_RESPONSE_BYTES);
  });

  it('refuses a declared Content-Length over the cap before reading the body', async () => {
    const base = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(MAX_RESPONSE_BYTES + 1) });
      response.write('{');
    });
    const error = await new ServiceClient({ baseUrl: base, token: 't' }).get('/me').catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/larger than 32 MiB/);
  });

  it('stops a list that announces an absurd last_page', async () => {
    const base = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify({
          data: [],
          links: { first: null, last: null, prev: null, next: null },
          meta: { current_page: 1, from: null, last_page: 1e9, path: '/x', per_page: 1, to: null, total: 1e9 },
        }),
      );
    });
    const client = new ServiceClient({ baseUrl: base, token: 't' });
    const pages = paginate(client, { path: '/categories', query: {}, perPage: 1, parse: (body) => ({ info: (body as { meta: never }).meta, records: [] }) });
    await expect(pages.next()).rejects.toThrow(/announces 1000000000 pages/);
  });

  it('requires https:// for a service that is not on this machine', () => {
    expect(() => new ServiceClient({ baseUrl: 'http://pos.example.com/api/v2', token: 't' })).toThrow(/must use https:\/\//);
    expect(() => new ServiceClient({ baseUrl: 'http://192.168.1.10/api/v2', token: 't' })).toThrow(/must use https:\/\//);
    expect(() => new ServiceClient({ baseUrl: 'https://user:pw@pos.example.com/api/v2', token: 't' })).toThrow(/user name or password/);
    expect(new ServiceClient({ baseUrl: 'https://pos.example.com/api/v2', token: 't' }).baseUrl).toBe('https://pos.example.com/api/v2');
    expect(new ServiceClient({ baseUrl: 'http://127.0.0.1:8080/api/v2', token: 't' }).baseUrl).toBe('http://127.0.0.1:8080/api/v2');
    expect(new ServiceClient({ baseUrl: 'http://localhost:8080/api/v2', token: 't' }).baseUrl).toBe('http://localhost:8080/api/v2');
  });

  it('does not follow a redirect that would carry the token elsewhere', async () => {
    const base = await serve((_request, response) => {
      response.writeHead(302, { Location: 'http://127.0.0.1:9/steal' }).end();
    });
    await expect(new ServiceClient({ baseUrl: base, token: 't' }).get('/me')).rejects.toThrow();
  });
});

describe('deferred answers, their memory reused', () => {
  it('reads every page whole while the memory of the pages already read holds the next ones', async () => {
    // Large pages (past AnswerBuffers' 64 KiB), each a different size and text: a page decoded after its memory
    // was reused for a later one would read that one's bytes.
    const pageText = (page: number) => JSON.stringify({ page, filler: String(page % 10).repeat(70_000 + page * 997) });
    const base = await serve((request, response) => {
      const page = Number(new URL(request.url!, 'http://x').searchParams.get('page'));
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(pageText(page));
    });
    const client = new ServiceClient({ baseUrl: base, token: 't' });
    // Several answers arrive before any is read, then they are read in turn while more arrive.
    const waiting = [1, 2, 3, 4].map((page) => client.getDeferred('/products', { page }));
    for (let page = 1; page <= 12; page++) {
      const read = await waiting.shift()!;
      if (page + 4 <= 12) waiting.push(client.getDeferred('/products', { page: page + 4 }));
      expect(read()).toEqual(JSON.parse(pageText(page)));
    }
  });

  it('refuses to read a deferred answer twice (its memory may hold another answer by then)', async () => {
    const base = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ filler: 'x'.repeat(100_000) }));
    });
    const client = new ServiceClient({ baseUrl: base, token: 't' });
    const read = await client.getDeferred('/products');
    expect(read()).toEqual({ filler: 'x'.repeat(100_000) });
    expect(() => read()).toThrow(/already read/);
  });
});
