import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One attendance record as it reached the stand-in. */
export interface ReceivedAttendance {
  path: string;
  /** The request's X-API-Version. */
  version: string;
  body: Record<string, unknown>;
}

/**
 * A stand-in for the service's attendance endpoint on loopback (the spec
 * shows no path for it, so the emulator serves none): it keeps every body
 * and answers with the status a test sets, for the shift upload tests.
 */
export interface AttendanceStandIn {
  baseUrl: string;
  /** Every record received, in order; a test may replace the list to start afresh. */
  received: ReceivedAttendance[];
  /** The status of the answers from now on (201 at first). */
  status: number;
  /** When set, the body of every answer instead of the plain one. */
  body: unknown;
  close(): Promise<void>;
}

export async function startAttendanceStandIn(): Promise<AttendanceStandIn> {
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      standIn.received.push({ path: req.url!, version: String(req.headers['x-api-version']), body: JSON.parse(text) as Record<string, unknown> });
      res
        .writeHead(standIn.status, { 'content-type': 'application/json' })
        .end(JSON.stringify(standIn.body ?? { status: standIn.status, message: 'ok', data: {} }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const standIn: AttendanceStandIn = {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: [],
    status: 201,
    body: null,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}
