import { app, session, type WebContents } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../host/index.ts';

/**
 * Electron's security checklist, applied to every web contents: no
 * navigation away from the app, no new windows, no permissions, and the
 * strict CSP as a header. Nothing here ever opens an external URL.
 */
export function hardenApp(appUrl: (url: string) => boolean): void {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, grant) => grant(false));
  session.defaultSession.webRequest.onHeadersReceived((details, respond) => {
    respond({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
  });
  app.on('web-contents-created', (_event, contents: WebContents) => {
    contents.on('will-navigate', (event, url) => {
      if (!appUrl(url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
}
