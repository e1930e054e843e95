import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';

// Whether this desktop till is its branch's hub or a station of another
// till's hub (issue 20). Kept in the app's own config file (`till-app.json`
// in Electron's userData folder), never in the till database: a station
// opens no database at all. Free of `electron`, so plain Node tests it.

/** The hub (default): this computer's till owns the database. A station: the window is the hub's UI, over the LAN. */
export type HubChoice = { mode: 'hub' } | { mode: 'station'; hub: string };

export const APP_CONFIG_FILE = 'till-app.json';

const choiceSchema = z.discriminatedUnion('mode', [z.object({ mode: z.literal('hub') }), z.object({ mode: z.literal('station'), hub: z.string().max(200) })]);

/**
 * A hub's address as the manager types it (`192.168.1.20:4780`,
 * `http://192.168.1.20:4780/`, `https://till.branch.example`): an http(s)
 * origin with no user, path, query or fragment, or an error that says
 * what to type.
 */
export function parseHubAddress(text: string): { ok: true; hub: string } | { ok: false; reason: string } {
  const trimmed = text.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { ok: false, reason: `"${trimmed}" is not an address: type the hub's address as its screen shows it, like 192.168.1.20:4780` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, reason: `the hub is reached over http or https, not ${url.protocol.slice(0, -1)}` };
  if (url.username || url.password || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash)
    return { ok: false, reason: 'type only the hub’s address and port (like 192.168.1.20:4780), without a path' };
  return { ok: true, hub: url.origin };
}

/** The choice kept in the config file; the hub when there is none or it cannot be read (a broken file never strands a till). */
export function readHubChoice(file: string): HubChoice {
  try {
    const parsed = choiceSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) return { mode: 'hub' };
    if (parsed.data.mode === 'hub') return parsed.data;
    const address = parseHubAddress(parsed.data.hub);
    return address.ok ? { mode: 'station', hub: address.hub } : { mode: 'hub' };
  } catch {
    return { mode: 'hub' };
  }
}

/** Keeps the choice (written whole, then renamed over the old file: a crash leaves one or the other). */
export function writeHubChoice(file: string, choice: HubChoice): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, `${JSON.stringify(choice, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
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
