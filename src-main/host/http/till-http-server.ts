import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { TillError } from '../../../src-shared/errors/index.ts';
import { isMessageKey, translate } from '../../../src-shared/i18n/index.ts';
import type { TillApi } from '../../../src-shared/api/index.ts';
import { systemClock, type Clock } from '../../clock/index.ts';
import type { Authorizer, ClientContext } from '../authorization/index.ts';
import type { EventHub } from '../event-hub.ts';
import { exposeTill } from '../transport/expose-till.ts';
import { webSocketChannel } from '../transport/websocket-channel.ts';
import { sendPage } from './access-pages.ts';
import { ConnectionGuard, type ConnectionLimits } from './connection-guard.ts';
import type { HostAccess } from './host-access.ts';
import { isLoopback } from './host-allowlist.ts';
import { SessionSockets } from './session-sockets.ts';
import { serveStatic } from './static-files.ts';

/** Extra routes (the demo's `/demo.json` and controls); return true when handled. Reached only with a session. */
export type RouteHandler = (request: IncomingMessage, response: ServerResponse, client: ClientContext) => boolean | Promise<boolean>;

export interface TillHttpServerOptions {
  api: TillApi;
  events: EventHub;
  rendererDir: string;
  access: HostAccess;
  authorizer: Authorizer;
  routes?: RouteHandler[];
  /** Limits on sockets that have not shown a session (defaults: DEFAULT_CONNECTION_LIMITS). */
  limits?: ConnectionLimits;
  /** WebSockets one session may hold open at once (default DEFAULT_MAX_SOCKETS_PER_SESSION); the next is refused with 429. */
  maxSocketsPerSession?: number;
  /** Calls one WebSocket may have waiting or running at once (default MAX_CALLS_IN_FLIGHT); the next is refused. */
  maxCallsInFlight?: number;
  /** Times the handshake and idle deadlines of those sockets. */
  clock?: Clock;
  /**
   * Which kitchen displays are online (the host's KitchenService): told of
   * each socket of a station it tracks, and of every answer on it; it pings
   * them on its heartbeat and drops a silent one.
   */
  presence?: StationPresence;
  /**
   * Routes under /standby/ of another machine of the branch (issue 36: the
   * standby's pairing, snapshot and stream; docs/standby.md), asked before
   * any session: the peer authenticates itself with its own token, or the
   * route is public. `authenticated` lifts the limits of sockets that have
   * not shown who they are.
   */
  peer?: PeerRoutes;
  /**
   * What a page that tells of a write waits for before it goes out (a paired
   * device's cookie: its row on the hub's disk, and the standby's): the
   * pair's barrier, as every till API answer's (docs/standby.md). None: nothing.
   */
  committed?: () => Promise<void>;
}

export interface PeerRoutes {
  handle(request: IncomingMessage, response: ServerResponse, authenticated: () => void): Promise<boolean>;
  /** Why this machine takes no call `method` now (a standby before it takes over, an old hub): asked before anything runs. */
  refuseCall(method: string): Error | null;
  /** Upgrades under /standby/; false: not a peer's path. */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer, authenticated: () => void): boolean;
}

/** The sockets a host wants to follow (a kitchen display's): null for a station it does not track. */
export interface StationPresence {
  connect(station: string, socket: { ping(): void; drop(): void }): { seen(): void; closed(): void } | null;
  /** The server hangs up on every screen: that is no display going offline. */
  serverClosing(): void;
}

export interface TillHttpServer {
  readonly http: Server;
  /** Hangs up on every UI (each shows "connection lost" and reconnects) and stops listening. */
  close(): Promise<void>;
}

const MAX_FORM_BYTES = 1024;

/** The WebSocket close code of a screen whose station was removed (4000–4999: the application's own). */
export const STATION_REMOVED_CLOSE = 4403;

const STATION_REMOVED_PAGE = {
  en: 'This device’s station was removed on the till’s Branch screen. Ask a manager for a pairing code for another station and type it here.',
  ar: 'حُذفت محطة هذا الجهاز من شاشة الفرع في نظام الكاشير. اطلب من المدير رمز إقران لمحطة أخرى واكتبه هنا.',
  form: true,
};

/** Why no pairing code is made yet (also printed by `pos serve`). */
export const NO_MANAGER_YET = {
  en: 'No device can pair yet: add this till’s first manager on the manager screen (or with pos cashiers add), then make a pairing code here.',
  ar: 'لا يمكن إقران أي جهاز بعد: أضف المدير الأول لنظام الكاشير من شاشة المدير (أو بالأمر pos cashiers add)، ثم أنشئ رمز إقران من هنا.',
};

/**
 * The plain-Node host: the built renderer over HTTP and the till API over a
 * WebSocket at `/till`, to browsers holding a session only. A session comes
 * from the launch's secret URL (manager screen) or a pairing code (cashier
 * device); every request's `Host` and every WebSocket's `Origin` must be the
 * till's own. Sockets that have not shown a session are limited per
 * address and in total and must not dawdle (ConnectionGuard).
 */
export function createTillHttpServer(options: TillHttpServerOptions): TillHttpServer {
  const { access } = options;
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  // Each socket's station: removing a station closes its sockets at once (their next calls are refused anyway).
  const stationOfSocket = new Map<WebSocket, string>();
  const perSession = new SessionSockets(options.maxSocketsPerSession);
  // A browser placed at its station by this very upgrade keeps it in its cookie (the 101 answer sets it).
  const cookieOfUpgrade = new WeakMap<IncomingMessage, string>();
  sockets.on('headers', (headers: string[], request: IncomingMessage) => {
    const cookie = cookieOfUpgrade.get(request);
    if (cookie) headers.push(`Set-Cookie: ${cookie}`);
  });
  sockets.on('connection', (socket: WebSocket, request: IncomingMessage, client: ClientContext, placed: string) => {
    socket.on('error', () => socket.terminate());
    perSession.add(client.id, socket);
    let station = placed;
    stationOfSocket.set(socket, station);
    socket.once('close', () => stationOfSocket.delete(socket));
    // A kitchen display is online while a socket of it keeps answering: every frame and pong counts.
    const follow = (code: string) => options.presence?.connect(code, { ping: () => pingQuietly(socket), drop: () => socket.terminate() }) ?? null;
    let presence = follow(station);
    socket.on('pong', () => presence?.seen());
    socket.on('message', () => presence?.seen());
    socket.once('close', () => presence?.closed());
    // A manager's browser may make itself another station (the Stations tab); a paired device is the station it paired as.
    const chooseStation =
      client.kind === 'manager-session'
        ? (code: string) => {
            station = code;
            stationOfSocket.set(socket, code);
            presence?.closed();
            presence = follow(code);
            access.chooseStation(client, code);
          }
        : undefined;
    exposeTill(options.api, webSocketChannel(socket), options.events, {
      client,
      authorizer: options.authorizer,
      station: () => station,
      checkStation: (code, method) => {
        const refused = options.peer?.refuseCall(method);
        if (refused) throw refused;
        access.stations.checkCall(code, method);
      },
      hears: (event) => access.stations.hears(station, event),
      ...(chooseStation ? { chooseStation } : {}),
      ...(options.maxCallsInFlight ? { maxCallsInFlight: options.maxCallsInFlight } : {}),
    });
  });
  const stopWatchingRemovals = access.stations.onRemoved((code) => {
    for (const [socket, station] of stationOfSocket) if (station === code) socket.close(STATION_REMOVED_CLOSE, 'station removed');
  });

  // Behind a proxy every socket comes from loopback: the proxy limits its clients, the till only the total.
  const guard = new ConnectionGuard(options.limits ?? {}, options.clock ?? systemClock, (address) => access.behindProxy && isLoopback(address));
  const server = createServer((request, response) => {
    response.once('finish', () => guard.responded(request.socket));
    handle(options, guard, request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end(`The till host failed: ${(error as Error).message}`);
    });
  });
  server.on('connection', (socket: Socket) => guard.admit(socket));
  server.on('listening', () => {
    const address = server.address();
    if (address && typeof address === 'object') access.listening(address.port);
  });

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const refuse = (status: string) => socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    const path = new URL(request.url ?? '/', 'http://till').pathname;
    if (path.startsWith('/standby/') && options.peer) {
      if (!access.admitsHost(request)) return refuse('421 Misdirected Request');
      if (!options.peer.upgrade(request, socket, head, () => guard.authenticated(socket as Socket))) refuse('404 Not Found');
      return;
    }
    if (path !== '/till') return refuse('404 Not Found');
    if (!access.admitsHost(request)) return refuse('421 Misdirected Request');
    // Browsers always send Origin on a WebSocket: a missing or foreign one is not our page.
    if (!access.admitsOrigin(request)) return refuse('403 Forbidden');
    const client = access.clientOf(request);
    if (!client) return refuse('401 Unauthorized');
    // One cookie holds a few sockets (a screen and its reconnections), never hundreds.
    if (!perSession.admits(client.id)) return refuse('429 Too Many Requests');
    guard.authenticated(socket as Socket);
    // Placed before the socket opens: a screen the host cannot place is refused, never made the first counter (issue 32).
    let station: string;
    try {
      station = access.stationOf(request, client);
    } catch {
      return refuse('403 Forbidden');
    }
    const cookie = access.stationCookieUpdate(request, client);
    if (cookie) cookieOfUpgrade.set(request, cookie);
    sockets.handleUpgrade(request, socket, head, (ws) => sockets.emit('connection', ws, request, client, station));
  });
  return {
    http: server,
    close: () =>
      new Promise<void>((closed) => {
        guard.close();
        stopWatchingRemovals();
        options.presence?.serverClosing();
        access.closed();
        for (const client of sockets.clients) client.terminate();
        sockets.close();
        server.close(() => closed());
        server.closeAllConnections();
      }),
  };
}

/** A ping on a socket that is closing is no news: its close tells presence. */
function pingQuietly(socket: WebSocket): void {
  try {
    socket.ping();
  } catch {
    // Not open (any more): the close event follows.
  }
}

async function handle(options: TillHttpServerOptions, guard: ConnectionGuard, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const { access } = options;
  if (!access.admitsHost(request)) {
    response.writeHead(421, { 'Content-Type': 'text/plain; charset=utf-8' }).end('This till answers only at the address it was started on.');
    return;
  }
  const url = new URL(request.url ?? '/', 'http://till');
  const address = access.clientAddress(request);

  if (url.pathname.startsWith('/standby/') && options.peer) {
    if (await options.peer.handle(request, response, () => guard.authenticated(request.socket))) return;
  }
  if (url.pathname.startsWith('/k/')) return trade(options, request, response, url, address);
  if (url.pathname === '/pair') return pair(options, request, response, address);

  const client = access.clientOf(request);
  if (!client) {
    const pairing = access.pairing !== null;
    sendPage(response, 401, {
      en: pairing
        ? 'This device is not paired with the till. Type the pairing code shown where the till was started, or open the address printed there.'
        : 'Open the address printed where the till was started (it ends in /k/…): this till only answers its own screens.',
      ar: pairing
        ? 'هذا الجهاز غير مقترن بنظام الكاشير. اكتب رمز الإقران الظاهر حيث شُغّل النظام، أو افتح العنوان المطبوع هناك.'
        : 'افتح العنوان المطبوع حيث شُغّل نظام الكاشير (ينتهي بـ /k/…): لا يجيب هذا النظام إلا شاشاته.',
      form: pairing,
    });
    return;
  }
  guard.authenticated(request.socket);
  if (client.kind === 'paired-device' && client.station !== undefined && !access.stations.inUse(client.station)) {
    sendPage(response, 403, STATION_REMOVED_PAGE);
    return;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD' && !access.sameSite(request)) {
    response.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Refused: this request came from another site.');
    return;
  }
  if (url.pathname === '/pair/code' && request.method === 'GET') return newCode(options, response, url, client);
  // A station this browser chose on the Stations tab is kept in its cookie too, so it stays that station after a restart.
  const chosen = access.stationCookieUpdate(request, client);
  if (chosen) response.setHeader('Set-Cookie', chosen);
  // Extra routes (the demo's token and controls) are for the manager's screens only.
  if (client.kind !== 'paired-device') for (const route of options.routes ?? []) if (await route(request, response, client)) return;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  serveStatic(options.rendererDir, request, response);
}

function tooMany(response: ServerResponse, waitMs: number): void {
  const seconds = Math.ceil(waitMs / 1000);
  sendPage(
    response,
    429,
    {
      en: `Too many wrong attempts from this device: wait ${seconds} s and try again.`,
      ar: `محاولات خاطئة كثيرة من هذا الجهاز: انتظر ${seconds} ثانية ثم حاول مرة أخرى.`,
    },
    { 'Retry-After': String(seconds) },
  );
}

/** `/k/<secret>`: the operator's URL, traded for a manager session cookie; the address bar then drops the secret. */
function trade(options: TillHttpServerOptions, request: IncomingMessage, response: ServerResponse, url: URL, address: string): void {
  const { access } = options;
  const wait = access.throttle.waitMs(address);
  if (wait > 0) return tooMany(response, wait);
  if (request.method !== 'GET' || !access.sessions.isLaunchSecret(url.pathname.slice(3))) {
    access.throttle.fail(address);
    response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found.');
    return;
  }
  access.throttle.succeed(address);
  const previous = access.clientOf(request);
  const { cookie, client } = access.sessions.open('manager-session', address, { secure: access.onHttps(request) });
  // The same browser opening the address again stays its station; any other browser is a screen of its own.
  access.reopened(previous, client);
  response.writeHead(303, { 'Set-Cookie': cookie, Location: `/${url.search}`, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }).end();
}

/** `/pair`: the form (GET) and a one-time code for a cashier device session (POST). */
async function pair(options: TillHttpServerOptions, request: IncomingMessage, response: ServerResponse, address: string): Promise<void> {
  const { access } = options;
  if (!access.pairing) {
    sendPage(response, 404, {
      en: 'This till pairs no devices: open the address printed where it was started.',
      ar: 'لا يقترن هذا النظام بأجهزة: افتح العنوان المطبوع حيث شُغّل.',
    });
    return;
  }
  if (request.method === 'GET') {
    const code = new URL(request.url ?? '/', 'http://till').searchParams.get('code');
    sendPage(response, 200, {
      en: 'Type the pairing code shown where the till was started.',
      ar: 'اكتب رمز الإقران الظاهر حيث شُغّل نظام الكاشير.',
      form: true,
      code,
    });
    return;
  }
  if (request.method !== 'POST' || !access.sameSite(request)) {
    response.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Refused.');
    return;
  }
  const wait = access.throttle.waitMs(address);
  if (wait > 0) return tooMany(response, wait);
  const body = await readSmallBody(request, MAX_FORM_BYTES);
  const code = body === null ? '' : (new URLSearchParams(body).get('code') ?? '').trim();
  const grant = access.pairing.redeem(code, address);
  if (!grant) {
    access.throttle.fail(address);
    const locked = access.throttle.waitMs(address);
    if (locked > 0) return tooMany(response, locked);
    sendPage(response, 401, {
      en: 'That code is wrong, used or expired. Ask for a new one.',
      ar: 'هذا الرمز خاطئ أو مستخدم أو منتهي الصلاحية. اطلب رمزاً جديداً.',
      form: true,
    });
    return;
  }
  access.throttle.succeed(address);
  let station: string;
  try {
    // A code that named no station makes one now, when a device is there to be it (issue 32): an unused code leaves nothing behind.
    if (grant.station === null) station = access.stations.addScreenStation();
    else {
      station = grant.station;
      access.checkPairable(station);
    }
  } catch (error) {
    sendPage(response, 409, refusalPage(error));
    return;
  }
  if (!access.stations.inUse(station)) {
    sendPage(response, 409, {
      en: `Station ${station}, which this code was made for, has been removed. Ask a manager for a new code.`,
      ar: `المحطة \u2066${station}\u2069 التي صُنع لها هذا الرمز حُذفت. اطلب من المدير رمزاً جديداً.`,
      form: true,
    });
    return;
  }
  const { cookie } = access.sessions.open('paired-device', address, { secure: access.onHttps(request), station });
  try {
    await options.committed?.();
  } catch {
    sendPage(response, 503, {
      en: 'The hub could not confirm the pairing was saved to its disk. Ask a manager to check the hub computer’s disk, then pair again.',
      ar: 'لم يتمكن الجهاز الرئيسي من تأكيد حفظ الإقران على قرصه. اطلب من المدير فحص قرص جهاز المركز، ثم أعد الإقران.',
      form: true,
    });
    return;
  }
  response.writeHead(303, { 'Set-Cookie': cookie, Location: '/', 'Cache-Control': 'no-store' }).end();
}

/**
 * `/pair/code?station=B` on a manager screen: a fresh one-time code for the
 * next device, which will be station B (a new station of its own, made when
 * it pairs, when none is named; never a station a manager's browser is); `&format=json` answers {code, expires_at, station} for a
 * script (the Stations tab asks the till API's pairingCode). None before the till has a manager: the first manager is
 * made on the host's own screen, and a paired device needs someone who can approve.
 */
async function newCode(options: TillHttpServerOptions, response: ServerResponse, url: URL, client: ClientContext): Promise<void> {
  const { access } = options;
  const pairing = access.pairing;
  if (!pairing || client.kind !== 'manager-session') {
    sendPage(response, 403, {
      en: 'Only the manager screen of a till on the network can make pairing codes.',
      ar: 'فقط شاشة المدير لنظام على الشبكة يمكنها إنشاء رموز الإقران.',
    });
    return;
  }
  if ((await options.api.staffState()).needs_first_manager) {
    sendPage(response, 409, NO_MANAGER_YET);
    return;
  }
  const named = url.searchParams.get('station');
  // No station named: the device becomes a new station when it pairs (never the first counter, never this screen's).
  const station = named === null || named === '' ? null : named.toUpperCase();
  if (station === null) return sendCode(response, url, pairing.issue(null), null);
  if (!access.stations.inUse(station)) {
    sendPage(response, 404, {
      en: `This till has no station ${station.slice(0, 2)}: make the code for one of the stations on the Branch screen.`,
      ar: `لا توجد في هذا النظام محطة \u2066${station.slice(0, 2)}\u2069: أنشئ الرمز لإحدى المحطات في شاشة الفرع.`,
    });
    return;
  }
  try {
    access.checkPairable(station);
  } catch (error) {
    sendPage(response, 409, refusalPage(error));
    return;
  }
  sendCode(response, url, pairing.issue(station), station);
}

/** The fresh code as JSON (`format=json`) or as a page; `station` null: the device becomes a new station. */
function sendCode(response: ServerResponse, url: URL, { code, expiresAt }: { code: string; expiresAt: number }, station: string | null): void {
  if (url.searchParams.get('format') === 'json') {
    response
      .writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
      .end(JSON.stringify({ code, expires_at: expiresAt, station }));
    return;
  }
  const minutes = Math.round((expiresAt - Date.now()) / 60_000);
  sendPage(
    response,
    200,
    station === null
      ? {
          en: `Pairing code for one device, which will be a new station of its own: ${code} (good for ${minutes} minutes, once).`,
          ar: `رمز الإقران لجهاز واحد سيكون محطة جديدة خاصة به: ${code} (صالح ${minutes} دقائق، مرة واحدة).`,
        }
      : {
          en: `Pairing code for one device, which will be station ${station}: ${code} (good for ${minutes} minutes, once).`,
          ar: `رمز الإقران لجهاز واحد سيكون المحطة \u2066${station}\u2069: ${code} (صالح ${minutes} دقائق، مرة واحدة).`,
        },
  );
}

/** A refusal (a TillError) as a page in both languages, the pairing form below it. */
function refusalPage(error: unknown): { en: string; ar: string; form: true } {
  const reason = error instanceof TillError ? error.reason : undefined;
  const key = reason ? `reason.${reason.code}` : '';
  if (!isMessageKey(key)) throw error;
  return { en: translate('en', key, reason?.params), ar: translate('ar', key, reason?.params), form: true };
}

/** The body as text, or null when it is larger than `limit` bytes (the rest is not read). */
function readSmallBody(request: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        resolve(null);
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', () => resolve(null));
  });
}
