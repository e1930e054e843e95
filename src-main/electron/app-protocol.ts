import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve } from 'node:path';
import { APP_HOST, APP_SCHEME } from '../../src-shared/api/index.ts';

// The `app://` protocol's answers: which file a request maps to, and the
// response. No `electron` import (Request and Response are Node's own too),
// so it runs, and is tested, in plain Node; serve-app-protocol.ts hands it
// to Electron's protocol.handle.

export type AppRequestTarget = { ok: true; file: string; contentType: string } | { ok: false; status: 400 | 403 | 404; reason: string };

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

/** Whether `file` (already resolved) is `root` itself or below it. */
export function isInside(root: string, file: string): boolean {
  const path = relative(root, file);
  return path !== '' && !path.startsWith('..') && !isAbsolute(path);
}

/**
 * The file inside `root` (the built renderer folder) that an `app://till/…`
 * request names, or why it is refused: another scheme or host, a path that
 * climbs out (`..`, also percent-encoded), a NUL or a backslash, a file type
 * the UI does not have. Whether the file exists (and where its real path
 * leads) is for the caller to check.
 */
export function resolveAppRequest(requestUrl: string, root: string): AppRequestTarget {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return { ok: false, status: 400, reason: 'not a URL' };
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return { ok: false, status: 403, reason: `not ${APP_SCHEME}://${APP_HOST}` };
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return { ok: false, status: 400, reason: 'a malformed percent-encoding' };
  }
  if (path.includes('\0') || path.includes('\\')) return { ok: false, status: 400, reason: 'a NUL or a backslash in the path' };
  const segments = path.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '..' || segment === '.')) return { ok: false, status: 403, reason: 'a path that climbs out' };
  const base = resolve(root);
  const file = resolve(base, ...(segments.length ? segments : ['index.html']));
  if (!isInside(base, file)) return { ok: false, status: 403, reason: 'outside the renderer folder' };
  const contentType = CONTENT_TYPES[extname(file).toLowerCase()];
  if (!contentType) return { ok: false, status: 404, reason: 'not a file type the UI has' };
  return { ok: true, file, contentType };
}

/**
 * The answer to one `app://` request: the file resolveAppRequest names,
 * if it exists and its real path (symlinks followed) is still inside the
 * renderer folder; else an empty refusal. Every answer carries `csp`.
 */
export async function appProtocolResponse(request: Pick<Request, 'url' | 'method'>, rendererDir: string, csp: string): Promise<Response> {
  const refuse = (status: number) => new Response(null, { status, headers: { 'Content-Security-Policy': csp } });
  if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405);
  const target = resolveAppRequest(request.url, rendererDir);
  if (!target.ok) return refuse(target.status);
  try {
    const [root, file] = await Promise.all([realpath(rendererDir), realpath(target.file)]);
    if (!isInside(root, file) || !(await stat(file)).isFile()) return refuse(404);
    return new Response(request.method === 'HEAD' ? null : await readFile(file), {
      headers: { 'Content-Type': target.contentType, 'Content-Security-Policy': csp, 'X-Content-Type-Options': 'nosniff' },
    });
  } catch {
    return refuse(404);
  }
}
