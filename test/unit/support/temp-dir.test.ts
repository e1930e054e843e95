import { existsSync, mkdirSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../support/temp-dir.ts';

/** Writes 1,000 files into `folder` as fast as it can, then stops: what a checkpoint thread's last open does to a closing test's folder. */
const WRITER = `
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { workerData, parentPort } = require('node:worker_threads');
parentPort.postMessage('started');
for (let i = 0; i < 1000; i++) {
  try { writeFileSync(join(workerData, 'late-' + i + '-wal'), 'x'); } catch {}
}
parentPort.postMessage('done');
`;

describe('a test folder', () => {
  it('is removed while another thread still writes files into it for a while', async () => {
    const dir = tempDir('till-rm-');
    const inner = dir.file('inner');
    mkdirSync(inner);
    const worker = new Worker(WRITER, { eval: true, workerData: inner });
    const finished = new Promise((resolve) => worker.on('message', (m) => m === 'done' && resolve(m)));
    await new Promise((resolve) => worker.once('message', resolve));
    dir.cleanup();
    expect(existsSync(dir.path)).toBe(false);
    await finished;
    await worker.terminate();
  });
});
