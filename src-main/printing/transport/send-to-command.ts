// APP_TO_APP: the job goes to another program on this machine (a vendor's
// print spooler, a USB bridge, a fiscal device driver) instead of the
// network. Contract: we start the bound command without a shell, write the
// ESC/POS bytes to its stdin and close it; exit code 0 means printed.
// Anything on its stderr becomes the error a person reads.

import { spawn } from 'node:child_process';

export type AppToAppErrorCode = 'not-found' | 'failed' | 'timeout';

export class AppToAppError extends Error {
  override readonly name = 'AppToAppError';

  constructor(
    readonly code: AppToAppErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const DEFAULT_TIMEOUT_MS = 15_000;
/** Enough of a program's complaint to say what went wrong, not a log file. */
const STDERR_KEPT = 300;

export function sendToCommand(command: readonly string[], bytes: Uint8Array, options: { timeoutMs?: number } = {}): Promise<void> {
  const [program, ...args] = command;
  if (!program) return Promise.reject(new AppToAppError('not-found', 'the APP_TO_APP command is empty: bind the printer to a program'));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const shown = command.join(' ');
  return new Promise<void>((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['pipe', 'ignore', 'pipe'], shell: false, windowsHide: true });
    let stderr = '';
    let settled = false;
    const finish = (error?: AppToAppError): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(new AppToAppError('timeout', `APP_TO_APP command "${shown}" did not finish within ${timeoutMs} ms; it was stopped`));
    }, timeoutMs);
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-STDERR_KEPT);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      const code = error.code === 'ENOENT' || error.code === 'EACCES' ? 'not-found' : 'failed';
      finish(
        new AppToAppError(code, `APP_TO_APP command "${shown}" could not be started (${error.code ?? error.message}); check the printer's binding`, {
          cause: error,
        }),
      );
    });
    // A program that exits without reading everything closes the pipe: its exit code tells the rest.
    child.stdin.on('error', () => {});
    child.on('close', (code, signal) => {
      if (code === 0) finish();
      else {
        const why = signal ? `was killed by ${signal}` : `exited with code ${code}`;
        const said = stderr.trim() === '' ? '' : `: ${stderr.trim()}`;
        finish(new AppToAppError('failed', `APP_TO_APP command "${shown}" ${why}${said}`));
      }
    });
    child.stdin.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });
}
