import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { networkInterfaces } from 'node:os';
import type { Duplex } from 'node:stream';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type TillDatabase } from '../db/index.ts';
import { HostAllowlist } from '../host/index.ts';
import {
  pairTill,
  preparePairFile,
  readStandbyState,
  type BeforeReplace,
  type StandbyState,
  type PairedTill,
  type PairedTillOptions,
  type PairedTillParts,
  type PairSecrets,
} from '../standby/index.ts';
import { isLanHost, STANDBY_DB_FILE, type HubChoice } from './hub-choice.ts';

// The desktop till as a hub with a standby (issue 36): the same wiring as
// `pos serve` (pairTill: synchronous standby, event barrier, the waits of
// uploads, ZATCA and printing, rejoin, handover), and a listener on the
// branch network that answers the standby's routes only (`/standby/…`: the
// pairing with a code, the snapshot, the stream, /standby/where). The window
// still talks to the till over its MessagePort; nothing else is served.
// Free of `electron`, so plain Node tests it.

export interface DesktopPairListen {
  /** The address to bind (the branch network's interface, or 0.0.0.0). */
  host: string;
  /** 0: any free port. */
  port: number;
  /** The origin the standby and the stations reach this computer at (`http://192.168.1.20:4780`); the port is filled in when 0 was asked. */
  advertise: (port: number) => string;
}

export interface DesktopPair<T extends PairedTill> extends PairedTillParts<T> {
  /** The origin told to the standby (the Stations tab shows it with the code). */
  url: string;
  close(): Promise<void>;
}

/** Composes the desktop's till with its pair and opens the standby's routes on `listen`. */
export async function startDesktopPair<T extends PairedTill>(options: PairedTillOptions<T> & { listen: DesktopPairListen }): Promise<DesktopPair<T>> {
  const parts = pairTill(options);
  const { pair } = parts;
  // The web host's DNS-rebinding check: answered only at this computer's own addresses and the port (known once listening).
  let allowlist: HostAllowlist | null = null;
  const admitsHost = (request: IncomingMessage) => allowlist?.admitsHost(request.headers.host) === true;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (!admitsHost(request)) {
      response.writeHead(421, { 'Content-Type': 'text/plain; charset=utf-8' }).end('This till answers only at the address it was started on.');
      return;
    }
    const path = new URL(request.url ?? '/', 'http://till').pathname;
    const answered = path.startsWith('/standby/') ? pair.handle(request, response) : Promise.resolve(false);
    answered.then(
      (handled) => {
        if (!handled && !response.headersSent) response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      },
      () => {
        if (!response.headersSent) response.writeHead(500).end();
        else response.destroy();
      },
    );
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!admitsHost(request)) {
      socket.end('HTTP/1.1 421 Misdirected Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    if (!pair.upgrade(request, socket, head, () => {})) socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
  await new Promise<void>((ready, fail) => {
    server.once('error', fail);
    server.listen(options.listen.port, options.listen.host, () => ready());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.listen.port;
  allowlist = new HostAllowlist(options.listen.host, port);
  const url = options.listen.advertise(port);
  pair.listening(url);
  return {
    ...parts,
    url,
    close: async () => {
      // The pair first: it ends the stream's socket, which the server no longer counts once upgraded (close would wait for it forever).
      await pair.stop();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/**
 * Where the desktop hub listens for its standby (`hub.desktop_standby_port`,
 * 0: nowhere): every interface, told to the standby as this computer's first
 * address on the branch network (a private IPv4), never 0.0.0.0.
 */
export function desktopPairListen(port: number, interfaces = networkInterfaces()): DesktopPairListen | null {
  if (port === 0) return null;
  const lan = Object.values(interfaces)
    .flat()
    .find((item) => item && item.family === 'IPv4' && !item.internal && isLanHost(item.address));
  const host = lan?.address ?? '127.0.0.1';
  return { host: '0.0.0.0', port, advertise: (bound) => `http://${host}:${bound}` };
}

/**
 * The desktop's database file for its choice, made ready before the till
 * opens it: the hub's own `till.db` (or `till-standby.db` once that standby
 * took over; an old hub whose standby took over
 * rejoins as the new hub's standby first), or the standby's copy
 * `till-standby.db` (with the choice's code: paired and filled with the
 * hub's snapshot; without: checked to be that hub's standby, resuming).
 * Never a station's (it opens no file). The pair's rejoin key is kept in
 * (or read from) `secretsOf` the file. Answers the file; throws with the reason.
 */
export async function prepareDesktopFile(
  userData: string,
  choice: Exclude<HubChoice, { mode: 'station' }>,
  secretsOf: (db: TillDatabase) => PairSecrets,
  log: (line: string) => void,
  beforeReplace?: BeforeReplace,
): Promise<string> {
  // The user's alone, as openDatabase makes it: the snapshot is downloaded into it before any open.
  mkdirSync(userData, { recursive: true, mode: 0o700 });
  const dbFile = join(userData, choice.mode === 'standby' || (choice.mode === 'hub' && choice.file === STANDBY_DB_FILE) ? STANDBY_DB_FILE : 'till.db');
  const code = choice.mode === 'standby' ? choice.code : undefined;
  // A standby that took over (its window, or `pos standby promote`) is the branch's hub on its own file: it opens as a hub (and rejoins if a newer one replaced it).
  const kept = choice.mode === 'standby' && code === undefined ? fileState(dbFile) : null;
  // Only a promotion raises the epoch past 1: a copy that is no standby any more and has one took over (it was never a hub's own file).
  const tookOver = choice.mode === 'standby' && kept !== null && kept.role !== 'standby' && kept.epoch > 1;
  const standbyOf = choice.mode === 'standby' && !tookOver ? choice.hub : null;
  if (tookOver) log(`${dbFile} took over from ${choice.hub}: it starts as the branch's hub.`);
  await preparePairFile({ dbFile, standbyOf, code, secretsOf, log, ...(beforeReplace ? { beforeReplace } : {}) });
  return dbFile;
}

/** A database file's place in its pair, or null when there is no file yet. */
function fileState(file: string): StandbyState | null {
  if (!existsSync(file)) return null;
  const db = openDatabase(file);
  try {
    return readStandbyState(db);
  } finally {
    db.close();
  }
}
