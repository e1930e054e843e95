import { BrowserWindow } from 'electron';
import { HUB_RETRY_SECONDS, hubUnreachablePage } from './hub-unreachable-page.ts';

/**
 * The desktop till as a station of another till's hub (issue 20): no
 * database, no host, no preload port. The window shows the hub's own UI
 * from the hub's address, as a paired tablet's browser does; the first time
 * the hub asks for a pairing code on its own page. Everything this station
 * sells is written by the hub. While the hub does not answer the window
 * says so and tries again; once loaded, the UI itself keeps the cart on
 * screen and refuses payment while the hub is away. With `pairCode` (typed
 * on the "Use another till as hub" screen) the first page is the hub's
 * pairing form with the code filled in: one tap on Pair, as on a tablet.
 */
export async function openStationWindow(hub: string, pairCode: string | null = null): Promise<BrowserWindow> {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    title: 'Till',
    webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, disableBlinkFeatures: 'Auxclick' },
  });
  let retry: NodeJS.Timeout | undefined;
  window.webContents.on('did-fail-load', (_event, _code, _description, url, isMainFrame) => {
    if (!isMainFrame || url.startsWith('data:')) return;
    void window.loadURL(hubUnreachablePage(hub));
    clearTimeout(retry);
    retry = setTimeout(() => void window.loadURL(`${hub}/`), HUB_RETRY_SECONDS * 1000);
  });
  window.on('closed', () => clearTimeout(retry));
  const first = pairCode ? `${hub}/pair?code=${encodeURIComponent(pairCode)}` : `${hub}/`;
  await window.loadURL(first).catch(() => undefined);
  return window;
}
