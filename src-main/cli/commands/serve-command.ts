import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, resolve } from 'node:path';
import { openDatabase } from '../../db/index.ts';
import { EventHub, pairHandover, serviceClientOf, TillHost } from '../../host/index.ts';
import { FileSecretStore } from '../../secrets/index.ts';
import { createTillHttpServer, HostAccess, isLoopback, NO_MANAGER_YET, type RouteHandler } from '../../host/http/index.ts';
import type { DemoServices } from '../demo-services.ts';
import { DEFAULT_RENDERER_DIR, ensureRendererBuilt } from '../renderer-build.ts';
import { parseCommandArgs, parseInteger, UsageError, type CliIo } from '../cli-io.ts';
import { PRINTER_POLICY_OPTIONS, printerPolicyFromArgs } from '../printer-policy-args.ts';
import { notOnboardedWarning, reportBeforeRejoin, zatcaSetAsideWork, zatcaUrlProblem } from '../../zatca/index.ts';
import { systemClock } from '../../clock/index.ts';
import { openPairedFile, pairTill, preparePairFile, SetAsideFiles } from '../../standby/index.ts';
import { orderSetAsideWork } from '../../sync/index.ts';
import { keepNeverAnsweredIn } from '../../orders/index.ts';

/**
 * `pos serve`: the till in a browser. Serves the built UI and the till API
 * (WebSocket `/till`) from one process; binds 127.0.0.1 unless told
 * otherwise. Only the till's own screens get in: the URL it prints carries a
 * per-launch secret (a manager screen); off loopback, cashier devices pair
 * with one-time codes. Every request's Host and every WebSocket's Origin must
 * be the till's own (`--origin` admits a TLS proxy's). `--behind-proxy`: a
 * TLS proxy on this machine carries every browser, so pairing stays on and
 * the proxy's forwarded client addresses key the throttles.
 */
export async function serveCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs('serve', argv, {
    db: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    demo: { type: 'boolean', default: false },
    'demo-products': { type: 'string' },
    'demo-control': { type: 'boolean', default: false },
    renderer: { type: 'string' },
    ...PRINTER_POLICY_OPTIONS,
    origin: { type: 'string', multiple: true, default: [] },
    'behind-proxy': { type: 'boolean', default: false },
    dev: { type: 'boolean', default: false },
    'zatca-url': { type: 'string' },
    'standby-of': { type: 'string' },
    code: { type: 'string' },
  });
  const zatcaUrl = values['zatca-url'];
  const zatcaUrlRefused = zatcaUrl === undefined ? null : zatcaUrlProblem(zatcaUrl);
  if (zatcaUrlRefused)
    throw new UsageError(`pos serve: --zatca-url takes the https address of a ZATCA API, or http on loopback for the stand-in's zatca_url: ${zatcaUrlRefused}`);
  const port = parseInteger('serve', 'port', values.port, 0, 65_535) ?? 4780;
  const demoProducts = parseInteger('serve', 'demo-products', values['demo-products'], 1, 1_000_000);
  if ((demoProducts || values['demo-control']) && !values.demo) throw new UsageError('pos serve: --demo-products and --demo-control go with --demo');
  const behindProxy = values['behind-proxy'];
  if (behindProxy && values.origin.length === 0)
    throw new UsageError('pos serve: --behind-proxy needs --origin https://NAME, the address the proxy answers at');
  // Forwarded addresses are trusted from loopback only: a proxy elsewhere would have to be trusted by address, and browsers could skip it.
  if (behindProxy && !isLoopback(values.host))
    throw new UsageError('pos serve: --behind-proxy keeps the till on loopback (the proxy on this machine is its only way in); drop --host');
  const dbFile = resolve(values.db ?? (values.demo ? 'till-demo.db' : 'till.db'));
  if (values.dev && values.renderer) throw new UsageError('pos serve: --dev rebuilds the UI from this checkout into out/renderer; drop --renderer');
  const rendererDir = await ensureRendererBuilt(resolve(values.renderer ?? DEFAULT_RENDERER_DIR), io.err);
  // Loaded only for --dev: Vite and electron-vite are development dependencies.
  const uiWatch = values.dev ? await (await import('../renderer-watch.ts')).watchRenderer(io.err) : null;

  const standbyOf = values['standby-of'] === undefined ? null : hubOrigin(values['standby-of']);
  if (values.code !== undefined && standbyOf === null) throw new UsageError('pos serve: --code goes with --standby-of (a standby code made on the hub)');
  if (standbyOf && values.demo) throw new UsageError('pos serve: a standby copies its hub: drop --demo');
  // A standby's file is the hub's snapshot: made (or checked) before the till opens it; an old hub whose standby took
  // over never starts as a writer: it rejoins as the new hub's standby (docs/standby.md).
  try {
    await preparePairFile({
      dbFile,
      standbyOf,
      code: values.code,
      secretsOf: (connection) => new FileSecretStore(connection),
      log: io.err,
      // An old hub that rejoins reports what only its set-aside file holds, briefly, before its file is replaced (docs/zatca.md).
      // The orders it never answered are kept there as refused first: never uploaded (docs/standby.md).
      beforeReplace: async ({ file, documents, neverAnsweredOrders }) => {
        keepNeverAnsweredIn(file, neverAnsweredOrders);
        if (documents.length > 0) await reportBeforeRejoin({ file, documents, secrets: liveSecrets(dbFile), log: io.err });
      },
    });
  } catch (error) {
    if (!standbyOf) throw error;
    throw new UsageError(`pos serve: ${(error as Error).message}`);
  }
  const db = openDatabase(dbFile);
  // One secrets file, one store: the service token and the pair's rejoin key (docs/security.md).
  const secrets = new FileSecretStore(db);
  const events = new EventHub();
  // The demo's virtual printers are on loopback; anything else needs --allow-loopback.
  const printerPolicy = printerPolicyFromArgs('serve', values, values.demo);
  // Loaded only for --demo: the emulator behind it (and its fastify) is a development dependency.
  const demo: DemoServices | null = values.demo
    ? await (await import('../demo-services.ts')).startDemoServices(db, { dataDir: dirname(dbFile), ...(demoProducts ? { products: demoProducts } : {}) })
    : null;
  if (demo) io.err(`ZATCA stand-in at ${demo.zatca.url}: onboard on the Branch screen's ZATCA tab with OTP ${demo.zatca.otp}`);
  const onboardAt = zatcaUrl ?? demo?.zatca.url;
  // The hub, its standby or an old hub (issue 36): the till's outbox, printing and ZATCA start only on the hub.
  let steppedDown = (): void => {};
  // Whatever this machine is now: the ZATCA documents and the orders only an old copy of its file holds are sent from there (docs/standby.md).
  const setAside = new SetAsideFiles({
    dbFile,
    live: db,
    works: [zatcaSetAsideWork({ secrets }), orderSetAsideWork({ client: () => serviceClientOf(db, secrets) })],
    log: io.err,
  });
  setAside.start();
  const { till, pair, api } = pairTill({
    dbFile,
    db,
    openDatabase: openPairedFile,
    clock: systemClock,
    // Nothing goes upstream (service, ZATCA, printer) before the standby has it: a failover never un-happens an uploaded order.
    makeTill: (waitFor) => new TillHost({ db, events, secrets, printerPolicy, ...(onboardAt ? { zatcaUrl: onboardAt } : {}), uploadsWaitFor: waitFor }),
    events,
    secrets,
    handover: pairHandover(db, secrets, io.err),
    takeOverWarning: () => notOnboardedWarning(db),
    onSteppedDown: () => steppedDown(),
    // A standby tells its hub how many wait, for the manager's Stations tab.
    setAside: () => setAside.told(),
    log: io.err,
  });

  const onLan = !isLoopback(values.host);
  let access: HostAccess;
  try {
    access = new HostAccess({
      stations: till.branchStations,
      bindHost: values.host,
      extraOrigins: values.origin,
      pairing: onLan || behindProxy,
      behindProxy,
      pairingCodes: {
        onNewCode: (code, _expiresAt, station) =>
          io.err(`Pairing code for one device, ${station === null ? 'a new station of its own' : `station ${station}`}: ${code} (good for 5 minutes, once)`),
      },
    });
  } catch (error) {
    throw new UsageError(`pos serve: ${(error as Error).message}`);
  }
  // Checked by HostAccess above: every --origin is a bare http(s) origin.
  const publicOrigin = behindProxy ? new URL(values.origin.find((o) => o.startsWith('https:')) ?? values.origin[0]!).origin : null;
  const server = createTillHttpServer({
    // Every answer waits for the standby to hold what it committed (docs/standby.md).
    api,
    peer: pair,
    // A paired device's cookie too (its row on this disk and the standby's).
    committed: () => pair.committed(),
    events,
    rendererDir,
    access,
    authorizer: till.authorizer,
    // Kitchen displays are online while their sockets answer; offline, their tickets print on paper.
    presence: pair.presence(till.kitchen),
    routes: demo ? demoRoutes(demo, values['demo-control']) : [],
  });
  await new Promise<void>((ready, fail) => {
    server.http.once('error', (error: NodeJS.ErrnoException) =>
      fail(error.code === 'EADDRINUSE' ? new Error(`port ${port} on ${values.host} is taken; pass --port with another number (or 0 for any free one)`) : error),
    );
    server.http.listen(port, values.host, () => ready());
  });
  const address = server.http.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const shownHost = values.host.includes(':') ? `[${values.host}]` : values.host;
  const url = `http://${shownHost}:${actualPort}${access.secretPath()}`;
  // The address a station reaches this machine at (never 0.0.0.0; the proxy's behind one): told to the peer, served at /standby/where.
  pair.listening(access.pairingAddress(actualPort));
  // No code before the first manager exists: that manager is made on the screen the launch URL opens.
  // The printed code names no station: the device becomes a new one when it pairs (issue 32).
  const pairingCode = access.pairing && !(await till.staffState()).needs_first_manager ? access.pairing.issue().code : null;
  io.out(
    JSON.stringify({
      url,
      db: dbFile,
      role: pair.currentRole,
      pairing_code: pairingCode,
      demo: demo ? { ...demo.credentials, printers: demo.printerDirs, zatca_url: demo.zatca.url, zatca_otp: demo.zatca.otp } : null,
    }),
  );
  io.err(`Till is ready: open ${url} on the manager's screen (keep this address private: it is this launch's key).`);
  if (onLan) {
    io.err(
      'Warning: this till is on the network over plain HTTP: the session cookies and everything the till shows cross the LAN in clear text. ' +
        'Put a TLS proxy in front of it (see README, "Security") and start the till on loopback with --origin https://YOUR-NAME --behind-proxy.',
    );
    // The address a tablet opens: this computer's network address for --host 0.0.0.0, never "0.0.0.0".
    io.err(`Cashier devices: open ${access.pairingAddress(actualPort)}/pair and type a pairing code; the manager screen makes a new one at /pair/code.`);
  }
  if (access.pairing && pairingCode === null) io.err(NO_MANAGER_YET.en);
  if (!onLan && !behindProxy && values.origin.length > 0)
    io.err(
      'Note: --origin without --behind-proxy on loopback: pairing is off and every browser coming through a proxy shares its one address, ' +
        'so anyone\'s wrong guesses lock out the rest. A TLS proxy on this machine wants --behind-proxy (see README, "Security").',
    );
  if (publicOrigin) {
    io.err(
      `Through the proxy: the manager's screen opens ${publicOrigin}${access.secretPath()}; cashier devices open ${publicOrigin}/pair and type a pairing code.`,
    );
    if (!publicOrigin.startsWith('https:'))
      io.err('Warning: --origin is not https: the proxy should give browsers TLS, or cookies and orders cross the network in clear text.');
  }

  const ending = await new Promise<'signal' | 'rejoin'>((done) => {
    const signal = () => done('signal');
    process.once('SIGINT', signal);
    process.once('SIGTERM', signal);
    // A running hub that found a newer one at its peer: its file cannot be replaced under open connections, so this
    // process closes it and serves it again at the same address, where it rejoins as that hub's standby (docs/standby.md).
    if (!demo)
      steppedDown = () => {
        process.removeListener('SIGINT', signal);
        process.removeListener('SIGTERM', signal);
        done('rejoin');
      };
  });
  io.err(ending === 'rejoin' ? 'Stepping down: serving this file again as the new hub’s standby…' : 'Stopping: finishing the upload and print in progress…');
  await uiWatch?.close();
  await server.close();
  await pair.stop();
  await till.stop();
  await setAside.stop();
  await demo?.close();
  db.close();
  // The same address (a port 0 chose is kept): screens and the new hub find this machine where it was.
  if (ending === 'rejoin') return serveCommand([...argv, '--port', String(actualPort)], io);
  return 0;
}

/** --standby-of: the hub's address as an http(s) origin. */
function hubOrigin(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`pos serve: --standby-of takes the hub's address, like http://192.168.1.20:4780 (not "${text}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError('pos serve: --standby-of takes an http or https address');
  return url.origin;
}

function demoRoutes(demo: DemoServices, control: boolean): RouteHandler[] {
  const json = (response: ServerResponse, body: unknown) => {
    response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(JSON.stringify(body));
  };
  return [
    (request: IncomingMessage, response: ServerResponse) => {
      // Only a session reaches these routes (the host checks); POSTs from other sites were refused before.
      const path = new URL(request.url ?? '/', 'http://till').pathname;
      if (path === '/demo.json' && request.method === 'GET') {
        json(response, demo.credentials);
        return true;
      }
      if (path === '/demo/received.json' && request.method === 'GET') {
        json(response, demo.received());
        return true;
      }
      return false;
    },
    async (request: IncomingMessage, response: ServerResponse) => {
      const path = new URL(request.url ?? '/', 'http://till').pathname;
      if (!control || request.method !== 'POST') return false;
      if (path === '/demo/emulator/stop') await demo.stopService();
      else if (path === '/demo/emulator/start') await demo.startService();
      else return false;
      json(response, { ok: true });
      return true;
    },
  ];
}

/** This machine's secrets file (the service token, its own EGS unit's CSID secret), read beside the file before it is served. */
function liveSecrets(dbFile: string): FileSecretStore {
  const connection = openDatabase(dbFile);
  try {
    return new FileSecretStore(connection);
  } finally {
    connection.close();
  }
}
