import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TillEvent } from '../../../src-shared/api/index.ts';
import { TillError } from '../../../src-shared/errors/index.ts';
import type { TillDatabase } from '../../../src-main/db/index.ts';
import { bindPrinter } from '../../../src-main/printing/index.ts';
import type { TillConnection } from '../../../src-renderer/transport/till-connection.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { startWebHost, type WebHost } from '../../support/till-web-host.ts';

let service: EmulatedService;
let hostDb: TillDatabase;
let web: WebHost | undefined;
let base: string;

async function startHost(pairing: boolean) {
  web = await startWebHost(service, { pairing });
  hostDb = web.db;
  base = web.base;
}

/** The renderer's own transport code, over a real WebSocket from Node, as the manager's browser. */
async function connect(): Promise<TillConnection> {
  return web!.connect({ origin: web!.origin, cookie: await web!.managerCookie() });
}

beforeEach(async () => {
  service = await emulatedService({ seed: 21 });
});
afterEach(async () => {
  await web?.close();
  web = undefined;
  await service.close();
});

describe('the till API over a WebSocket', () => {
  it('signs in, sells, and pushes pull progress and upload state as events', async () => {
    await startHost(false);
    const { api, onEvent } = await connect();
    const events: TillEvent[] = [];
    onEvent((event) => events.push(event));
    expect((await api.session()).paired).toBe(false);

    const session = await api.signIn({ base_url: service.emulator.baseUrl, token: service.emulator.token });
    expect(session).toMatchObject({ paired: true, base_url: service.emulator.baseUrl });
    expect(session.products).toBe(service.emulator.tenant.products.length);
    const pages = events.filter((e) => e.type === 'pull' && e.progress.phase === 'list');
    expect(pages.length).toBeGreaterThan(3);
    expect(events.some((e) => e.type === 'pull' && e.progress.phase === 'done')).toBe(true);
    // The pull reached the service, so the till says online before any order is uploaded.
    await expect.poll(() => events.some((e) => e.type === 'sync' && e.status.online === true)).toBe(true);
    expect((await api.syncStatus()).online).toBe(true);

    const [latte] = await api.search({ query: 'flat white', limit: 1 });
    const cart = await api.addItem({ product_id: latte!.id, quantity: 2 });
    expect(cart.lines).toHaveLength(1);
    const order = await api.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }], cash_tendered: cart.total + 500 });
    expect(order.change_due).toBe(500);
    await expect.poll(() => service.emulator.orders.has(order.uuid), { timeout: 60_000 }).toBe(true);
    await expect.poll(() => events.some((e) => e.type === 'sync' && e.status.synced >= 1 && e.status.pending === 0), { timeout: 60_000 }).toBe(true);
    expect((await api.order({ uuid: order.uuid })).upload.state).toBe('synced');
  });

  it('shows each printer with the address it is bound to on this till', async () => {
    await startHost(false);
    const { api } = await connect();
    await api.signIn({ base_url: service.emulator.baseUrl, token: service.emulator.token });
    const [printer] = service.emulator.tenant.printers;
    bindPrinter(hostDb, printer!.id, { address: 'tcp://192.168.1.50:9100' });
    const views = await api.printers();
    expect(views.find((p) => p.id === printer!.id)?.address).toBe('tcp://192.168.1.50:9100');
  });

  it('delivers a TillError with its code and without the host stack', async () => {
    await startHost(false);
    const { api } = await connect();
    const error = await api.checkout({ payments: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TillError);
    expect((error as TillError).code).toBe('empty_cart');
    expect((error as Error).message).toBe('the cart is empty: add items before taking payment');
    expect((error as Error).stack).not.toMatch(/till-service|node_modules|at /);
    const invalid = await api.addItem({ product_id: '', quantity: 0 } as never).catch((e: unknown) => e);
    expect((invalid as TillError).code).toBe('invalid_input');
    expect((invalid as Error).message).toMatch(/product_id: not empty; quantity: at least 1/);
  });

  it('exposes the till API and nothing else of the host', async () => {
    await startHost(false);
    const { api } = await connect();
    const stop = (api as unknown as { stop: () => Promise<void> }).stop;
    await expect(stop()).rejects.toThrow();
    await expect((api as unknown as { db: () => Promise<unknown> }).db()).rejects.toThrow();
  });

  it('refuses pages and sockets without a session; the launch URL or a pairing code gives one', async () => {
    await startHost(true);
    const page = await fetch(`http://${base}/`);
    expect(page.status).toBe(401);
    expect(await page.text()).toContain('pairing code');
    await expect(web!.connect({ origin: web!.origin })).rejects.toThrow(/401/);
    const cookie = await web!.managerCookie();
    expect(cookie).toMatch(/^till_session=[\w-]{40,}$/);
    const admitted = await fetch(`http://${base}/`, { headers: { cookie } });
    expect(admitted.status).toBe(200);
    expect(admitted.headers.get('content-security-policy')).toContain("script-src 'self'");
    const { api } = await web!.connect({ origin: web!.origin, cookie });
    expect((await api.session()).paired).toBe(false);
  });

  it('tells the UI when the host goes away', async () => {
    await startHost(false);
    const connection = await connect();
    let closed = false;
    connection.onClose(() => (closed = true));
    await web!.server.close();
    await expect.poll(() => closed).toBe(true);
  });

  it('serves files from the UI folder only', async () => {
    await startHost(false);
    const escape = await fetch(`http://${base}/..%2F..%2Fhost.db`, { headers: { cookie: await web!.managerCookie() } });
    expect(await escape.text()).toContain('<title>Till</title>');
  });
});
