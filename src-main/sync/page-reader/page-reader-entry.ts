// The page reader's thread: a list page's bytes in, the page read and
// staged out (page-read.ts), its packed values' memory transferred.
import { parentPort } from 'node:worker_threads';
import { buffersOf } from './packed-values.ts';
import { readAndStagePage, type PageReadAnswer, type PageReadRequest } from './page-read.ts';

export type PageReaderMessage = PageReadRequest & { id: number };
export type PageReaderReply = PageReadAnswer & { id: number };

parentPort!.on('message', (message: PageReaderMessage) => {
  const answer = readAndStagePage(message);
  const reply: PageReaderReply = { ...answer, id: message.id };
  parentPort!.postMessage(reply, answer.kind === 'staged' ? [answer.tableOf.buffer as ArrayBuffer, ...buffersOf(answer.packed)] : []);
});
