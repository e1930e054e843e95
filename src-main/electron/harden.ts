import { app, session, type WebContents } from 'electron';
import { ELECTRON_CONTENT_SECURITY_POLICY } from '../host/index.ts';
import { isHubPage, mayNavigate, permissionAllowed } from './shell-policy.ts';

/**
 * Electron's security checklist, applied to every web contents: no
 * navigation away from the app's page (in the window or any frame), no
 * redirects elsewhere, no new windows, no webviews, no permissions (asked
 * or checked), and the strict CSP as a header. Nothing here ever opens an
 * external URL. On a station (`hub` set) the window may show that hub's
 * pages, which keep the hub's own CSP (the one browsers get from it).
 */
export function hardenApp(hub: string | null = null): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_contents, permission, grant, details) => grant(permissionAllowed(permission, details.requestingUrl)));
  ses.setPermissionCheckHandler((_contents, permission, requestingOrigin) => permissionAllowed(permission, requestingOrigin));
  ses.setDevicePermissionHandler(() => false);
  ses.webRequest.onHeadersReceived((details, respond) => {
    if (isHubPage(details.url, hub)) return respond({ responseHeaders: details.responseHeaders });
    respond({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [ELECTRON_CONTENT_SECURITY_POLICY] } });
  });
  app.on('web-contents-created', (_event, contents: WebContents) => {
    contents.on('will-navigate', (event) => {
      if (!mayNavigate(event.url, hub)) event.preventDefault();
    });
    contents.on('will-frame-navigate', (event) => {
      if (!mayNavigate(event.url, hub)) event.preventDefault();
    });
    contents.on('will-redirect', (event) => {
      if (!mayNavigate(event.url, hub)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
}
