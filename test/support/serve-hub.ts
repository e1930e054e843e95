import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import type { TillApi, TransportEnvelope } from '../../src-shared/api/index.ts';
import { connectChannel } from '../../src-renderer/transport/connect-channel.ts';
import type { TillConnection } from '../../src-renderer/transport/till-connection.ts';

// A hub as a branch runs it: `pos serve` in its own process, and browsers
// reaching it over real WebSockets with the renderer's own transport code.
// Shared by the stations tests and bench:stations (plain ESM paths: tsx runs the bench).

const POS = join(dirname(fileURLToPath(import.meta.url)), '../../bin/pos.mjs');

export interface ServeHub {
  child: ChildProcess;
  /** The launch URL `pos serve` printed (`…/k/<secret>`). */
  url: string;
  origin: string;
  /** SIGTERM, and resolves once the process is gone (at once when it already is). */
  stop(): Promise<void>;
  /** What it wrote to stderr so far (its log lines). */
  log(): string;
}

/** Starts `pos serve` on a free port over `dbFile`; resolves once it printed its address. `nodeArgs`: Node's own (a bench's --cpu-prof). */
export async function startServeHub(dbFile: string, extraArgs: string[] = [], nodeArgs: string[] = []): Promise<ServeHub> {
  const child = spawn(process.execPath, [...nodeArgs, POS, 'serve', '--port', '0', '--db', dbFile, ...extraArgs], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const ready = await new Promise<{ url: string }>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => line.startsWith('{') && resolve(JSON.parse(line) as { url: string }));
    child.once('exit', (code) => reject(new Error(`pos serve exited with ${code} before it was ready: ${stderr}`)));
  });
  return {
    child,
    url: ready.url,
    origin: new URL(ready.url).origin,
    log: () => stderr,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * A manager's browser at a station: a session traded from the launch URL and
 * a WebSocket to /till. `code`: the station it chose (its till_station
 * cookie); none: the first counter. `sockets` collects the socket for the
 * caller to terminate.
 */
export async function browserStation(hub: Pick<ServeHub, 'url' | 'origin'>, code?: string, sockets?: WebSocket[]): Promise<TillApi> {
  return (await browserScreen(hub, code, sockets)).api;
}

/** browserStation with the connection itself: its API and the host's events as that screen hears them. */
export async function browserScreen(hub: Pick<ServeHub, 'url' | 'origin'>, code?: string, sockets?: WebSocket[]): Promise<TillConnection> {
  const session = await managerSession(hub);
  return screenAt(hub.origin, code ? `${session}; till_station=${code}` : session, sockets);
}

/** The session cookie a manager's browser trades the launch URL for (`name=value`). */
export async function managerSession(hub: Pick<ServeHub, 'url'>): Promise<string> {
  const traded = await fetch(hub.url, { redirect: 'manual' });
  return (traded.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/**
 * How a branch's tests start at a hub: a manager's screen at its first
 * counter, the till signed in to the service (`service`: its address and
 * token, as the emulator gives them), and Huda, a manager with PIN 2468, added and unlocked there.
 * Answers that screen, Huda and the first counter (where a later screen sits).
 */
export async function signedInManager(
  hub: Pick<ServeHub, 'url' | 'origin'>,
  service: { baseUrl: string; token: string },
  sockets?: WebSocket[],
): Promise<{ manager: TillApi; huda: Awaited<ReturnType<TillApi['addCashier']>>; first: Awaited<ReturnType<TillApi['stations']>>[number] }> {
  const manager = await browserStation(hub, undefined, sockets);
  await manager.signIn({ base_url: service.baseUrl, token: service.token });
  const huda = await manager.addCashier({ name: 'Huda', role: 'manager', pin: '2468' });
  await manager.unlock({ cashier_id: huda.id, pin: '2468' });
  const [first] = await manager.stations();
  return { manager, huda, first: first! };
}

/** The standby code (issue 36), as the Stations tab asks for it: through the till API of a screen where a manager is signed in. */
export async function standbyCode(manager: TillApi): Promise<string> {
  return (await manager.standbyCode()).code;
}

/** A page's WebSocket to /till at `origin` with `cookie` (a session, a paired device's), and the renderer's transport over it. */
export async function screenAt(origin: string, cookie: string, sockets?: WebSocket[]): Promise<TillConnection> {
  const socket = new WebSocket(`${origin.replace('http', 'ws')}/till`, { headers: { origin, cookie } });
  sockets?.push(socket);
  await new Promise<void>((open, fail) => {
    socket.once('open', () => open());
    socket.once('error', fail);
  });
  return connectChannel({
    send: (envelope: TransportEnvelope) => socket.send(JSON.stringify(envelope)),
    onReceive: (listener) => void socket.on('message', (data) => listener(JSON.parse(String(data)) as TransportEnvelope)),
    onClose: (listener) => void socket.once('close', listener),
    close: () => socket.close(),
  });
}
