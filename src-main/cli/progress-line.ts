import type { PullProgress } from '../sync/index.ts';
import type { CliIo } from './cli-io.ts';

const BAR_WIDTH = 24;

/**
 * Pull progress on stderr: a redrawn bar on a terminal, and one line per
 * finished list otherwise (logs stay short).
 */
export function pullProgressPrinter(io: CliIo): (progress: PullProgress) => void {
  let drawn = false;
  const clear = () => {
    if (drawn) process.stderr.write('\r\x1b[2K');
    drawn = false;
  };
  return (progress) => {
    if (progress.phase === 'me') return io.err('Checking the account (/me)…');
    if (progress.phase === 'publish') {
      clear();
      return io.err('Switching to the new catalog…');
    }
    if (progress.phase === 'restart') {
      clear();
      return io.err(`${progress.resource}: ${progress.reason}; reading it again`);
    }
    const done = progress.page >= progress.lastPage;
    if (io.interactive) {
      const filled = Math.round((progress.page / Math.max(progress.lastPage, 1)) * BAR_WIDTH);
      process.stderr.write(
        `\r\x1b[2K${progress.resource.padEnd(22)} [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] page ${progress.page}/${progress.lastPage}`,
      );
      drawn = true;
      if (done) clear();
    }
    if (done) io.err(`${progress.resource}: ${progress.received} records in ${progress.lastPage} page(s)`);
  };
}
