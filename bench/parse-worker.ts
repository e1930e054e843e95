// What a parse worker would do for the pull: the page's text in, JSON.parse
// and the zod reading of the products page, the canonical page out. Asked
// to `stage` as well, it stages the page's products as the pull does and
// answers with the rows' values packed (packed-rows.ts), the page sent as
// its text or as its UTF-8 bytes (transferred, decoded here).
import { parentPort } from 'node:worker_threads';
import type { ApiVersion } from '../src-shared/api-version.ts';
import { readListPage } from '../src-shared/wire/index.ts';
import { buffersOf, packValues, stageValues } from './packed-rows.ts';

interface Asked {
  id: number;
  text?: string;
  bytes?: Uint8Array;
  version: ApiVersion;
  page: number;
  stage?: { firstPosition: number };
}

const decoder = new TextDecoder();

parentPort!.on('message', ({ id, text, bytes, version, page, stage }: Asked) => {
  const start = performance.now();
  const body: unknown = JSON.parse(text ?? decoder.decode(bytes));
  const parsed = readListPage('products', version, body, page);
  if (!stage) {
    parentPort!.postMessage({ id, parsed });
    return;
  }
  const packed = packValues(stageValues(parsed.records, stage.firstPosition));
  parentPort!.postMessage({ id, packed, workerMs: performance.now() - start }, buffersOf(packed));
});
