import { createReadStream, realpathSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

/** The same policy as the renderer's meta tag, sent as a header too. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/**
 * The Electron window's policy: the same, but the page connects nowhere.
 * It reaches the host only over the preload's MessagePort, so no fetch,
 * WebSocket or beacon has anywhere to go, the till's own origin included.
 */
export const ELECTRON_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.replace("connect-src 'self'", "connect-src 'none'");

/** The file's real path when it is a regular file inside the real `root` (symlinks followed, then checked); null otherwise. */
function realFileInside(root: string, file: string): string | null {
  try {
    const realRoot = realpathSync(root);
    const real = realpathSync(file);
    const inside = real.startsWith(realRoot.endsWith(sep) ? realRoot : realRoot + sep);
    return inside && statSync(real).isFile() ? real : null;
  } catch {
    return null; // missing, or a broken link
  }
}

/**
 * Serves the built renderer. Paths are resolved inside `root` only (no `..`
 * escapes, and no symlink out of it: the real path is checked, as the
 * `app://` protocol does); unknown paths get index.html so a reload on any
 * screen works.
 */
export function serveStatic(root: string, request: IncomingMessage, response: ServerResponse): void {
  let path: string;
  try {
    path = decodeURIComponent(new URL(request.url ?? '/', 'http://till').pathname);
  } catch {
    path = '/';
  }
  const resolved = normalize(join(root, path));
  const inside = resolved === root || resolved.startsWith(root.endsWith(sep) ? root : root + sep);
  const file = (inside && !path.includes('\0') && realFileInside(root, resolved)) || realFileInside(root, join(root, 'index.html'));
  if (file === null) {
    response.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' });
    response.end('The till UI is not built: run "npm run build" and start again.');
    return;
  }
  const type = TYPES[extname(file)] ?? 'application/octet-stream';
  response.writeHead(200, {
    'Content-Type': type,
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': file.endsWith('index.html') ? 'no-cache' : 'public, max-age=31536000, immutable',
  });
  createReadStream(file).pipe(response);
}
