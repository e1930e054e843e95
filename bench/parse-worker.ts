// What a parse worker would do for the pull: the page's text in, JSON.parse
// and the zod reading of the products page, the canonical page out.
import { parentPort } from 'node:worker_threads';
import type { ApiVersion } from '../src-shared/api-version.ts';
import { readListPage } from '../src-shared/wire/index.ts';

parentPort!.on('message', ({ id, text, version, page }: { id: number; text: string; version: ApiVersion; page: number }) => {
  parentPort!.postMessage({ id, parsed: readListPage('products', version, JSON.parse(text), page) });
});
