/**
 * What a request's outcome says about the connection. Online and offline
 * come from real results only: an answer of any status means the service is
 * reachable (a 5xx is "online but failing"); only a request that got no
 * answer (refused, reset, timed out) means offline.
 */
import { NetworkError, UnauthenticatedError, type ServiceClient } from '../../upstream/index.ts';

export type FailureKind =
  /** No answer: refused, reset, DNS, timeout. */
  | 'offline'
  /** 401: the token is no longer accepted. */
  | 'unauthenticated'
  /** Any other failure: 5xx, a 4xx that needs a person, an answer that is not the contract's, a bug. */
  | 'failing';

export interface Failure {
  kind: FailureKind;
  /** What the failure says about reachability; null when it says nothing (not from the network at all). */
  online: boolean | null;
  /** One line for a status bar or the outbox row. */
  message: string;
}

export const SESSION_EXPIRED = 'Session expired: sign in again';

export function classifyFailure(error: unknown): Failure {
  if (error instanceof NetworkError) return { kind: 'offline', online: false, message: oneLine(error.message) };
  if (error instanceof UnauthenticatedError) return { kind: 'unauthenticated', online: true, message: SESSION_EXPIRED };
  const answered = error !== null && typeof error === 'object' && typeof (error as { status?: unknown }).status === 'number';
  return { kind: 'failing', online: answered ? true : null, message: oneLine(error instanceof Error ? error.message : String(error)) };
}

export type ProbeResult = { online: true; unauthenticated: boolean } | { online: false; message: string };

/**
 * A light request (`GET /me`) to learn whether the service is reachable
 * again while the queue waits out a network failure: it returns as soon as
 * the connection does, not when the next sale happens to be made.
 */
export async function probeService(client: ServiceClient): Promise<ProbeResult> {
  try {
    await client.get('/me');
    return { online: true, unauthenticated: false };
  } catch (error) {
    const failure = classifyFailure(error);
    if (failure.online === false) return { online: false, message: failure.message };
    return { online: true, unauthenticated: failure.kind === 'unauthenticated' };
  }
}

/** Service messages can carry newlines (a proxy's HTML page); a status line must not. */
export function oneLine(text: string, max = 500): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
