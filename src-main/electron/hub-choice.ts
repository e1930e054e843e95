import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';

// Whether this desktop till is its branch's hub, a station of another
// till's hub (issue 20) or the standby of a hub (issue 36). Kept in the app's own config file (`till-app.json`
// in Electron's userData folder), never in the till database: a station
// opens no database at all. Free of `electron`, so plain Node tests it.

/**
 * The hub (default): this computer's till owns the database. A station: the
 * window is the hub's UI, over the LAN; `pairCode`, a one-time code typed
 * on the "Use another till as hub" screen, fills in the hub's pairing form
 * at the next start only. A standby: this computer keeps a copy of that
 * hub's database in a file of its own (STANDBY_DB_FILE) and takes over when
 * the hub dies (docs/standby.md); `code`, a standby code made on the hub's
 * Stations tab, pairs it once and is forgotten once it has paired.
 */
export type HubChoice =
  { mode: 'hub'; file?: typeof STANDBY_DB_FILE } | { mode: 'station'; hub: string; pairCode?: string } | { mode: 'standby'; hub: string; code?: string };

/**
 * The standby's copy of its hub's database, beside the hub's own till.db
 * (never the same file: a hub's file is never overwritten). A standby that
 * took over is the hub on this file: `{mode: 'hub', file: STANDBY_DB_FILE}`.
 */
export const STANDBY_DB_FILE = 'till-standby.db';

export const APP_CONFIG_FILE = 'till-app.json';

/** A hub's six-digit pairing code (the hub's /pair form takes no other). */
export const PAIR_CODE_PATTERN = /^\d{6}$/;

const choiceSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('hub'), file: z.literal(STANDBY_DB_FILE).optional() }),
  z.object({ mode: z.literal('station'), hub: z.string().max(200), pair_code: z.string().regex(PAIR_CODE_PATTERN).optional() }),
  z.object({ mode: z.literal('standby'), hub: z.string().max(200), code: z.string().regex(PAIR_CODE_PATTERN).optional() }),
]);

/** Why a typed hub address was refused (the screen words each in both languages). */
export type HubAddressProblem = 'invalid' | 'scheme' | 'path' | 'not_lan';

/**
 * A hub's address as the manager types it (`192.168.1.20:4780`,
 * `http://192.168.1.20:4780/`, `https://till.branch.example`): an http(s)
 * origin with no user, path, query or fragment, or an error that says
 * what to type.
 */
export function parseHubAddress(text: string): { ok: true; hub: string } | { ok: false; reason: string; problem: HubAddressProblem } {
  const trimmed = text.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { ok: false, problem: 'invalid', reason: `"${trimmed}" is not an address: type the hub's address as its screen shows it, like 192.168.1.20:4780` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, problem: 'scheme', reason: `the hub is reached over http or https, not ${url.protocol.slice(0, -1)}` };
  if (url.username || url.password || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash)
    return { ok: false, problem: 'path', reason: 'type only the hub’s address and port (like 192.168.1.20:4780), without a path' };
  return { ok: true, hub: url.origin };
}

/**
 * A hub address typed on the screen, which must also be on this branch's
 * network: a loopback, private (10/8, 172.16/12, 192.168/16), link-local
 * or unique-local IP address, or a name that only a LAN resolves (one
 * label, or ending in .local, .lan, .internal or .home.arpa). A public
 * address is refused: a screen must not be talked into sending its
 * cashiers' taps to a stranger's server.
 */
export function parseLanHubAddress(text: string): { ok: true; hub: string } | { ok: false; reason: string; problem: HubAddressProblem } {
  const parsed = parseHubAddress(text);
  if (!parsed.ok) return parsed;
  const host = new URL(parsed.hub).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isLanHost(host)) return parsed;
  return {
    ok: false,
    problem: 'not_lan',
    reason: `${host} is not on this branch's network: type the hub's address on the LAN, like 192.168.1.20:4780`,
  };
}

/** A host name or IP address that is this machine or on a local network (see parseLanHubAddress). */
export function isLanHost(host: string): boolean {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
  }
  if (host.includes(':')) {
    // IPv6: loopback, unique-local fc00::/7, link-local fe80::/10 (URL gives them compressed, lower case).
    return host === '::1' || /^f[cd][0-9a-f]{0,2}:/.test(host) || /^fe[89ab][0-9a-f]?:/.test(host);
  }
  return host === 'localhost' || !host.includes('.') || /\.(local|lan|internal|home\.arpa)$/.test(host);
}

/** The choice kept in the config file; the hub when there is none or it cannot be read (a broken file never strands a till). */
export function readHubChoice(file: string): HubChoice {
  try {
    const parsed = choiceSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) return { mode: 'hub' };
    if (parsed.data.mode === 'hub') return parsed.data.file ? { mode: 'hub', file: parsed.data.file } : { mode: 'hub' };
    if (parsed.data.mode === 'standby') {
      // The stream carries the whole database: a standby's hub is on the branch's network, even in a hand-edited file.
      const lan = parseLanHubAddress(parsed.data.hub);
      if (!lan.ok) return { mode: 'hub' };
      return parsed.data.code ? { mode: 'standby', hub: lan.hub, code: parsed.data.code } : { mode: 'standby', hub: lan.hub };
    }
    const address = parseHubAddress(parsed.data.hub);
    if (!address.ok) return { mode: 'hub' };
    return parsed.data.pair_code ? { mode: 'station', hub: address.hub, pairCode: parsed.data.pair_code } : { mode: 'station', hub: address.hub };
  } catch {
    return { mode: 'hub' };
  }
}

/** Keeps the choice (written whole, then renamed over the old file: a crash leaves one or the other). */
export function writeHubChoice(file: string, choice: HubChoice): void {
  mkdirSync(dirname(file), { recursive: true });
  const kept = choice.mode === 'station' && choice.pairCode ? { mode: choice.mode, hub: choice.hub, pair_code: choice.pairCode } : choice;
  writeFileSync(`${file}.tmp`, `${JSON.stringify(kept, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}

/** The standby has paired with its hub (its file is the hub's copy now): the one-time code is dropped, the hub kept. */
export function forgetStandbyCode(file: string): void {
  const choice = readHubChoice(file);
  if (choice.mode === 'standby' && choice.code) writeHubChoice(file, { mode: 'standby', hub: choice.hub });
}

/** This standby took over at its window: from now on this computer is the branch's hub, on the standby's file. */
export function keepTookOver(file: string): void {
  if (readHubChoice(file).mode === 'standby') writeHubChoice(file, { mode: 'hub', file: STANDBY_DB_FILE });
}

/**
 * The station's pairing code, once: the file keeps the hub and forgets the
 * code (it is good for one pairing and minutes; the hub's cookie pairs
 * this window after that).
 */
export function takePairCode(file: string): string | null {
  const choice = readHubChoice(file);
  if (choice.mode !== 'station' || !choice.pairCode) return null;
  writeHubChoice(file, { mode: 'station', hub: choice.hub });
  return choice.pairCode;
}

/**
 * The choice made on the command line, if any: `--use-hub ADDRESS` (or
 * `--use-hub=ADDRESS`) makes this till a station of that hub, `--be-hub`
 * makes it the hub again. Either is kept for the next starts.
 */
export function hubChoiceFromArgs(argv: readonly string[]): { ok: true; choice: HubChoice | null } | { ok: false; reason: string } {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--be-hub') return { ok: true, choice: { mode: 'hub' } };
    const value = arg === '--use-hub' ? argv[i + 1] : arg.startsWith('--use-hub=') ? arg.slice('--use-hub='.length) : undefined;
    if (value === undefined) continue;
    const address = parseHubAddress(value);
    return address.ok ? { ok: true, choice: { mode: 'station', hub: address.hub } } : { ok: false, reason: `--use-hub: ${address.reason}` };
  }
  return { ok: true, choice: null };
}

/** What this start runs as: the command line's choice (kept for next time), else the kept one. */
export function resolveHubChoice(file: string, argv: readonly string[]): { ok: true; choice: HubChoice } | { ok: false; reason: string } {
  const asked = hubChoiceFromArgs(argv);
  if (!asked.ok) return asked;
  if (asked.choice) {
    writeHubChoice(file, asked.choice);
    return { ok: true, choice: asked.choice };
  }
  return { ok: true, choice: readHubChoice(file) };
}
