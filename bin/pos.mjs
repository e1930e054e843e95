#!/usr/bin/env node
// The `pos` command. Runs the TypeScript sources directly through tsx, so
// `npx pos ...` works right after `npm install` with no build step.
import { register } from 'tsx/esm/api';

register();
// Held until the command returns: with tsx's loader thread, Node 20 can find
// its event loop momentarily empty while a command still awaits (a socket
// about to connect) and exit with 13, "unsettled top-level await", having
// done nothing. A command that truly never ends still never ends.
const keepAlive = setInterval(() => {}, 1 << 30);
try {
  const { main } = await import('../src-main/cli/main.ts');
  process.exitCode = await main(process.argv.slice(2));
} finally {
  clearInterval(keepAlive);
}
