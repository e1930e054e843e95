#!/usr/bin/env node
// The `pos` command. Runs the CLI built ahead of time (out/cli/, by
// scripts/build-cli.mjs: `npm ci` and `npm test` build it) while it matches
// the sources; otherwise the TypeScript sources directly through tsx, so
// `pos` is never stale and still works with no build at all, only slower to start.
import { fileURLToPath } from 'node:url';
import { cliBuildIsCurrent } from './cli-build-stamp.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = process.env.POS_FROM_SOURCE !== '1' && cliBuildIsCurrent(root, fileURLToPath(new URL('../out/cli/', import.meta.url)));
// Held until the command returns: with tsx's loader thread, Node 20 can find
// its event loop momentarily empty while a command still awaits (a socket
// about to connect) and exit with 13, "unsettled top-level await", having
// done nothing. A command that truly never ends still never ends.
const keepAlive = setInterval(() => {}, 1 << 30);
try {
  let main;
  if (built) {
    ({ main } = await import('../out/cli/main.js'));
  } else {
    const { register } = await import('tsx/esm/api');
    register();
    ({ main } = await import('../src-main/cli/main.ts'));
  }
  process.exitCode = await main(process.argv.slice(2));
} finally {
  clearInterval(keepAlive);
}
