/**
 * Where the Electron window's page comes from: a custom `app://` scheme the
 * main process serves from the built renderer folder only (never `file://`,
 * which would reach the whole disk). The renderer reads the scheme to know
 * it talks to the host over the preload's MessagePort, not a WebSocket.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'till';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** The one page the window loads. */
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;
