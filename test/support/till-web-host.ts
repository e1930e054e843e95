import type { AddressInfo } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import { WebSocket } from 'ws';
import type { TransportEnvelope } from '../../src-shared/api/index.ts';
import { EventHub, TillHost } from '../../src-main/host/index.ts';
import { FileSecretStore } from '../../src-main/secrets/index.ts';
import {
  createTillHttpServer,
  HostAccess,
  type ConnectionLimits,
  type HostAccessOptions,
  type RouteHandler,
  type TillHttpServer,
} from '../../src-main/host/http/index.ts';
import type { SyncFile, TillDatabase } from '../../src-main/db/index.ts';
import { openPairedFile, pairTill } from '../../src-main/standby/index.ts';
import { systemClock } from '../../src-main/clock/index.ts';
import { addStation, listStations } from '../../src-main/stations/index.ts';
import type { Clock } from '../../src-main/clock/index.ts';
import type { PrinterAddressPolicy } from '../../src-main/printing/index.ts';
import { connectChannel } from '../../src-renderer/transport/connect-channel.ts';
import type { TillConnection } from '../../src-renderer/transport/till-connection.ts';
import type { EmulatedService } from './emulated-service.ts';

/** The real HTTP + WebSocket host on a free loopback port, as `pos serve` builds it. */
export interface WebHost {
  host: TillHost;
  /** The host's events: one subscriber per connected screen. */
  events: EventHub;
  db: TillDatabase;
  server: TillHttpServer;
  access: HostAccess;
  /** `127.0.0.1:PORT` */
  base: string;
  origin: string;
  /** A manager session cookie (`till_session=…`), traded from the launch URL like a browser does. */
  managerCookie(): Promise<string>;
  /** A raw WebSocket to /till with these headers; resolves when open, rejects with the refusal. */
  rawSocket(headers: Record<string, string>): Promise<WebSocket>;
  /** The renderer's own transport code over a real WebSocket from Node. */
  connect(headers: Record<string, string>): Promise<TillConnection>;
  close(): Promise<void>;
}

export interface WebHostOptions extends Partial<Omit<HostAccessOptions, 'stations'>> {
  dbName?: string;
  /** Limits on sockets without a session (small ones in tests). */
  limits?: ConnectionLimits;
  /** The till's clock: its workers, and the handshake and idle deadlines of sockets. */
  clock?: Clock;
  /** Extra routes, as the demo's (`/demo.json`). */
  routes?: RouteHandler[];
  /** A ZATCA stand-in's address for onboarding from the screen (`pos serve --zatca-url`). */
  zatcaUrl?: string;
  /** Which printer addresses the print queue may send to (a sink on loopback needs allowLoopback). */
  printerPolicy?: PrinterAddressPolicy;
  /** WebSockets one session may hold open (default 8). */
  maxSocketsPerSession?: number;
  /** Calls one WebSocket may have waiting or running (default 8). */
  maxCallsInFlight?: number;
  /**
   * Composed as `pos serve` composes it (pairTill: group commit on the till's
   * connection, the pair's barrier before every answer, event and send), with
   * this sync of the WAL, which a test may hold. None: the bare TillHost.
   */
  syncWal?: SyncFile;
}

export async function startWebHost(service: EmulatedService, options: WebHostOptions = {}): Promise<WebHost> {
  const db = service.open(options.dbName ?? 'host.db');
  const events = new EventHub();
  const { dbName: _db, limits, clock, routes = [], zatcaUrl, printerPolicy, maxSocketsPerSession, maxCallsInFlight, syncWal, ...accessOptions } = options;
  const secrets = new FileSecretStore(db);
  const makeHost = (uploadsWaitFor?: () => Promise<void>) =>
    new TillHost({
      db,
      events,
      secrets,
      uploadBackoff: { baseDelayMs: 5, maxDelayMs: 50 },
      ...(clock ? { clock } : {}),
      ...(zatcaUrl ? { zatcaUrl } : {}),
      ...(printerPolicy ? { printerPolicy } : {}),
      ...(uploadsWaitFor ? { uploadsWaitFor } : {}),
    });
  const paired = syncWal
    ? pairTill({
        dbFile: db.name,
        db,
        openDatabase: openPairedFile,
        clock: clock ?? systemClock,
        makeTill: makeHost,
        events,
        secrets,
        onSteppedDown: () => {},
        log: () => {},
        syncWal,
      })
    : null;
  const host = paired?.till ?? makeHost();
  if (!paired) host.start();
  const rendererDir = service.dir.file('renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(`${rendererDir}/index.html`, '<!doctype html><title>Till</title>');
  const access = new HostAccess({ bindHost: '127.0.0.1', stations: host.branchStations, ...accessOptions });
  const server = createTillHttpServer({
    api: paired?.api ?? host,
    ...(paired ? { peer: paired.pair, committed: () => paired.pair.committed() } : {}),
    events,
    rendererDir,
    access,
    authorizer: host.authorizer,
    presence: host.kitchen,
    routes,
    ...(limits ? { limits } : {}),
    ...(clock ? { clock } : {}),
    ...(maxSocketsPerSession ? { maxSocketsPerSession } : {}),
    ...(maxCallsInFlight ? { maxCallsInFlight } : {}),
  });
  await new Promise<void>((ready) => server.http.listen(0, '127.0.0.1', ready));
  const base = `127.0.0.1:${(server.http.address() as AddressInfo).port}`;
  const connections: TillConnection[] = [];
  const sockets: WebSocket[] = [];

  const rawSocket = (headers: Record<string, string>) =>
    new Promise<WebSocket>((open, fail) => {
      const socket = new WebSocket(`ws://${base}/till`, { headers });
      sockets.push(socket);
      socket.once('open', () => open(socket));
      socket.once('unexpected-response', (_request, response) => fail(new Error(`refused: ${response.statusCode}`)));
      socket.once('error', fail);
    });

  return {
    host,
    events,
    db,
    server,
    access,
    base,
    origin: `http://${base}`,
    async managerCookie() {
      const response = await fetch(`http://${base}${access.secretPath()}`, { redirect: 'manual' });
      if (response.status !== 303) throw new Error(`the launch URL answered ${response.status}`);
      return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
    },
    rawSocket,
    async connect(headers) {
      const socket = await rawSocket(headers);
      const connection = connectChannel({
        send: (envelope: TransportEnvelope) => socket.send(JSON.stringify(envelope)),
        onReceive: (listener) => void socket.on('message', (data) => listener(JSON.parse(String(data)) as TransportEnvelope)),
        onClose: (listener) => void socket.once('close', listener),
        close: () => socket.close(),
      });
      connections.push(connection);
      return connection;
    },
    async close() {
      connections.splice(0).forEach((c) => c.close());
      sockets.splice(0).forEach((s) => s.terminate());
      await server.close();
      await paired?.pair.stop();
      await host.stop();
    },
  };
}

/**
 * Pairs a "device" with a fresh one-time code through the real /pair form;
 * returns its session cookie. The device is `station` when given; otherwise
 * a station of its own, added for it (each tablet of a branch is its own
 * till, as a manager pairing one would choose).
 */
export async function pairDevice(web: WebHost, station?: string): Promise<string> {
  const { code } = web.access.pairing!.issue(station ?? addTabletStation(web.db));
  const response = await typePairingCode(web, code);
  if (response.status !== 303) throw new Error(`pairing answered ${response.status}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** `code` typed into the host's real /pair form and sent, as a tablet's browser does (a same-site POST); the answer as it is (303 and a session cookie when it paired). */
export function typePairingCode(web: WebHost, code: string): Promise<Response> {
  return fetch(`http://${web.base}/pair`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: web.origin },
    body: `code=${code}`,
    redirect: 'manual',
  });
}

/** Adds a counter station with the next free code (B, C, …, Z, BA, …) and returns its code. */
export function addTabletStation(db: TillDatabase): string {
  const taken = new Set(listStations(db, { removed: true }).map((s) => s.code));
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const codes = [...letters, ...[...letters].flatMap((a) => [...letters].map((b) => a + b))];
  const code = codes.find((c) => !taken.has(c))!;
  addStation(db, { name: `Tablet ${code}`, code }, Date.now());
  return code;
}
