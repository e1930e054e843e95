import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A fresh folder under the OS temp dir; `cleanup` removes it, trying again
 * when a file appears while it does (a printer sink's last write, SQLite's
 * -wal of a checkpoint thread's last open: ENOTEMPTY on a busy machine).
 * Node waits 50 ms longer at each try: 30 tries wait up to 23 s in all,
 * where 10 (2.75 s) once ran out with both cores busy in CI.
 */
export function tempDir(prefix = 'till-'): { path: string; file: (name: string) => string; cleanup: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, file: (name) => join(path, name), cleanup: () => rmSync(path, { recursive: true, force: true, maxRetries: 30, retryDelay: 50 }) };
}
