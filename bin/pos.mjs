#!/usr/bin/env node
// The `pos` command. Runs the TypeScript sources directly through tsx, so
// `npx pos ...` works right after `npm install` with no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src-main/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
