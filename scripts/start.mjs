// `npm start`: the Electron app where Electron's binary and a display exist;
// otherwise the same till in a browser (`pos serve --demo`), printing the URL.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const args = process.argv.slice(2);

function electronBinary() {
  try {
    const path = require('electron'); // the package's main export is the binary's path
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

const hasDisplay = process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
const electron = electronBinary();
const [command, commandArgs] =
  electron && hasDisplay
    ? [process.execPath, [require.resolve('electron-vite/bin/electron-vite.js'), 'preview', ...args]]
    : [process.execPath, ['bin/pos.mjs', 'serve', '--demo', ...args]];
if (!(electron && hasDisplay)) {
  console.error(
    electron ? 'No display found: starting the till in the browser instead.' : "Electron's binary is not installed here: starting the till in the browser instead.",
  );
}
const child = spawn(command, commandArgs, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
