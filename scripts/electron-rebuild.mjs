// `npm run electron:rebuild`: builds better-sqlite3 for Electron's ABI into
// build/electron/better_sqlite3.node, which the Electron app loads through
// better-sqlite3's `nativeBinding` option. The copy in node_modules (Node's
// ABI, used by the CLI and the tests) is never touched.
// Needs Electron's headers from electronjs.org (node-gyp fetches them), so it
// runs on a developer or release machine, not on the offline CI machine.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const electronVersion = require('electron/package.json').version;
const source = dirname(require.resolve('better-sqlite3/package.json'));
const work = join('build', 'electron-sqlite');
rmSync(work, { recursive: true, force: true });
cpSync(source, work, { recursive: true, filter: (path) => !path.includes(`${source}/build`) });
// node-gyp is pinned in devDependencies: the build never fetches a tool at run time.
const nodeGyp = require.resolve('node-gyp/bin/node-gyp.js');
const result = spawnSync(
  process.execPath,
  [nodeGyp, 'rebuild', '--release', `--target=${electronVersion}`, '--dist-url=https://electronjs.org/headers', '--runtime=electron'],
  {
    cwd: work,
    stdio: 'inherit',
  },
);
if (result.status !== 0) {
  console.error('electron:rebuild failed (above). It needs network access to electronjs.org for the headers.');
  process.exit(1);
}
mkdirSync(join('build', 'electron'), { recursive: true });
cpSync(join(work, 'build', 'Release', 'better_sqlite3.node'), join('build', 'electron', 'better_sqlite3.node'));
console.log(`better-sqlite3 built for Electron ${electronVersion}: build/electron/better_sqlite3.node`);
