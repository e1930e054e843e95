import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const pos = fileURLToPath(new URL('../../bin/pos.mjs', import.meta.url));

/** `pos COMMAND --db FILE ARGS…` on the served database, as the manager types it; what it prints. */
export function posOn(dbFile: string, command: string, ...args: string[]): string {
  return execFileSync(process.execPath, [pos, command, '--db', dbFile, ...args], { encoding: 'utf8' });
}

/** The same command with `--json`, its answer parsed. */
export function posJson<T>(dbFile: string, command: string, ...args: string[]): T {
  return JSON.parse(posOn(dbFile, command, ...args, '--json')) as T;
}
