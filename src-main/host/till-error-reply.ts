import { TillError } from '../../src-shared/errors/index.ts';
import { NetworkError, ServiceError, UnauthenticatedError, VersionError } from '../upstream/index.ts';

/**
 * A failure of what the host does with the service, as the till API's
 * reply a person can act on. Chosen by the error's class, never its name.
 */
export function replyError(error: unknown): TillError {
  if (error instanceof TillError) return error;
  if (error instanceof UnauthenticatedError) return new TillError('session_expired', 'Session expired or the token was refused: sign in again.');
  if (error instanceof NetworkError) return new TillError('service_unreachable', error.message);
  if (error instanceof VersionError) return new TillError('service_version', error.message);
  if (error instanceof ServiceError) return new TillError('service_error', error.message);
  return new TillError('service_error', error instanceof Error ? error.message : String(error));
}
