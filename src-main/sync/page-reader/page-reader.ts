// Where a long list's pages are read during the pull (issue 37): UTF-8,
// JSON, the contract's reading and the staging of a 500-product page are 6
// to 10 ms of a thread, and the pull's thread was busy the whole pull. One
// worker thread reads each page as soon as its bytes arrive, while the
// pull's thread writes the page before; the page's rows come back packed
// (packed-values.ts) and go in the staging queue as they are.

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { WireValidationError, type PageInfo, type QuarantinedRecord } from '../../../src-shared/wire/index.ts';
import { ProtocolError } from '../../upstream/index.ts';
import type { PageReadFailure, PageReadRequest } from './page-read.ts';
import type { PageReaderMessage, PageReaderReply } from './page-reader-entry.ts';
import { unpackRows } from './packed-values.ts';
import { CATALOG_RESOURCES } from '../catalog-resources.ts';
import type { ReplicaTable } from '../../catalog/index.ts';

/** A page as the pull stages it: its rows' values (`Staging.insertRows`), or its records when the pull's thread must finish them. */
export interface PageRead {
  info: PageInfo;
  /** The page's records when they were not staged (`staged` null); none otherwise. */
  records: unknown[];
  /** Records read on the page, staged or not (quarantined ones not counted). */
  recordCount: number;
  quarantined: QuarantinedRecord[];
  precisionLost: number;
  staged: { tableOf: Uint8Array; rows: unknown[][]; deleted: number } | null;
}

/** The page reader's thread failed as a whole (it crashed or could not start), not one page. */
export class PageReaderError extends Error {}

/**
 * One worker thread, started on the first page, that reads pages in the
 * order they come. It keeps the process alive only while a page is in
 * flight, so an idle host (or a test) can exit without closing it. A
 * thread that dies fails the pages it held (and the pull with them: the
 * previous catalog stays); the next page starts another.
 */
export class PageReaderThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { worker: Worker; resolve: (page: PageRead) => void; reject: (error: Error) => void; request: string; tables: readonly ReplicaTable[] }
  >();

  /** Reads and stages `request`'s page (its bytes are transferred: the caller no longer has them). */
  read(request: PageReadRequest, path: string): Promise<PageRead> {
    const worker = this.worker ?? this.spawn();
    const id = this.nextId++;
    const message: PageReaderMessage = { ...request, id };
    return new Promise<PageRead>((resolve, reject) => {
      const tables = CATALOG_RESOURCES.find((resource) => resource.name === request.list)?.tables ?? [];
      this.pending.set(id, { worker, resolve, reject, request: `GET ${path}`, tables });
      worker.ref();
      worker.postMessage(message, [request.bytes.buffer as ArrayBuffer]);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    this.failPagesOf(worker, 'was closed');
    await worker.terminate();
  }

  private spawn(): Worker {
    const worker = new Worker(workerScript());
    worker.unref();
    worker.on('message', (reply: PageReaderReply) => this.answer(worker, reply));
    const fail = (why: string): void => {
      if (this.worker === worker) this.worker = null;
      this.failPagesOf(worker, why);
    };
    worker.on('error', (error) => fail(`failed: ${error.message}`));
    worker.on('exit', (code) => fail(`exited with code ${code}`));
    this.worker = worker;
    return worker;
  }

  private answer(worker: Worker, reply: PageReaderReply): void {
    const page = this.pending.get(reply.id);
    if (!page) return;
    this.pending.delete(reply.id);
    if (![...this.pending.values()].some((other) => other.worker === worker)) worker.unref();
    if (reply.kind === 'failed') page.reject(failureAsError(reply.failure, page.request));
    else if (reply.kind === 'records') {
      const { info, records, quarantined, precisionLost } = reply;
      page.resolve({ info, records, recordCount: records.length, quarantined, precisionLost, staged: null });
    } else {
      const { info, quarantined, precisionLost, records, deleted, tableOf } = reply;
      const rows = unpackRows(
        reply.packed,
        Array.from(tableOf, (t) => page.tables[t]!.columns.length),
      );
      page.resolve({ info, records: [], recordCount: records, quarantined, precisionLost, staged: { tableOf, rows, deleted } });
    }
  }

  private failPagesOf(worker: Worker, why: string): void {
    // Only this thread's pages: a new thread may already be reading the next ones.
    for (const [id, page] of this.pending) {
      if (page.worker !== worker) continue;
      this.pending.delete(id);
      page.reject(new PageReaderError(`the page reader's thread ${why}; the previous catalog is kept, try the sync again`));
    }
  }
}

let shared: PageReaderThread | null = null;

/**
 * The process's one page reader: one pull runs at a time, and a thread
 * started once (its modules loaded) serves every pull after. Throws
 * PageReaderError when its script is missing (a build without it).
 */
export function sharedPageReader(): PageReaderThread {
  workerScript();
  shared ??= new PageReaderThread();
  return shared;
}

/** The error the pull's own reading would have thrown for this page. */
function failureAsError(failure: PageReadFailure, request: string): Error {
  switch (failure.kind) {
    case 'not-json':
      // As ServiceClient says it of any answer: a 2xx whose body is not JSON.
      return new ProtocolError(request, 200, 'HTTP 200 with a body that is not JSON', false);
    case 'wire':
      return new WireValidationError(failure.init);
    case 'other':
      return new Error(failure.message);
  }
}

/**
 * From the sources (tsx), a boot file registers the TypeScript loader in
 * the thread first; built, the entry is page-reader.js beside the chunk
 * this code landed in (out/cli/, out/main/) or one folder up.
 */
function workerScript(): URL {
  const here = fileURLToPath(import.meta.url);
  // Names in variables: a literal `new URL('./x', import.meta.url)` is rewritten by the bundler as an asset.
  const boot = 'page-reader-boot.mjs';
  const built = 'page-reader.js';
  const candidates = here.endsWith('.ts') ? [join(dirname(here), boot)] : [join(dirname(here), built), join(dirname(here), '..', built)];
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new PageReaderError(`the page reader's script is missing; looked for ${candidates.join(', ')}`);
  return pathToFileURL(found);
}
