import { API_VERSIONS, DEFAULT_SERVICE_API_VERSION, isApiVersion, isAtLeast } from '../src-shared/api-version.ts';
import type { ApiVersion } from '../src-shared/api-version.ts';
import { ServiceError } from './envelope.ts';

/**
 * What a contract version changes in the shapes the emulator serves (spec,
 * "Versioning"), worked out once per request so serializers test booleans.
 */
export interface VersionFeatures {
  version: ApiVersion;
  /** 2.1.0: ingredient `cost` is returned. */
  ingredientCost: boolean;
  /** 2.2.0: product ingredient `ingredient_id` is the real id as a string. */
  realIngredientId: boolean;
  /** 2.2.1: printer booleans folded into `settings`. */
  printerSettings: boolean;
  /** 2.2.3: price objects are polymorphic. */
  polymorphicPrices: boolean;
  /** 2.3.0: `category_id`, `duration`, `modifier_id`, `kitchen_id`; no `market_id`/`branch_id` on prices and product ingredients. */
  renamed: boolean;
  /** 2.4.0: payment-method configs show `target`, `method`, `scope`, `sort`. */
  configFields: boolean;
  /** 2.5.0: legacy import answers 410 rather than 426. */
  importRemoved: boolean;
}

const cache = new Map<ApiVersion, VersionFeatures>();

export function featuresOf(version: ApiVersion): VersionFeatures {
  let features = cache.get(version);
  if (!features) {
    features = {
      version,
      ingredientCost: isAtLeast(version, '2.1.0'),
      realIngredientId: isAtLeast(version, '2.2.0'),
      printerSettings: isAtLeast(version, '2.2.1'),
      polymorphicPrices: isAtLeast(version, '2.2.3'),
      renamed: isAtLeast(version, '2.3.0'),
      configFields: isAtLeast(version, '2.4.0'),
      importRemoved: isAtLeast(version, '2.5.0'),
    };
    cache.set(version, features);
  }
  return features;
}

export const VERSION_HEADER = 'X-API-Version';

/** The contract a request asks for: absent (or empty) → 2.0.0; unknown → 422 naming the header (emulator/README.md, 21). */
export function requestedVersion(header: string | string[] | undefined): ApiVersion {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (value === undefined || value === '') return DEFAULT_SERVICE_API_VERSION;
  if (isApiVersion(value)) return value;
  const message = `The selected ${VERSION_HEADER} header is invalid; use one of ${API_VERSIONS.join(', ')}.`;
  throw new ServiceError(422, message, { errors: { [VERSION_HEADER]: [message] } });
}
