// What a parse worker would do for the pull: the page's text in, JSON.parse
// and the zod reading of the products page, the canonical page out. Asked
// to `stage` as well, it does what the pull's page reader does
// (src-main/sync/page-reader/): the page's UTF-8 bytes in (transferred),
// read and staged, the rows' values back packed.
import { parentPort } from 'node:worker_threads';
import type { ApiVersion } from '../src-shared/api-version.ts';
import { readListPage } from '../src-shared/wire/index.ts';
import { buffersOf } from '../src-main/sync/page-reader/packed-values.ts';
import { readAndStagePage } from '../src-main/sync/page-reader/page-read.ts';

interface Asked {
  id: number;
  text?: string;
  bytes?: Uint8Array;
  version: ApiVersion;
  page: number;
}

parentPort!.on('message', ({ id, text, bytes, version, page }: Asked) => {
  const start = performance.now();
  if (!bytes) {
    parentPort!.postMessage({ id, parsed: readListPage('products', version, JSON.parse(text!), page) });
    return;
  }
  const answer = readAndStagePage({ list: 'products', version, page, decimals: 2, bytes });
  if (answer.kind !== 'staged') throw new Error(`page ${page} was not staged: ${JSON.stringify(answer.kind === 'failed' ? answer.failure : answer.kind)}`);
  parentPort!.postMessage({ id, answer, workerMs: performance.now() - start }, [answer.tableOf.buffer as ArrayBuffer, ...buffersOf(answer.packed)]);
});
