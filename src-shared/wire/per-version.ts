import type { ApiVersion } from '../api-version.ts';

/**
 * Builds a value once per contract version: schemas are costly to build and
 * are asked for on every page, so each version's is made on first use only.
 */
export function perVersion<T>(build: (version: ApiVersion) => T): (version: ApiVersion) => T {
  const built = new Map<ApiVersion, T>();
  return (version) => {
    let value = built.get(version);
    if (value === undefined) {
      value = build(version);
      built.set(version, value);
    }
    return value;
  };
}
