// `npm start`: the Electron app where Electron's binary and a display exist;
// otherwise the same till in a browser (`pos serve --demo`), printing the URL.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const args = process.argv.slice(2);

/**
 * The Electron binary if it is installed, found the way the electron package
 * finds it (path.txt, dist/) but without requiring the package: requiring it
 * tries to download the binary and prints a stack trace when that fails.
 */
function electronBinary() {
  try {
    const dir = dirname(require.resolve('electron/package.json'));
    if (process.env.ELECTRON_OVERRIDE_DIST_PATH) return process.env.ELECTRON_OVERRIDE_DIST_PATH;
    const pathFile = join(dir, 'path.txt');
    if (!existsSync(pathFile)) return null;
    const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
    return existsSync(binary) ? binary : null;
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
    electron
      ? 'No display found: starting the till in the browser instead.'
      : "Electron's binary is not installed here: starting the till in the browser instead.",
  );
}
const child = spawn(command, commandArgs, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
