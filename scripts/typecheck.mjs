// Type-checks each layer with its own tsconfig, so that a layer cannot use
// what its environment lacks (Node types in src-shared, DOM in src-main).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const tsc = require.resolve('typescript/bin/tsc');
// The renderer's .svelte files are type-checked by svelte-check, which reads the same tsconfig (DOM, no Node types).
const svelteCheck = require.resolve('svelte-check/bin/svelte-check');
const projects = ['tsconfig.shared.json', 'tsconfig.main.json', 'tsconfig.preload.json', 'tsconfig.web.json', 'tsconfig.test.json'];
let failed = false;
for (const project of projects) {
  const args = project === 'tsconfig.web.json' ? [svelteCheck, '--tsconfig', `./${project}`, '--fail-on-warnings', '--output', 'human'] : [tsc, '-p', project];
  const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`typecheck: ${project} has type errors (above)`);
    failed = true;
  }
}
if (failed) process.exit(1);
console.log(`typecheck: ${projects.length} projects clean`);
