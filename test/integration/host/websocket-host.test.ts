import type { AddressInfo } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { TillError, type TillEvent, type TransportEnvelope } from '../../../src-shared/till/index.ts';
import { createTillHttpServer, DatabaseSecretStore, EventHub, PairingGuard, TillHost, type TillHttpServer } from '../../../src-main/host/index.ts';
import type { TillDatabase } from '../../../src-main/db/index.ts';
import { bindPrinter } from '../../../src-main/printing/index.ts';
import { connectChannel } from '../../../src-renderer/transport/connect-channel.ts';
import type { TillConnection } from '../../../src-renderer/transport/till-connection.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';

let service: EmulatedService;
let host: TillHost;
let hostDb: TillDatabase;
let server: TillHttpServer;
let base: string;
let pairing: PairingGuard;
const connections: TillConnection[] = [];

async function startHost(requireCode: boolean) {
  const db = (hostDb = service.open('host.db'));
  const events = new EventHub();
  host = new TillHost({ db, events, secrets: new DatabaseSecretStore(db), uploadBackoff: { baseDelayMs: 5, maxDelayMs: 50 } });
  host.start();
  const rendererDir = service.dir.file('renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(`${rendererDir}/index.html`, '<!doctype html><title>Till</title>');
  pairing = new PairingGuard(requireCode);
  server = createTillHttpServer({ api: host, events, rendererDir, pairing });
  await new Promise<void>((ready) => server.http.listen(0, '127.0.0.1', ready));
  base = `127.0.0.1:${(server.http.address() as AddressInfo).port}`;
}

/** The renderer's own transport code, over a real WebSocket from Node. */
async function connect(query = ''): Promise<TillConnection> {
  const socket = new WebSocket(`ws://${base}/till${query}`);
  await new Promise<void>((open, fail) => {
    socket.once('open', () => open());
    socket.once('error', fail);
  });
  const connection = connectChannel({
    send: (envelope: TransportEnvelope) => socket.send(JSON.stringify(envelope)),
    onReceive: (listener) => void socket.on('message', (data) => listener(JSON.parse(String(data)) as TransportEnvelope)),
    onClose: (listener) => void socket.once('close', listener),
    close: () => socket.close(),
  });
  connections.push(connection);
  return connection;
}

beforeEach(async () => {
  service = await emulatedService({ seed: 21 });
});
afterEach(async () => {
  connections.splice(0).forEach((c) => c.close());
  await server?.close();
  await host?.stop();
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

    const [latte] = await api.search({ query: 'latte', limit: 1 });
    const cart = await api.addItem({ product_id: latte!.id, quantity: 2 });
    expect(cart.lines).toHaveLength(1);
    const order = await api.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }], cash_tendered: cart.total + 500 });
    expect(order.change_due).toBe(500);
    await expect.poll(() => service.emulator.orders.has(order.uuid), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => events.some((e) => e.type === 'sync' && e.status.synced >= 1 && e.status.pending === 0), { timeout: 10_000 }).toBe(true);
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

  it('refuses pages and sockets without the pairing code when one is required', async () => {
    await startHost(true);
    const page = await fetch(`http://${base}/`);
    expect(page.status).toBe(401);
    expect(await page.text()).toContain('pairing code');
    await expect(connect()).rejects.toThrow(/401/);
    const admitted = await fetch(`http://${base}/?code=${pairing.code}`);
    expect(admitted.status).toBe(200);
    expect(admitted.headers.get('set-cookie')).toContain(`till_pairing=${pairing.code}`);
    expect(admitted.headers.get('content-security-policy')).toContain("script-src 'self'");
    const { api } = await connect(`?code=${pairing.code}`);
    expect((await api.session()).paired).toBe(false);
  });

  it('tells the UI when the host goes away', async () => {
    await startHost(false);
    const connection = await connect();
    let closed = false;
    connection.onClose(() => (closed = true));
    await server.close();
    await expect.poll(() => closed).toBe(true);
  });

  it('serves files from the UI folder only', async () => {
    await startHost(false);
    const escape = await fetch(`http://${base}/..%2F..%2Fhost.db`);
    expect(await escape.text()).toContain('<title>Till</title>');
  });
});
