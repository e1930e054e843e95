// Asks a network printer how it is, with the ESC/POS real-time status
// request DLE EOT n (10 04 n): n=1 the printer status, n=4 the roll paper
// sensor. A printer answers each with one byte. Many printers (and
// converters in front of them) never answer; then only the connection
// says something, and the status is left to the print jobs.

import { Socket } from 'node:net';
import type { PrinterAddress } from './send-to-printer.ts';

export const STATUS_REQUEST_PRINTER = Uint8Array.of(0x10, 0x04, 0x01);
export const STATUS_REQUEST_PAPER = Uint8Array.of(0x10, 0x04, 0x04);

/** ok, near-end (paper low), out (no paper), or null when the printer did not say. */
export type PaperState = 'ok' | 'near-end' | 'out';

export interface PrinterStatusAnswer {
  /** Whether the TCP connection was made at all. */
  reachable: boolean;
  /** Why not, when it was not. */
  error: string | null;
  /** Whether the printer answered the status requests (a well-formed byte to each). */
  answered: boolean;
  /** The printer reports itself offline (cover open, paper out, error). Null when it did not answer. */
  offline: boolean | null;
  paper: PaperState | null;
}

/** Status bytes carry fixed bits: bit 1 and 4 set, bits 0 and 7 clear. Anything else is not an answer. */
function isStatusByte(byte: number): boolean {
  return (byte & 0x93) === 0x12;
}

/** The answer to DLE EOT 4: bits 2–3 paper near end, bits 5–6 paper end. */
export function paperFromStatusByte(byte: number): PaperState {
  if (byte & 0x60) return 'out';
  if (byte & 0x0c) return 'near-end';
  return 'ok';
}

/** The answer to DLE EOT 1: bit 3 offline. */
export function offlineFromStatusByte(byte: number): boolean {
  return (byte & 0x08) !== 0;
}

/**
 * Connects, sends DLE EOT 1 and DLE EOT 4, and waits up to `timeoutMs` for
 * the two answer bytes. Never rejects: an unreachable printer and a silent
 * one are answers too.
 */
export function queryPrinterStatus(address: PrinterAddress, options: { timeoutMs?: number } = {}): Promise<PrinterStatusAnswer> {
  const timeoutMs = options.timeoutMs ?? 800;
  return new Promise((resolve) => {
    const socket = new Socket();
    const received: number[] = [];
    let connected = false;
    let done = false;
    const finish = (error: string | null = null): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.removeAllListeners();
      socket.on('error', () => {});
      socket.destroy();
      const [printerByte, paperByte] = received;
      const answered = printerByte !== undefined && paperByte !== undefined && isStatusByte(printerByte) && isStatusByte(paperByte);
      resolve({
        reachable: connected,
        error,
        answered,
        offline: answered ? offlineFromStatusByte(printerByte!) : null,
        paper: answered ? paperFromStatusByte(paperByte!) : null,
      });
    };
    const timer = setTimeout(() => finish(connected ? null : `no connection within ${timeoutMs} ms`), timeoutMs);
    socket.on('error', (error: NodeJS.ErrnoException) =>
      finish(connected ? null : `${error.code === 'ECONNREFUSED' ? 'refused the connection' : `could not be reached (${error.code ?? error.message})`}`),
    );
    socket.on('close', () => finish(connected ? null : 'closed the connection'));
    socket.on('data', (chunk: Buffer) => {
      received.push(...chunk);
      if (received.length >= 2) finish();
    });
    socket.connect(address.port, address.host, () => {
      connected = true;
      socket.write(Buffer.concat([STATUS_REQUEST_PRINTER, STATUS_REQUEST_PAPER]));
    });
  });
}
