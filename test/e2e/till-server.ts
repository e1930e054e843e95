import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** A running `pos serve --demo --demo-control`, as its ready line describes it. */
export interface TillServer {
  url: string;
  dir: string;
  dbFile: string;
  demo: { base_url: string; token: string; printers: { receipt: string; kitchen: string }; zatca_url: string; zatca_otp: string };
  /** The demo service goes away (an outage) or comes back. */
  emulator(action: 'stop' | 'start'): Promise<void>;
  stop(): Promise<void>;
}

export interface ServerOptions {
  products?: number;
  /** An existing database to serve (a replica already pulled), instead of a fresh one. */
  dbFile?: string;
  demo?: boolean;
}

/**
 * Starts the host as a person would, on a free port with its own database
 * folder, and waits for the one JSON line it prints when ready.
 */
export async function startTillServer(options: ServerOptions = {}): Promise<TillServer> {
  const dir = mkdtempSync(join(tmpdir(), 'till-e2e-'));
  const dbFile = options.dbFile ?? join(dir, 'till.db');
  const demo = options.demo ?? true;
  const args = [join(root, 'bin/pos.mjs'), 'serve', '--port', '0', '--db', dbFile];
  if (demo) args.push('--demo', '--demo-control');
  if (options.products) args.push('--demo-products', String(options.products));
  const child = spawn(process.execPath, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, POS_DEBUG: '' } });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    // TILL_E2E_HOST_STDERR=1 shows what the host says, to see why it went away.
    if (process.env.TILL_E2E_HOST_STDERR) process.stderr.write(chunk);
  });

  const ready = await new Promise<{ url: string; demo: TillServer['demo'] }>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return;
      try {
        resolve(JSON.parse(line) as { url: string; demo: TillServer['demo'] });
      } catch (error) {
        reject(error as Error);
      }
    });
    child.once('exit', (code) => reject(new Error(`pos serve exited with ${code} before it was ready:\n${stderr}`)));
  });

  // The printed URL carries the launch secret: trade it for a session cookie, as a browser does, for the demo controls.
  const traded = await fetch(ready.url, { redirect: 'manual' });
  const cookie = (traded.headers.get('set-cookie') ?? '').split(';')[0]!;
  return {
    url: ready.url,
    dir,
    dbFile,
    demo: ready.demo,
    async emulator(action) {
      const response = await fetch(new URL(`/demo/emulator/${action}`, ready.url), { method: 'POST', headers: { cookie } });
      if (!response.ok) throw new Error(`POST /demo/emulator/${action} answered ${response.status}`);
    },
    stop: () => stopChild(child, options.dbFile ? null : dir),
  };
}

async function stopChild(child: ChildProcess, removeDir: string | null): Promise<void> {
  if (child.exitCode === null) {
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  if (removeDir) rmSync(removeDir, { recursive: true, force: true });
}
