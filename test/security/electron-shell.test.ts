import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP_ENTRY_URL } from '../../src-shared/api/index.ts';
import { CONTENT_SECURITY_POLICY, ELECTRON_CONTENT_SECURITY_POLICY } from '../../src-main/host/index.ts';
import { appProtocolResponse, resolveAppRequest } from '../../src-main/electron/app-protocol.ts';
import { mayNavigate, permissionAllowed } from '../../src-main/electron/shell-policy.ts';
import { tempDir } from '../support/temp-dir.ts';

// Findings: no Electron fuses; the UI loaded from file:// (which reaches the
// whole disk); no permission-check handler; `connect-src 'self' ws: wss:`.
// Electron itself cannot run here: its decisions are plain functions.

const repo = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const CSP = 'test-csp';

describe('the app:// protocol serves the built renderer folder only', () => {
  let dir: ReturnType<typeof tempDir>;
  let root: string;
  beforeEach(() => {
    dir = tempDir('till-app-');
    root = dir.file('renderer');
    mkdirSync(`${root}/assets`, { recursive: true });
    writeFileSync(`${root}/index.html`, '<!doctype html><title>Till</title>');
    writeFileSync(`${root}/assets/app.js`, 'console.log(1)');
    writeFileSync(dir.file('till.db'), 'orders and customers');
    writeFileSync(dir.file('secret.js'), 'outside');
    symlinkSync(dir.file('secret.js'), `${root}/assets/link.js`);
  });
  afterEach(() => dir.cleanup());

  const get = (url: string) => appProtocolResponse({ url, method: 'GET' }, root, CSP);

  it('maps app://till/ and its assets to files inside the folder, with the CSP', async () => {
    expect(resolveAppRequest('app://till/', root)).toMatchObject({ ok: true, file: `${root}/index.html`, contentType: 'text/html; charset=utf-8' });
    const page = await get(APP_ENTRY_URL);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Till</title>');
    expect(page.headers.get('content-security-policy')).toBe(CSP);
    const script = await get('app://till/assets/app.js?v=1#x');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe('console.log(1)');
  });

  it('refuses paths that climb out, encoded or not, NULs, backslashes, other hosts and schemes', async () => {
    for (const url of [
      'app://till/%2e%2e/till.db',
      'app://till/..%2ftill.db',
      'app://till/..%5csecret.js',
      'app://till/index.html%00.js',
      'app://evil/index.html',
      'file:///etc/passwd',
      'app://till/%E0%A4%A',
    ]) {
      const target = resolveAppRequest(url, root);
      expect(target.ok, url).toBe(false);
      const response = await get(url);
      expect(response.status, url).toBeGreaterThanOrEqual(400);
      expect(await response.text(), url).toBe('');
    }
    // The URL parser folds `..` (and `%2E%2E`) before it reaches us: the path stays inside the folder, where nothing is.
    for (const url of ['app://till/../secret.js', 'app://till/assets/%2E%2E/%2E%2E/secret.js']) {
      const target = resolveAppRequest(url, root);
      expect(target.ok && target.file.startsWith(`${root}/`), url).toBe(true);
      expect((await get(url)).status, url).toBe(404);
    }
  });

  it('refuses a symlink leading out of the folder, a missing file, a type the UI does not have, and writes', async () => {
    expect(resolveAppRequest('app://till/assets/link.js', root).ok).toBe(true);
    expect((await get('app://till/assets/link.js')).status).toBe(404);
    expect((await get('app://till/missing.js')).status).toBe(404);
    expect((await get('app://till/assets')).status).toBe(404);
    expect(resolveAppRequest('app://till/till.db', root)).toMatchObject({ ok: false, status: 404 });
    expect((await appProtocolResponse({ url: APP_ENTRY_URL, method: 'POST' }, root, CSP)).status).toBe(405);
  });
});

describe("the window shows only the till's page and gets no permissions", () => {
  it('lets a frame navigate only to app://till/index.html', () => {
    expect(mayNavigate(APP_ENTRY_URL)).toBe(true);
    expect(mayNavigate(`${APP_ENTRY_URL}?lang=ar#orders`)).toBe(true);
    for (const url of [
      'app://till/other.html',
      'app://till.evil/index.html',
      'app://user:pw@till/index.html',
      'file:///opt/till/resources/app.asar/out/renderer/index.html',
      'https://evil.example/index.html',
      'http://127.0.0.1:4780/',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(mayNavigate(url), url).toBe(false);
    }
  });

  it('denies every permission, asked for or checked', () => {
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'clipboard-sanitized-write',
      'openExternal',
      'usb',
      'hid',
      'serial',
      'fullscreen',
      'unknown',
    ]) {
      expect(permissionAllowed(permission, 'app://till')).toBe(false);
    }
  });

  it('wires those decisions into Electron: both permission handlers, the frame-navigation guard, app:// instead of file://', () => {
    const harden = readFileSync(repo('src-main/electron/harden.ts'), 'utf8');
    expect(harden).toMatch(/setPermissionRequestHandler\([^\n]*permissionAllowed/);
    expect(harden).toMatch(/setPermissionCheckHandler\([^\n]*permissionAllowed/);
    for (const event of ['will-navigate', 'will-frame-navigate', 'will-redirect'])
      // On a station (issue 20) `hub` is its one hub's origin; on the hub it is null and only app://till/index.html passes.
      expect(harden).toContain(`'${event}', (event) => {\n      if (!mayNavigate(event.url, hub)) event.preventDefault();`);
    const main = readFileSync(repo('src-main/electron/main.ts'), 'utf8');
    expect(main).toContain('registerAppScheme();');
    expect(main).toContain('serveAppProtocol(rendererDir);');
    expect(main).toContain('window.loadURL(APP_ENTRY_URL)');
    expect(main).not.toMatch(/loadFile\(|pathToFileURL/);
  });
});

describe('the content security policy lets the page connect only to the till', () => {
  const connectSrc = (policy: string) =>
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([name]) => name === 'connect-src')!
      .slice(1);

  it('Electron: nowhere (the MessagePort is its only channel); a browser: its own origin only (the /till WebSocket)', () => {
    expect(connectSrc(ELECTRON_CONTENT_SECURITY_POLICY)).toEqual(["'none'"]);
    expect(connectSrc(CONTENT_SECURITY_POLICY)).toEqual(["'self'"]);
    const meta = readFileSync(repo('src-renderer/index.html'), 'utf8').match(/Content-Security-Policy"\s+content="([^"]+)"/)![1]!;
    expect(connectSrc(meta)).toEqual(["'self'"]);
    for (const policy of [ELECTRON_CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY, meta]) {
      expect(policy).not.toMatch(/\b(ws|wss|http|https):(\s|;|$)|\*/);
      expect(policy).toMatch(/object-src 'none'/);
    }
  });
});

describe('Electron fuses in the build config', () => {
  /** The `electronFuses:` block of electron-builder.yml as name → value. */
  function fuses(): Record<string, string> {
    const lines = readFileSync(repo('electron-builder.yml'), 'utf8').split('\n');
    const start = lines.findIndex((line) => /^electronFuses:\s*$/.test(line));
    expect(start, 'electron-builder.yml has an electronFuses block').toBeGreaterThanOrEqual(0);
    const block: Record<string, string> = {};
    for (const line of lines.slice(start + 1)) {
      if (!/^\s+\S/.test(line)) break;
      const match = line.match(/^\s+([A-Za-z]+):\s*(\S+)\s*(#.*)?$/);
      if (match) block[match[1]!] = match[2]!;
    }
    return block;
  }

  it('sets every fuse the issue asks for', () => {
    expect(fuses()).toMatchObject({
      runAsNode: 'false',
      enableNodeOptionsEnvironmentVariable: 'false',
      enableNodeCliInspectArguments: 'false',
      grantFileProtocolExtraPrivileges: 'false',
      enableEmbeddedAsarIntegrityValidation: 'true',
      onlyLoadAppFromAsar: 'true',
      enableCookieEncryption: 'true',
    });
  });
});
