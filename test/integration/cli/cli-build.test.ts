import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceiptDocument } from '../../../src-main/printing/index.ts';
import { inlineRenderer } from '../../../src-main/printing/render-worker/document-renderer.ts';
// @ts-expect-error: a plain .mjs script without type declarations
import { buildCli } from '../../../scripts/build-cli.mjs';
// @ts-expect-error: a plain .mjs script without type declarations
import { cliBuildIsCurrent, STAMP_FILE } from '../../../bin/cli-build-stamp.mjs';

// Finding (issue 37): every `pos` command took seconds and 200 MB to start:
// tsx compiled the sources at each start and main.ts imported every command,
// ZATCA's XML and X.509 stacks and the printing stack included. The CLI is
// now built ahead of time (scripts/build-cli.mjs), a chunk per command, and
// bin/pos.mjs runs that build only while it matches the sources.

const root = fileURLToPath(new URL('../../../', import.meta.url));

interface Metafile {
  outputs: Record<string, { entryPoint?: string; imports: { path: string; kind: string; external?: boolean }[]; inputs: Record<string, unknown> }>;
}

/** What a start loads for one command: the inputs and packages reached by static imports from main.js and the command's chunk. */
function loadedAtStart(metafile: Metafile, commandSource: string | null): { inputs: string[]; packages: string[] } {
  const outputs = Object.entries(metafile.outputs);
  const start = [outputs.find(([, o]) => o.entryPoint === 'src-main/cli/main.ts')![0]];
  if (commandSource) start.push(outputs.find(([, o]) => o.entryPoint === commandSource)![0]);
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const imported of metafile.outputs[path]!.imports) {
      if (imported.kind !== 'import-statement') continue;
      if (imported.external) packages.add(imported.path);
      else visit(imported.path);
    }
  };
  start.forEach(visit);
  return { inputs: [...seen].flatMap((path) => Object.keys(metafile.outputs[path]!.inputs)), packages: [...packages] };
}

describe('the pos CLI built ahead of time', () => {
  // Two folders deep in the repository, as out/cli/ is: the build finds migrations and fonts from there.
  const outdir = join(root, 'out', `cli-test-${process.pid}`);
  let metafile: Metafile;
  let dir: string;

  beforeAll(async () => {
    ({ metafile } = await buildCli(outdir));
    dir = mkdtempSync(join(tmpdir(), 'till-cli-build-'));
  });
  afterAll(() => {
    rmSync(outdir, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  });

  /** Runs the built main() in a fresh node, as bin/pos.mjs does. */
  const runBuilt = (args: string[], env: NodeJS.ProcessEnv = {}) => {
    const script = `const { main } = await import(${JSON.stringify(pathToFileURL(join(outdir, 'main.js')).href)}); process.exitCode = await main(JSON.parse(process.argv[1]));`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(args)], {
      encoding: 'utf8',
      env: { ...process.env, ...env },
    });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  };

  it.each([
    ['pos --help', null],
    ['pos outbox', 'src-main/cli/commands/orders-command.ts'],
    ['pos settings', 'src-main/cli/commands/settings-command.ts'],
  ])('%s loads no ZATCA, printing, service client or wire schemas at start', (_, command) => {
    const { inputs, packages } = loadedAtStart(metafile, command);
    expect(inputs.filter((input) => /^src-main\/(zatca|printing|upstream|host|sync)\/|^src-shared\/wire\/|^emulator\/(?!usage)/.test(input))).toEqual([]);
    expect(packages.filter((name) => /^(@xmldom|@peculiar|@napi-rs|xml-crypto|tiny-secp256k1|asn1js|ws|fastify|qrcode|tsx)/.test(name))).toEqual([]);
  });

  it('runs a command, its usage errors and a failed service call like the sources do', () => {
    const db = join(dir, 'till.db');
    expect(runBuilt(['settings', '--db', db, 'set', 'vat_number', '310122393500003'])).toMatchObject({ code: 0, stdout: 'vat_number = 310122393500003\n' });
    const settings = runBuilt(['settings', '--db', db]);
    expect(settings).toMatchObject({ code: 0, stderr: '' });
    expect(settings.stdout).toMatch(/^vat_number +310122393500003 +\[set\]/m);
    expect(runBuilt(['outbox', '--db', db])).toMatchObject({ code: 0, stdout: 'pending 0, synced 0, rejected 0\n' });

    const help = runBuilt(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('pos zatca --db FILE onboard');
    expect(help.stdout).toContain('pos emulator [--port N]');

    const usage = runBuilt(['zatca', '--db', db, 'nonsense']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('usage: pos zatca --db FILE');

    // fetch refuses port 9 outright: a service error, told as one line even under POS_DEBUG (no stack: it is not a bug).
    const refused = runBuilt(['sync', '--db', db, '--base-url', 'http://127.0.0.1:9/api', '--token', 't'], { POS_DEBUG: '1' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/\npos sync: Could not reach the service for GET \/me[^\n]*\n$/);
    expect(refused.stderr).not.toContain('    at ');
  });

  it('starts the render worker from the build, drawing (fonts, canvas) what the sources draw', async () => {
    const doc: ReceiptDocument = { blocks: [{ kind: 'bilingual', en: 'Spanish latte', ar: 'سبانيش لاتيه' }] };
    const worker = new Worker(join(outdir, 'render-worker.js'));
    try {
      const reply = await new Promise<{ ok: boolean; bytes?: Uint8Array; message?: string }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.postMessage({ id: 1, request: { doc, width: 80, output: 'escpos-raster' }, fontsDir: null });
      });
      expect(reply.message).toBeUndefined();
      const inline = await inlineRenderer.render({ doc, width: 80, output: 'escpos-raster' });
      expect(Buffer.from(reply.bytes!).equals(Buffer.from(inline))).toBe(true);
    } finally {
      await worker.terminate();
    }
  });

  it("starts the pull's page reader from the build, answering as the sources' reader does", async () => {
    const worker = new Worker(join(outdir, 'page-reader.js'));
    try {
      const reply = await new Promise<{ id: number; kind: string; failure?: unknown }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        const bytes = new TextEncoder().encode('<html>maintenance</html>');
        worker.postMessage({ id: 7, list: 'products', version: '2.5.0', page: 1, decimals: 2, bytes }, [bytes.buffer]);
      });
      expect(reply).toEqual({ id: 7, kind: 'failed', failure: { kind: 'not-json' } });
    } finally {
      await worker.terminate();
    }
  });
});

describe('whether the build is current', () => {
  let base: string;
  let outdir: string;
  const builtAt = Date.parse('2030-01-01T00:00:00Z');
  const at = (ms: number) => new Date(ms);

  /** A repository with one source and a bundled package, and a build of it stamped at builtAt. */
  function fixture(): void {
    base = mkdtempSync(join(tmpdir(), 'till-cli-stamp-'));
    outdir = join(base, 'out', 'cli');
    const file = (path: string, text: string, mtime = builtAt - 60_000) => {
      mkdirSync(dirname(join(base, path)), { recursive: true });
      writeFileSync(join(base, path), text);
      utimesSync(join(base, path), at(mtime), at(mtime));
    };
    file('src-main/a.ts', 'export const a = 1;');
    file('node_modules/zod/package.json', JSON.stringify({ version: '4.6.7' }));
    file('out/cli/main.js', '');
    file(`out/cli/${STAMP_FILE}`, JSON.stringify({ builtAt, sources: ['src-main/a.ts'], packages: { zod: '4.6.7' } }));
  }

  beforeAll(fixture);
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('is current while no source changed since the build started, and stale as soon as one did', () => {
    expect(cliBuildIsCurrent(base, outdir)).toBe(true);
    utimesSync(join(base, 'src-main/a.ts'), at(builtAt), at(builtAt));
    expect(cliBuildIsCurrent(base, outdir)).toBe(false);
    utimesSync(join(base, 'src-main/a.ts'), at(builtAt - 1), at(builtAt - 1));
    expect(cliBuildIsCurrent(base, outdir)).toBe(true);
  });

  it('is stale when a bundled package changed version, a source is gone, or the build is missing', () => {
    writeFileSync(join(base, 'node_modules/zod/package.json'), JSON.stringify({ version: '4.7.0' }));
    expect(cliBuildIsCurrent(base, outdir)).toBe(false);
    writeFileSync(join(base, 'node_modules/zod/package.json'), JSON.stringify({ version: '4.6.7' }));
    expect(cliBuildIsCurrent(base, outdir)).toBe(true);

    rmSync(join(base, 'src-main/a.ts'));
    expect(cliBuildIsCurrent(base, outdir)).toBe(false);
    rmSync(base, { recursive: true, force: true });
    fixture();

    rmSync(join(outdir, 'main.js'));
    expect(cliBuildIsCurrent(base, outdir)).toBe(false);
    rmSync(outdir, { recursive: true, force: true });
    expect(cliBuildIsCurrent(base, outdir)).toBe(false);
  });
});
