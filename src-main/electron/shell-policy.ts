import { APP_HOST, APP_SCHEME } from '../../src-shared/api/index.ts';

// The Electron shell's decisions, kept free of `electron` so plain Node
// tests them: what a window may show, and which web permissions it gets.

/**
 * Whether a frame may navigate to `url`: only the till's own page, whatever
 * query or fragment it carries; on a station (`hub` set), also the pages of
 * that one hub's origin, whose UI the window shows.
 */
export function mayNavigate(url: string, hub: string | null = null): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username !== '' || parsed.password !== '') return false;
  if (isHubPage(url, hub)) return true;
  // (Node's URL gives a custom scheme the origin "null": compare its parts.)
  return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && parsed.pathname === '/index.html';
}

/** Whether `url` is a page of the hub this station works through (http or https, that origin exactly, no credentials). */
export function isHubPage(url: string, hub: string | null): boolean {
  if (hub === null) return false;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.origin === hub && parsed.username === '' && parsed.password === '';
  } catch {
    return false;
  }
}

/** Whether the page that asks is the till's own (for the MessagePort handshake): never a hub's page. */
export function isTillPage(url: string): boolean {
  return mayNavigate(url);
}

/**
 * Web permissions the till grants: none. It needs no camera, microphone,
 * location, notifications, clipboard reading, USB/HID/serial from the page
 * (printers are driven by the host), or anything else; a page that asks is
 * refused, and a check answers "denied".
 */
export function permissionAllowed(_permission: string, _requestingOrigin?: string): boolean {
  return false;
}
