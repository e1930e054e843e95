import { API_VERSIONS, isApiVersion, isAtLeast, type ApiVersion } from '../../src-shared/api-version.ts';
import type { TillDatabase } from '../db/index.ts';
import { readStoredSetting, setSetting } from '../settings/index.ts';
import { isParameterRefusal, ProtocolError, UnauthenticatedError, type ServiceClient } from '../upstream/index.ts';

// The spec's reference pages allow 2.0.0 to 2.3.0 while its history names
// versions up to 2.5.0: a real service may refuse what the till asks for.
// Then the till steps down to the newest version the service accepts,
// remembers it (setting `api_version_accepted`) and says so.

export const API_VERSION_SETTING = 'api_version_accepted' as const;

/** The version the service last accepted from this till, if it ever refused one. */
export function acceptedApiVersion(db: TillDatabase): ApiVersion | null {
  let value: unknown;
  try {
    value = readStoredSetting(db, API_VERSION_SETTING);
  } catch {
    value = null; // a broken stored value: ask again as if none was remembered
  }
  return typeof value === 'string' && isApiVersion(value) ? value : null;
}

/** Is `error` the service refusing the `X-API-Version` asked for (a 422 or 400 naming the version). */
export function isVersionRefusal(error: unknown): boolean {
  if (isParameterRefusal(error)) {
    return Object.keys(error.errors).some((key) => /version/i.test(key)) || /version/i.test(error.message);
  }
  return error instanceof ProtocolError && (error.status === 400 || error.status === 406) && /version/i.test(error.message);
}

function namedVersions(error: Error): ApiVersion[] {
  const text = isParameterRefusal(error) ? `${error.message} ${Object.values(error.errors).flat().join(' ')}` : error.message;
  return [...new Set(text.match(/\b\d+\.\d+\.\d+\b/g) ?? [])].filter(isApiVersion);
}

/** A cheap read every till makes anyway: the first payment method. */
const PROBE = { path: '/payment-methods', query: { page: 1, per_page: 1 } };

/**
 * Asks once at `client`'s version; if the service refuses the version, tries
 * the older ones (those the refusal names first), newest first. Returns the
 * client to pull with and, when it stepped down, a note. Any other failure
 * is left for the pull itself to meet and report, except a 401.
 */
export async function negotiateApiVersion(client: ServiceClient, db: TillDatabase): Promise<{ client: ServiceClient; note: string | null }> {
  const requested = client.apiVersion;
  let current = client;
  let candidates: ApiVersion[] | null = null;
  for (;;) {
    try {
      await current.get(PROBE.path, PROBE.query);
    } catch (error) {
      if (error instanceof UnauthenticatedError) throw error;
      if (!isVersionRefusal(error)) break;
      if (candidates === null) {
        const named = namedVersions(error as Error).filter((v) => !isAtLeast(v, requested));
        const older = [...API_VERSIONS].reverse().filter((v) => !isAtLeast(v, requested));
        candidates = [...named.sort((a, b) => API_VERSIONS.indexOf(b) - API_VERSIONS.indexOf(a)), ...older.filter((v) => !named.includes(v))];
      }
      const next = candidates.shift();
      if (next === undefined) {
        throw new Error(`the service refused every API version this till knows (${API_VERSIONS.join(', ')}): ${(error as Error).message}`, { cause: error });
      }
      current = current.withApiVersion(next);
      continue;
    }
    break;
  }
  if (current.apiVersion === requested) {
    if (acceptedApiVersion(db) !== null && acceptedApiVersion(db) !== requested) setSetting(db, API_VERSION_SETTING, requested);
    return { client: current, note: null };
  }
  setSetting(db, API_VERSION_SETTING, current.apiVersion);
  return {
    client: current,
    note: `the service refused API version ${requested}; this till now uses ${current.apiVersion}, the newest it accepts (setting ${API_VERSION_SETTING})`,
  };
}
