// Real TCP on loopback: what sendToPrinter sends is what the virtual
// printer saves, byte for byte, and every failure is the typed error the
// print queue will decide retries on.

import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PrinterSendError, parsePrinterAddress, startPrinterSink, type PaperWidth, type ReceiptDocument } from '../../../src-main/printing/index.ts';
import { renderDocumentToEscPos } from '../../../src-main/printing/escpos/render-escpos.ts';
import { sendToPrinter } from '../../../src-main/printing/transport/send-to-printer.ts';
import { type PrinterSink } from '../../../src-main/printing/virtual-printer/printer-sink.ts';
import { loadPngAsBitmap } from '../../unit/printing/pixel-diff.ts';
import { scanQr } from '../../unit/printing/qr-scan.ts';

const doc: ReceiptDocument = {
  blocks: [
    { kind: 'drawer' },
    { kind: 'text', text: 'QAHWA HOUSE', align: 'center', bold: true },
    { kind: 'text', text: 'بيت القهوة', align: 'center' },
    { kind: 'text', text: 'Arabic Coffee', right: '12.50' },
    { kind: 'qr', data: 'till:receipt:42' },
    { kind: 'cut' },
  ],
};

let dir: string;
let sink: PrinterSink;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'till-sink-'));
  sink = await startPrinterSink({ port: 0, outDir: dir });
});

afterEach(async () => {
  await sink.close();
  await rm(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function listen(
  onSocket: (socket: Socket) => void,
  options: { allowHalfOpen?: boolean } = {},
): Promise<{ server: Server; port: number; sockets: Set<Socket> }> {
  const sockets = new Set<Socket>();
  const server = createServer(options, (socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    onSocket(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port, sockets };
}

async function stop(s: { server: Server; sockets: Set<Socket> }): Promise<void> {
  for (const socket of s.sockets) socket.destroy();
  await new Promise<void>((resolve) => s.server.close(() => resolve()));
}

describe('sendToPrinter to the virtual printer', () => {
  it.each([58, 80] as PaperWidth[])('captures exactly the bytes of a %i mm receipt in both modes', async (width) => {
    const text = await renderDocumentToEscPos(doc, { width, mode: 'text' });
    const raster = await renderDocumentToEscPos(doc, { width, mode: 'raster' });
    await sendToPrinter(`tcp://127.0.0.1:${sink.port}`, text);
    await sendToPrinter({ host: '127.0.0.1', port: sink.port }, raster);
    const [first, second] = await sink.waitForJobs(2);

    expect(first!.n).toBe(1);
    expect(Buffer.from(first!.bytes).equals(Buffer.from(text))).toBe(true);
    expect(Buffer.from(second!.bytes).equals(Buffer.from(raster))).toBe(true);
    expect(Buffer.from(await readFile(join(dir, '1.bin'))).equals(Buffer.from(text))).toBe(true);
    expect(Buffer.from(await readFile(join(dir, '2.bin'))).equals(Buffer.from(raster))).toBe(true);

    const txt = await readFile(join(dir, '1.txt'), 'utf8');
    expect(txt).toContain('QAHWA HOUSE');
    expect(txt).toContain('Arabic Coffee');
    expect(txt).toContain('[qr till:receipt:42]');
    expect(txt).toContain('[drawer kick pin 2]');
    expect(txt).toContain('[cut]');
    // One PNG for the Arabic line in text mode; the raster job is one
    // picture, the QR code drawn in it (text mode has the printer encode it).
    expect(first!.files.png).toEqual([join(dir, '1-1.png')]);
    expect(second!.files.png).toEqual([join(dir, '2-1.png')]);
    expect(await readFile(join(dir, '2.txt'), 'utf8')).not.toContain('[qr ');
    expect(scanQr(await loadPngAsBitmap(second!.files.png[0]!))).toBe('till:receipt:42');
    for (const png of [...first!.files.png, ...second!.files.png]) {
      expect((await readFile(png)).subarray(1, 4).toString()).toBe('PNG');
    }
    expect(first!.decoded.problems).toEqual([]);
  });

  it('keeps numbering after the jobs already in the folder', async () => {
    await sendToPrinter(`127.0.0.1:${sink.port}`, Uint8Array.of(0x1b, 0x40, 0x41, 0x0a));
    await sink.waitForJobs(1);
    await sink.close();
    sink = await startPrinterSink({ port: 0, outDir: dir });
    await sendToPrinter(`127.0.0.1:${sink.port}`, Uint8Array.of(0x42, 0x0a));
    const [job] = await sink.waitForJobs(1);
    expect(job!.n).toBe(2);
    expect((await readdir(dir)).sort()).toEqual(['1.bin', '1.txt', '2.bin', '2.txt']);
  });

  it('does not count a connection without data as a job', async () => {
    await sendToPrinter(`127.0.0.1:${sink.port}`, new Uint8Array(0));
    await sendToPrinter(`127.0.0.1:${sink.port}`, Uint8Array.of(0x41));
    await sendToPrinter(`127.0.0.1:${sink.port}`, new Uint8Array(0));
    await sendToPrinter(`127.0.0.1:${sink.port}`, Uint8Array.of(0x42));
    // The empty connections took no job numbers: the two jobs are 1 and 2, in order.
    const jobs = await sink.waitForJobs(2);
    expect(jobs.map((j) => [j.n, j.bytes[0]])).toEqual([
      [1, 0x41],
      [2, 0x42],
    ]);
    expect(existsSync(join(dir, '3.bin'))).toBe(false);
  });

  it('saves a large job in full', async () => {
    const big = Uint8Array.from({ length: 3_000_000 }, (_, i) => 0x20 + (i % 90));
    await sendToPrinter(`127.0.0.1:${sink.port}`, big);
    const [job] = await sink.waitForJobs(1);
    expect(Buffer.from(job!.bytes).equals(Buffer.from(big))).toBe(true);
  });
});

describe('sendToPrinter failures', () => {
  it('rejects with "refused" when nothing listens on the port', async () => {
    const port = await freePort();
    const error = await sendToPrinter(`tcp://127.0.0.1:${port}`, Uint8Array.of(0x41)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PrinterSendError);
    expect(error).toMatchObject({ code: 'refused', address: `127.0.0.1:${port}` });
    expect((error as Error).message).toBe(`printer at 127.0.0.1:${port} refused the connection`);
  });

  it('rejects with "write-timeout" when the printer stops taking data', async () => {
    const stuck = await listen((socket) => socket.pause());
    try {
      const big = new Uint8Array(64 * 1024 * 1024);
      const error = await sendToPrinter(`127.0.0.1:${stuck.port}`, big, { writeTimeoutMs: 300 }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'write-timeout' });
      expect((error as Error).message).toMatch(new RegExp(`^printer at 127.0.0.1:${stuck.port} timed out`));
    } finally {
      await stop(stuck);
    }
  });

  it('resolves when a printer takes everything but never closes the connection', async () => {
    const received: Buffer[] = [];
    // allowHalfOpen: read our FIN but never close the printer's side.
    const lingering = await listen((socket) => socket.on('data', (chunk: Buffer) => received.push(chunk)), { allowHalfOpen: true });
    try {
      const started = Date.now();
      await sendToPrinter(`127.0.0.1:${lingering.port}`, Uint8Array.of(1, 2, 3), { writeTimeoutMs: 200 });
      // It waited for the write timeout rather than for a close that never comes (the test's own timeout catches a hang).
      expect(Date.now() - started).toBeGreaterThanOrEqual(150);
      expect(Buffer.concat(received)).toEqual(Buffer.from([1, 2, 3]));
    } finally {
      await stop(lingering);
    }
  });

  it('finishes when the printer closes, even after it answered (status bytes the till does not read)', async () => {
    // Raster data can hold DLE EOT by chance, and the virtual printer, like a real one, answers it. The
    // answer must not keep the printer's close from being seen: with a write timeout of ten minutes, only
    // the close can end this send (a hang is caught by the test's own timeout).
    const job = Uint8Array.of(0x1b, 0x40, 0x1d, 0x76, 0x30, 0x00, 0x01, 0x00, 0x02, 0x00, 0x10, 0x04, 0x01, 0x1d, 0x56, 0x00);
    await sendToPrinter(`127.0.0.1:${sink.port}`, job, { writeTimeoutMs: 600_000 });
    expect(sink.statusRequests).toBe(1);
    const saved = await sink.waitForJobs(1);
    expect(saved[0]!.bytes).toEqual(job);
  });

  it('rejects with "connection-lost" when the printer drops the connection mid-job', async () => {
    const dropping = await listen((socket) => socket.once('data', () => socket.resetAndDestroy()));
    try {
      const error = await sendToPrinter(`127.0.0.1:${dropping.port}`, new Uint8Array(32 * 1024 * 1024)).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'connection-lost' });
    } finally {
      await stop(dropping);
    }
  });

  it('rejects a malformed address without connecting', async () => {
    await expect(sendToPrinter('http://printer:9100', Uint8Array.of(1))).rejects.toMatchObject({ code: 'invalid-address' });
    await expect(sendToPrinter('tcp://printer:99999', Uint8Array.of(1))).rejects.toMatchObject({ code: 'invalid-address' });
    expect(parsePrinterAddress('10.0.0.7')).toEqual({ host: '10.0.0.7', port: 9100 });
    expect(parsePrinterAddress('tcp://[::1]:9101')).toEqual({ host: '::1', port: 9101 });
  });
});
