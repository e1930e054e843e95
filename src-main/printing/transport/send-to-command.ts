// APP_TO_APP: the job goes to another program on this machine (a vendor's
// print spooler, a USB bridge, a fiscal device driver) instead of the
// network. Only a program the operator listed in the setting
// printing.app_programs runs, checked here at every print: a binding names
// one of them plus fixed arguments. Contract: we start it with execFile (an
// argument vector, never a shell), write the ESC/POS bytes to its stdin and
// close it; exit code 0 means printed. Its stderr becomes the error a person reads.

import { execFile } from 'node:child_process';

export type AppToAppErrorCode = 'not-found' | 'not-allowed' | 'failed' | 'timeout';

export class AppToAppError extends Error {
  override readonly name = 'AppToAppError';

  constructor(
    readonly code: AppToAppErrorCode,
    message: string,
    options?: { cause?: unknown; program?: string },
  ) {
    super(message, options);
    this.program = options?.program ?? null;
  }

  /** The program refused or failed, for the screen's own words. */
  readonly program: string | null;
}

const DEFAULT_TIMEOUT_MS = 15_000;
/** Enough of a program's complaint to say what went wrong, not a log file. */
const STDERR_KEPT = 300;
/** What a printer program may write back before it is stopped (its output is not used). */
const MAX_OUTPUT_BYTES = 64 * 1024;

export interface SendToCommandOptions {
  /** The programs the operator allowed (setting printing.app_programs); nothing else runs. */
  programs: readonly string[];
  timeoutMs?: number;
}

/** Throws AppToAppError `not-allowed` unless the command's program is one the operator listed. */
export function checkAppCommand(command: readonly string[], programs: readonly string[]): void {
  const [program] = command;
  if (!program) throw new AppToAppError('not-found', 'the APP_TO_APP command is empty: bind the printer to a program');
  if (!programs.includes(program)) {
    throw new AppToAppError(
      'not-allowed',
      `the program ${program} is not one this till may run: the operator lists APP_TO_APP programs on the till's machine with ` +
        `\`pos settings set printing.app_programs PATH[,PATH]\`${programs.length ? ` (allowed now: ${programs.join(', ')})` : ' (none is listed)'}; bind the printer to one of them`,
      { program },
    );
  }
}

export function sendToCommand(command: readonly string[], bytes: Uint8Array, options: SendToCommandOptions): Promise<void> {
  try {
    checkAppCommand(command, options.programs);
  } catch (error) {
    return Promise.reject(error as Error);
  }
  const [program, ...args] = command as [string, ...string[]];
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const shown = command.join(' ');
  return new Promise<void>((resolve, reject) => {
    const child = execFile(
      program,
      args,
      { shell: false, windowsHide: true, timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: MAX_OUTPUT_BYTES, encoding: 'buffer' },
      (error, _stdout, stderrBytes) => {
        if (!error) return resolve();
        const failure = error as NodeJS.ErrnoException & { killed?: boolean; signal?: string | null; code?: number | string | null };
        if (typeof failure.code === 'string' && failure.code !== 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') {
          const code = failure.code === 'ENOENT' || failure.code === 'EACCES' ? 'not-found' : 'failed';
          return reject(
            new AppToAppError(code, `APP_TO_APP command "${shown}" could not be started (${failure.code}); check the printer's binding`, { cause: error }),
          );
        }
        if (failure.killed && failure.signal === 'SIGKILL' && failure.code === null) {
          return reject(new AppToAppError('timeout', `APP_TO_APP command "${shown}" did not finish within ${timeoutMs} ms; it was stopped`));
        }
        const said = Buffer.from(stderrBytes).toString().slice(-STDERR_KEPT).trim();
        const why =
          failure.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER'
            ? `wrote more than ${MAX_OUTPUT_BYTES} bytes back and was stopped`
            : failure.signal
              ? `was killed by ${failure.signal}`
              : `exited with code ${String(failure.code)}`;
        reject(new AppToAppError('failed', `APP_TO_APP command "${shown}" ${why}${said === '' ? '' : `: ${said}`}`));
      },
    );
    // A program that exits without reading everything closes the pipe: its exit code tells the rest.
    child.stdin?.on('error', () => {});
    child.stdin?.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });
}
