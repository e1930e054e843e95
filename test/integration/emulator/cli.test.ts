import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runEmulatorCli } from '../../../emulator/index.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const children: ChildProcessWithoutNullStreams[] = [];

function launch(args: string[]): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, ['--import', 'tsx', 'emulator/main.ts', ...args], { cwd: ROOT });
  children.push(child);
  return child;
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** Resolves with the first stdout line. */
function firstLine(child: ChildProcessWithoutNullStreams): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      text += chunk;
      if (text.includes('\n')) resolve(text.slice(0, text.indexOf('\n')));
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before printing a line`)));
  });
}

function collect(stream: NodeJS.ReadableStream): () => string {
  let text = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => (text += chunk));
  return () => text;
}

describe('pos emulator', () => {
  it('prints one JSON line, serves with its token, and exits 0 on SIGTERM', async () => {
    const child = launch(['--port', '0', '--seed', '7', '--latency-ms', '1']);
    const stderr = collect(child.stderr);
    const line = await firstLine(child);
    const info = JSON.parse(line);
    expect(Object.keys(info)).toEqual(['base_url', 'token', 'market_id', 'branch_id', 'profile', 'zatca_url']);
    expect(info.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2$/);
    const me = await fetch(`${info.base_url}/me`, { headers: { Authorization: `Bearer ${info.token}` } });
    expect(me.status).toBe(200);
    expect((await me.json()).data.market.id).toBe(info.market_id);
    // The ZATCA stand-in answers beside it, under ZATCA's sandbox base path: a wrong OTP is refused as ZATCA refuses it.
    expect(info.zatca_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/e-invoicing\/developer-portal$/);
    const compliance = await fetch(`${info.zatca_url}/compliance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-version': 'V2', otp: '000000' },
      body: JSON.stringify({ csr: 'eA==' }),
    });
    expect(compliance.status).toBe(400);
    expect((await compliance.json()).errors[0].code).toBe('Invalid-OTP');
    const stdout = collect(child.stdout);
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    expect(stdout()).toBe('');
    expect(stderr()).toBe('');
  });

  it('exits 0 on SIGINT too, with a generated catalog', async () => {
    const child = launch(['--products', '2000', '--flaky', '0']);
    const info = JSON.parse(await firstLine(child));
    const query = `filter[market_id]=${info.market_id}&filter[branch_id]=${info.branch_id}&per_page=1`;
    const page = await fetch(`${info.base_url}/products?${query}`, { headers: { Authorization: `Bearer ${info.token}` } });
    expect((await page.json()).data.total).toBe(2000);
    child.kill('SIGINT');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });

  it.each([
    [['--flaky', '2'], /--flaky must be a number from 0 to 1/],
    [['--port', 'eighty'], /--port must be a whole number/],
    [['--fail-page', 'products'], /--fail-page must look like resource:page/],
    [['--latency-ms', '-5'], /--latency-ms/],
    [['--bogus'], /bogus/],
  ])('rejects %j with one line on stderr and exit code 2', async (args, message) => {
    const child = launch(args);
    const stderr = collect(child.stderr);
    const stdout = collect(child.stdout);
    const [code] = await once(child, 'exit');
    expect(code).toBe(2);
    expect(stderr().trimEnd().split('\n')).toHaveLength(1);
    expect(stderr()).toMatch(message);
    expect(stdout()).toBe('');
  });
});

describe('runEmulatorCli in process', () => {
  it('applies the fault flags and stops when told', async () => {
    const out: string[] = [];
    const err: string[] = [];
    let stop!: (signal: string) => void;
    const stopped = new Promise<string>((resolve) => (stop = resolve));
    const done = runEmulatorCli(['--flaky', '0.6', '--reset-rate', '0', '--fail-page', 'printers:1', '--token-ttl-ms', '60000'], {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      stopSignal: () => stopped,
    });
    while (out.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const info = JSON.parse(out[0]!);
    const statuses = new Set<number>();
    for (let i = 0; i < 20; i++) {
      const reply = await fetch(`${info.base_url}/me`, { headers: { Authorization: `Bearer ${info.token}` } });
      statuses.add(reply.status);
    }
    // --flaky 0.6 fails some; --reset-rate 0 overrides the third of it, so every request is answered.
    expect(statuses).toEqual(new Set([200, 500]));
    stop('SIGTERM');
    expect(await done).toBe(0);
    expect(out).toHaveLength(1);
    expect(err).toEqual([]);
  });
});
