// A printer that prints to files: a TCP server speaking what a port-9100
// printer speaks (raw ESC/POS, one job a connection) that keeps each job as
// <n>.bin (the bytes), <n>.txt (decoded text) and <n>-<k>.png (its images),
// for demos, the emulator and end-to-end tests without paper.

import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { decodeEscPos, type DecodedEscPos, type EscPosCommand } from '../escpos/decode-escpos.ts';
import type { MonoBitmap } from '../raster/mono-bitmap.ts';
import { monoBitmapToPng } from '../raster/png.ts';

export interface PrinterSinkJob {
  /** 1-based, continuing after the jobs already in the folder. */
  n: number;
  bytes: Uint8Array;
  decoded: DecodedEscPos;
  /** Paths of the files written for this job. */
  files: { bin: string; txt: string; png: string[] };
  remote: string;
  receivedAt: Date;
}

/**
 * What the sink answers to the real-time status requests DLE EOT 1 and 4:
 * ready, paper low, no paper, or nothing at all (as many printers do).
 */
export type SinkStatus = 'ready' | 'paper-near-end' | 'paper-out' | 'silent';

/** The status bytes of each state (fixed bits 0x12; DLE EOT 1 bit 3 offline; DLE EOT 4 bits 2-3 near end, 5-6 out). */
const STATUS_BYTES: Record<Exclude<SinkStatus, 'silent'>, { printer: number; paper: number }> = {
  ready: { printer: 0x12, paper: 0x12 },
  'paper-near-end': { printer: 0x12, paper: 0x1e },
  'paper-out': { printer: 0x1a, paper: 0x7e },
};

export interface PrinterSinkOptions {
  /** 0 picks a free port; the sink reports the one it got. */
  port: number;
  /** Defaults to loopback: a virtual printer has no business on the shop network unless asked. */
  host?: string;
  outDir: string;
  onJob?: (job: PrinterSinkJob) => void;
  /** How it answers status requests; default ready. Changeable on the running sink. */
  status?: SinkStatus;
}

export interface PrinterSink {
  port: number;
  host: string;
  outDir: string;
  /** Every finished job, in the order their connections closed. */
  jobs: PrinterSinkJob[];
  /** What it answers to DLE EOT from now on. */
  status: SinkStatus;
  /** How many status requests it was sent. */
  readonly statusRequests: number;
  /** Resolves once `count` jobs are in `jobs`: a client's send resolves before the sink has saved. */
  waitForJobs(count: number, timeoutMs?: number): Promise<PrinterSinkJob[]>;
  close(): Promise<void>;
}

export async function startPrinterSink(options: PrinterSinkOptions): Promise<PrinterSink> {
  const host = options.host ?? '127.0.0.1';
  const outDir = options.outDir;
  await mkdir(outDir, { recursive: true });
  let lastN = await highestJobNumber(outDir);
  const jobs: PrinterSinkJob[] = [];
  const waiters = new Set<() => void>();
  const sockets = new Set<Socket>();
  let saving: Promise<void> = Promise.resolve();

  const save = async (bytes: Uint8Array, remote: string): Promise<void> => {
    lastN += 1;
    const n = lastN;
    const decoded = decodeEscPos(bytes);
    const bin = join(outDir, `${n}.bin`);
    const txt = join(outDir, `${n}.txt`);
    const png: string[] = [];
    await writeFile(bin, bytes);
    await writeFile(txt, textFile(decoded));
    for (const [k, image] of pictures(decoded.commands).entries()) {
      const path = join(outDir, `${n}-${k + 1}.png`);
      await writeFile(path, monoBitmapToPng(image));
      png.push(path);
    }
    const job: PrinterSinkJob = { n, bytes, decoded, files: { bin, txt, png }, remote, receivedAt: new Date() };
    jobs.push(job);
    options.onJob?.(job);
    for (const wake of waiters) wake();
  };

  const state = { status: options.status ?? ('ready' as SinkStatus), statusRequests: 0 };

  const server: Server = createServer((socket) => {
    sockets.add(socket);
    const chunks: Buffer[] = [];
    const remote = `${socket.remoteAddress ?? '?'}:${socket.remotePort ?? '?'}`;
    let scanned = 0;
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // Real-time commands are answered as they arrive, even in the middle of a job.
      const all = Buffer.concat(chunks);
      for (; scanned + 2 < all.length; scanned++) {
        if (all[scanned] !== 0x10 || all[scanned + 1] !== 0x04) continue;
        const n = all[scanned + 2];
        state.statusRequests++;
        if (state.status !== 'silent' && (n === 1 || n === 4))
          socket.write(Uint8Array.of(n === 1 ? STATUS_BYTES[state.status].printer : STATUS_BYTES[state.status].paper));
        scanned += 2;
      }
    });
    // A reset still leaves what arrived: a real printer prints that much too.
    socket.on('error', () => {});
    socket.on('close', () => {
      sockets.delete(socket);
      const bytes = new Uint8Array(Buffer.concat(chunks));
      // A connection with no data, or only status requests, is a probe, not a job.
      if (bytes.length === 0 || onlyStatusRequests(bytes)) return;
      saving = saving
        .then(() => save(bytes, remote))
        .catch((error: unknown) => {
          process.emitWarning(`printer sink could not save a job: ${String(error)}`);
        });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;

  return {
    port,
    host,
    outDir,
    jobs,
    get status() {
      return state.status;
    },
    set status(value: SinkStatus) {
      state.status = value;
    },
    get statusRequests() {
      return state.statusRequests;
    },
    waitForJobs(count, timeoutMs = 5_000) {
      if (jobs.length >= count) return Promise.resolve(jobs.slice(0, count));
      return new Promise((resolve, reject) => {
        const wake = (): void => {
          if (jobs.length < count) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(jobs.slice(0, count));
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`printer sink got ${jobs.length} job(s) in ${timeoutMs} ms, expected ${count}`));
        }, timeoutMs);
        waiters.add(wake);
      });
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
      await saving;
    },
  };
}

function onlyStatusRequests(bytes: Uint8Array): boolean {
  if (bytes.length % 3 !== 0) return false;
  for (let i = 0; i < bytes.length; i += 3) if (bytes[i] !== 0x10 || bytes[i + 1] !== 0x04) return false;
  return true;
}

async function highestJobNumber(dir: string): Promise<number> {
  let highest = 0;
  for (const name of await readdir(dir)) {
    const match = /^(\d+)\.bin$/.exec(name);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return highest;
}

/**
 * One picture per run of back-to-back rasters of the same width: a receipt
 * sent in bands is one image to whoever looks at it.
 */
function pictures(commands: readonly EscPosCommand[]): MonoBitmap[] {
  const out: MonoBitmap[] = [];
  let run: MonoBitmap[] = [];
  const flush = (): void => {
    if (run.length === 0) return;
    const first = run[0] as MonoBitmap;
    const height = run.reduce((sum, b) => sum + b.height, 0);
    const data = new Uint8Array(first.widthBytes * height);
    let offset = 0;
    for (const band of run) {
      data.set(band.data, offset);
      offset += band.data.length;
    }
    out.push({ width: first.width, height, widthBytes: first.widthBytes, data });
    run = [];
  };
  for (const command of commands) {
    if (command.type !== 'raster') {
      flush();
      continue;
    }
    if (run.length > 0 && run[0]?.widthBytes !== command.widthBytes) flush();
    run.push(command.bitmap);
  }
  flush();
  return out;
}

function textFile(decoded: DecodedEscPos): string {
  const problems = decoded.problems.map((p) => `[problem] ${p.message}\n`).join('');
  return decoded.text + problems;
}
