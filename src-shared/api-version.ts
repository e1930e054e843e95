/**
 * The contract versions the service names (spec, "Versioning"). A change
 * applies to clients sending that version or higher, so every shape decision
 * in the code is a comparison against one of these.
 */
import { TillError } from './errors/index.ts';

export const API_VERSIONS = ['2.0.0', '2.1.0', '2.2.0', '2.2.1', '2.2.3', '2.3.0', '2.4.0', '2.5.0'] as const;

export type ApiVersion = (typeof API_VERSIONS)[number];

/** The newest contract this client knows and asks for by default. */
export const NEWEST_API_VERSION: ApiVersion = '2.5.0';

/** What the service serves when the `X-API-Version` header is absent. */
export const DEFAULT_SERVICE_API_VERSION: ApiVersion = '2.0.0';

export function isApiVersion(value: string): value is ApiVersion {
  return (API_VERSIONS as readonly string[]).includes(value);
}

/** Parses a version given by a person or a header, naming the allowed values when it is not one. */
export function parseApiVersion(value: string, where = 'API version'): ApiVersion {
  const trimmed = value.trim();
  if (isApiVersion(trimmed)) return trimmed;
  throw new TillError('invalid_input', `${where} "${value}" is not one this client knows; use one of ${API_VERSIONS.join(', ')}`);
}

function rank(version: ApiVersion): number {
  return API_VERSIONS.indexOf(version);
}

/** True when a client on `version` gets the behaviour introduced in `since`. */
export function isAtLeast(version: ApiVersion, since: ApiVersion): boolean {
  return rank(version) >= rank(since);
}
