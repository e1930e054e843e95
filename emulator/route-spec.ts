import type { EmulatorState } from './emulator-state.ts';
import type { Caller } from './tokens.ts';
import type { VersionFeatures } from './version-features.ts';

/** What a handler knows about its request. */
export interface RequestContext {
  state: EmulatorState;
  features: VersionFeatures;
  caller: Caller;
  /** The v2 root as the client addressed it, e.g. `http://127.0.0.1:4010/api/v2`. */
  baseUrl: string;
  /** This request's absolute URL without its query (the pagination `path`). */
  path: string;
  params: Record<string, string>;
  /** Query parameters, merged with a JSON body on GET (emulator/README.md, 7). */
  input: Record<string, unknown>;
  /** The parsed JSON body (undefined when there was none). */
  body: unknown;
  /** The request's headers, lower-case names (the loyalty check reads `api-token`). */
  headers: Record<string, string | string[] | undefined>;
}

export interface Answer {
  status: number;
  body: unknown;
}

/**
 * Who may call a route with a no-permission token: `none` checks nothing
 * (`/me`), `read` answers 403 `This action is unauthorized.`, `modifier-write`
 * answers 403 `Unauthorized.` (spec, "Authentication" 4).
 */
export type Permission = 'none' | 'read' | 'write' | 'modifier-write';

export interface RouteSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Relative to the v2 root, Fastify syntax (`/products/:productId`). */
  url: string;
  permission: Permission;
  /** A version gate (426/410), checked after authentication and before permission. */
  gate?: (context: RequestContext) => void;
  handle: (context: RequestContext) => Answer;
}
