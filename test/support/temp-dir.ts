import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * A fresh folder under the OS temp dir; `cleanup` removes it. A file can
 * appear while it does: a printer sink's last write, or the -wal and -shm
 * of the checkpoint thread's last open of a database the test just closed
 * (src-main/db/checkpoint.ts). Node's own `maxRetries` only retries the
 * folder's rmdir, never the listing, so a file made after the listing
 * failed every retry (ENOTEMPTY in CI with both cores busy). Here the whole
 * removal runs again, up to 400 times 50 ms apart (20 s); the checkpoint thread
 * runs on, since it is not this thread that waits.
 */
export function tempDir(prefix = 'till-'): { path: string; file: (name: string) => string; cleanup: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, file: (name) => join(path, name), cleanup: () => removeFolder(path) };
}

function removeFolder(path: string, tries = 400): void {
  for (let tried = 1; ; tried++) {
    try {
      return rmSync(path, { recursive: true, force: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (tried >= tries || (code !== 'ENOTEMPTY' && code !== 'EBUSY')) throw error;
      Atomics.wait(pause, 0, 0, 50);
    }
  }
}
