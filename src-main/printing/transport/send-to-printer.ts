// One job, one TCP connection, one attempt: raw ESC/POS to port 9100.
// Retrying belongs to the print queue, which knows whether a job may be
// printed twice; here every failure is a typed error saying what happened.

import { Socket } from 'node:net';

export interface PrinterAddress {
  host: string;
  port: number;
}

export type PrinterSendErrorCode =
  | 'invalid-address'
  | 'refused'
  | 'unreachable'
  | 'connect-timeout'
  | 'write-timeout'
  | 'connection-lost'
  /** Refused by the till's printer address policy (setup/printer-address-policy.ts). */
  | 'address-not-allowed';

export class PrinterSendError extends Error {
  override readonly name = 'PrinterSendError';

  constructor(
    readonly code: PrinterSendErrorCode,
    readonly address: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface SendOptions {
  /** How long to wait for the TCP handshake. */
  connectTimeoutMs?: number;
  /** How long the connection may make no progress while the printer takes the data. */
  writeTimeoutMs?: number;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 3_000;
const DEFAULT_WRITE_TIMEOUT_MS = 10_000;
const DEFAULT_PORT = 9100;

/** `tcp://host:port`, `host:port` or `host` (port 9100); IPv6 hosts in brackets. */
export function parsePrinterAddress(target: string): PrinterAddress {
  const text = target.includes('://') ? target : `tcp://${target}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new PrinterSendError('invalid-address', target, `printer address ${JSON.stringify(target)} is not host:port`);
  }
  if (url.protocol !== 'tcp:') {
    throw new PrinterSendError('invalid-address', target, `printer address ${JSON.stringify(target)} must be tcp://host:port`);
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = url.port === '' ? DEFAULT_PORT : Number(url.port);
  if (host === '' || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new PrinterSendError('invalid-address', target, `printer address ${JSON.stringify(target)} needs a host and a port from 1 to 65535`);
  }
  return { host, port };
}

function describe(address: PrinterAddress): string {
  return address.host.includes(':') ? `[${address.host}]:${address.port}` : `${address.host}:${address.port}`;
}

/**
 * Sends `bytes` and resolves once they are flushed and the connection is
 * closed. A printer that keeps the connection open after our FIN is given
 * the write timeout to close it and then let go: the data has left by then.
 */
export function sendToPrinter(target: string | PrinterAddress, bytes: Uint8Array, options: SendOptions = {}): Promise<void> {
  let address: PrinterAddress;
  try {
    address = typeof target === 'string' ? parsePrinterAddress(target) : target;
  } catch (error) {
    return Promise.reject(error);
  }
  const where = describe(address);
  const connectTimeout = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const writeTimeout = options.writeTimeoutMs ?? DEFAULT_WRITE_TIMEOUT_MS;

  return new Promise<void>((resolve, reject) => {
    const socket = new Socket();
    let connected = false;
    let flushed = false;
    let settled = false;

    const finish = (error?: PrinterSendError): void => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      socket.setTimeout(0);
      socket.removeAllListeners();
      socket.on('error', () => {}); // late errors after we gave up must not crash the process
      socket.destroy();
      if (error) reject(error);
      else resolve();
    };

    const connectTimer = setTimeout(() => {
      finish(new PrinterSendError('connect-timeout', where, `printer at ${where} timed out: no connection after ${connectTimeout} ms`));
    }, connectTimeout);

    socket.on('error', (error: NodeJS.ErrnoException) => {
      finish(errorFor(error, where, connected, flushed));
    });

    socket.on('timeout', () => {
      if (flushed)
        finish(); // everything written and our FIN sent; the printer just never closed
      else finish(new PrinterSendError('write-timeout', where, `printer at ${where} timed out: it took no data for ${writeTimeout} ms`));
    });

    // A printer may answer while it takes a job (automatic status back, or a
    // DLE EOT it finds inside raster data): read and drop it. Unread, those
    // bytes keep the printer's FIN from ever being read, so 'close' never
    // comes and every such job waits out the write timeout.
    socket.on('data', () => {});

    socket.on('close', () => {
      if (flushed) finish();
      else finish(new PrinterSendError('connection-lost', where, `printer at ${where} closed the connection before the job was sent`));
    });

    socket.connect(address.port, address.host, () => {
      connected = true;
      clearTimeout(connectTimer);
      socket.setTimeout(writeTimeout);
      socket.end(bytes, () => {
        flushed = true;
      });
    });
  });
}

function errorFor(error: NodeJS.ErrnoException, where: string, connected: boolean, flushed: boolean): PrinterSendError {
  const options = { cause: error };
  switch (error.code) {
    case 'ECONNREFUSED':
      return new PrinterSendError('refused', where, `printer at ${where} refused the connection`, options);
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new PrinterSendError('unreachable', where, `printer at ${where} is unreachable (${error.code})`, options);
    case 'ETIMEDOUT':
      return connected
        ? new PrinterSendError('write-timeout', where, `printer at ${where} timed out while taking the job`, options)
        : new PrinterSendError('connect-timeout', where, `printer at ${where} timed out: no connection`, options);
    default:
      return new PrinterSendError(
        connected ? 'connection-lost' : 'unreachable',
        where,
        `printer at ${where} ${connected ? (flushed ? 'dropped the connection after the job' : 'dropped the connection during the job') : 'could not be reached'} (${error.code ?? error.message})`,
        options,
      );
  }
}
