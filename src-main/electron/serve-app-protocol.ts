import { protocol } from 'electron';
import { APP_SCHEME } from '../../src-shared/api/index.ts';
import { ELECTRON_CONTENT_SECURITY_POLICY } from '../host/index.ts';
import { appProtocolResponse } from './app-protocol.ts';

/**
 * Declares `app://` a standard, secure scheme (an origin of its own, like
 * https). Must run before the app is ready.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true } }]);
}

/** Serves `app://till/…` from the built renderer folder and nothing else (app-protocol.ts decides). */
export function serveAppProtocol(rendererDir: string): void {
  protocol.handle(APP_SCHEME, (request) => appProtocolResponse(request, rendererDir, ELECTRON_CONTENT_SECURITY_POLICY));
}
