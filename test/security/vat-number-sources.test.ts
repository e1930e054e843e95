// Finding: the VAT number from the service's /me was not validated: a NUL or
// any text reached every ZATCA QR. Now it passes the setting's check or is
// ignored, with a note in the pull.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullCatalog } from '../../src-main/sync/index.ts';
import { ServiceClient } from '../../src-main/upstream/index.ts';
import { readBranchProfile } from '../../src-main/catalog/index.ts';
import { TillService } from '../../src-main/host/index.ts';
import { emulatedService, FAST_RETRY, type EmulatedService } from '../support/emulated-service.ts';

const BAD_VAT = '3000\u0000x';

let service: EmulatedService;
let proxy: Server;
let proxyBase = '';

beforeAll(async () => {
  service = await emulatedService({ seed: 18 });
  const upstream = new URL(service.emulator.baseUrl);
  // The emulator behind a stand-in that rewrites only /me's VAT number.
  proxy = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const target = new URL(request.url ?? '/', upstream.origin);
        const headers: Record<string, string> = {};
        for (const [key, value] of Object.entries(request.headers)) if (typeof value === 'string' && key !== 'host') headers[key] = value;
        const answer = await fetch(target, {
          method: request.method ?? 'GET',
          headers,
          ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
        });
        let text = await answer.text();
        if (target.pathname.endsWith('/me') && answer.ok) {
          const body = JSON.parse(text) as { data: { market?: Record<string, unknown> } & Record<string, unknown> };
          body.data.market = { ...body.data.market, vat_number: BAD_VAT };
          body.data.vat_number = BAD_VAT;
          text = JSON.stringify(body);
        }
        response.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'application/json' });
        response.end(text);
      })();
    });
  });
  await new Promise<void>((ready) => proxy.listen(0, '127.0.0.1', ready));
  proxyBase = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}${upstream.pathname}`;
});

afterAll(async () => {
  proxy.closeAllConnections();
  await new Promise<void>((done) => proxy.close(() => done()));
  await service.close();
});

describe('a VAT number from /me', () => {
  it('is ignored with a note when it fails the setting check, and never reaches a ZATCA QR', async () => {
    const db = service.open('vat.db');
    const client = new ServiceClient({ baseUrl: proxyBase, token: service.emulator.token, timeoutMs: 5_000 });
    const result = await pullCatalog({ client, db, retry: FAST_RETRY });
    expect(result.notes.join('\n')).toMatch(/VAT number that is not .*; it is ignored/);
    const stored = db.prepare("SELECT value FROM replica_meta WHERE key = 'me'").get() as { value: string };
    expect(stored.value).not.toContain('\\u0000');
    expect(readBranchProfile(db)?.vatNumber ?? null).toBeNull();

    // A sale: no QR carries the service's text.
    const till = new TillService({ db, now: () => Date.UTC(2026, 10, 21, 9, 30) });
    const [item] = await till.search({ query: 'flat white', limit: 1 });
    const cart = await till.addItem({ product_id: item!.id, quantity: 1 });
    const order = await till.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] });
    expect(order.zatca_qr).toBeNull();
  });

  it('an older replica holding such a VAT number is not used either', async () => {
    const db = service.open('old.db');
    await service.pull(db);
    const row = db.prepare("SELECT value FROM replica_meta WHERE key = 'me'").get() as { value: string };
    const me = JSON.parse(row.value) as { market: Record<string, unknown> };
    me.market.vat_number = BAD_VAT;
    db.prepare("UPDATE replica_meta SET value = ? WHERE key = 'me'").run(JSON.stringify(me));
    expect(readBranchProfile(db)?.vatNumber ?? null).toBeNull();
  });
});
