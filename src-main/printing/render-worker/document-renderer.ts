// Where documents become bytes. The print queue and the preview go through
// a DocumentRenderer so that the host can keep that work off its event loop:
// the worker renderer draws on its own thread; the inline one on the
// caller's (the `pos print` command, where nothing else is waiting).

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { printingFontsDir } from '../raster/fonts.ts';
import type { RenderMessage, RenderReply } from './render-worker-entry.ts';
import { renderRequest, type RenderRequest } from './render-request.ts';

export interface DocumentRenderer {
  render(request: RenderRequest): Promise<Uint8Array>;
  /** Ends the thread, if any; a later render starts a new one. */
  close(): Promise<void>;
}

/** Renders on the calling thread. */
export const inlineRenderer: DocumentRenderer = {
  render: (request) => renderRequest(request),
  close: async () => undefined,
};

/** The render worker failed as a whole (it crashed or could not start), not one job. */
export class RenderWorkerError extends Error {}

/**
 * One worker thread, started on the first render, that renders jobs in the
 * order they come. It keeps the process alive only while a job is in
 * flight, so an idle host (or a test) can exit without closing it. A
 * worker that dies fails the jobs it held; the next render starts another.
 */
export class WorkerRenderer implements DocumentRenderer {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { worker: Worker; resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void }>();

  render(request: RenderRequest): Promise<Uint8Array> {
    const worker = this.worker ?? this.spawn();
    const id = this.nextId++;
    const message: RenderMessage = { id, request, fontsDir: printingFontsDir() };
    return new Promise<Uint8Array>((resolve, reject) => {
      this.pending.set(id, { worker, resolve, reject });
      worker.ref();
      worker.postMessage(message);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    // Its jobs fail now, not when the thread is gone: an answer arriving meanwhile must not count.
    this.failJobsOf(worker, 'was closed');
    await worker.terminate();
  }

  private failJobsOf(worker: Worker, why: string): void {
    // Only this thread's jobs: a new thread may already be working for the next ones.
    for (const [id, job] of this.pending) {
      if (job.worker !== worker) continue;
      this.pending.delete(id);
      job.reject(new RenderWorkerError(`the render worker ${why}; the job stays queued`));
    }
  }

  private spawn(): Worker {
    const worker = new Worker(workerScript());
    worker.unref();
    worker.on('message', (reply: RenderReply) => {
      const job = this.pending.get(reply.id);
      if (!job) return;
      this.pending.delete(reply.id);
      if (![...this.pending.values()].some((other) => other.worker === worker)) worker.unref();
      if (reply.ok) job.resolve(reply.bytes);
      else job.reject(new Error(reply.message));
    });
    const fail = (why: string): void => {
      if (this.worker === worker) this.worker = null;
      this.failJobsOf(worker, why);
    };
    worker.on('error', (error) => fail(`failed: ${error.message}`));
    worker.on('exit', (code) => fail(`exited with code ${code}`));
    this.worker = worker;
    return worker;
  }
}

/**
 * From the sources (tsx), a boot file registers the TypeScript loader in
 * the thread first; in the built app, electron-vite emits the worker as
 * its own entry, out/main/render-worker.js, next to index.js (or one
 * folder up when this code landed in a shared chunk).
 */
function workerScript(): URL {
  const here = fileURLToPath(import.meta.url);
  // Names in variables: a literal `new URL('./x', import.meta.url)` is rewritten by the bundler as an asset.
  const boot = 'render-worker-boot.mjs';
  const built = 'render-worker.js';
  const candidates = here.endsWith('.ts') ? [join(dirname(here), boot)] : [join(dirname(here), built), join(dirname(here), '..', built)];
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new RenderWorkerError(`the render worker's script is missing; looked for ${candidates.join(', ')}`);
  return pathToFileURL(found);
}

let shared: WorkerRenderer | null = null;

/** The process's one render worker: one thread is enough for a counter's printers, and its line cache is shared. */
export function sharedRenderWorker(): WorkerRenderer {
  shared ??= new WorkerRenderer();
  return shared;
}
