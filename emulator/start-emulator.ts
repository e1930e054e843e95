import type { AddressInfo } from 'node:net';
import { DEFAULT_SEED } from './demo-constants.ts';
import { createDemoTenant } from './demo-tenant.ts';
import type { EmulatorState, ReceivedCustomerUpdate } from './emulator-state.ts';
import { resolveFaults } from './faults.ts';
import type { Faults } from './faults.ts';
import { generateCatalog } from './generate-catalog.ts';
import { createUuidFactory } from './ids.ts';
import { createPrng, deriveSeed } from '../src-shared/random/index.ts';
import type { ReceivedAttendance, ReceivedOrder, ReceivedSettlement } from './received-order.ts';
import { armHold, type RequestHold } from './request-hold.ts';
import { BASE_PATH, createServer } from './server.ts';
import type { Tenant } from './tenant.ts';
import { TokenStore } from './tokens.ts';
import { profileNamed, type ProfileName } from './profiles/index.ts';
import type { IssueTokenOptions } from './tokens.ts';
import { demoPromotions, type PromotionState } from './promotions.ts';

export interface EmulatorOptions {
  /** 0 (the default) = any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Generate this many products instead of the demo menu. */
  products?: number;
  /** Ids, tokens and fault draws all follow it; default 1. */
  seed?: number;
  faults?: Partial<Faults>;
  /** Which reading of the spec to serve: `full` (default), `spec-only` or `variant` (emulator/profiles). */
  profile?: ProfileName;
  /** The service's clock (token expiry, timestamps); tests pass one they move by hand. */
  now?: () => number;
  /** Told of every request as it arrives: the route's last path segment (`products`) and the page asked for (1 when absent). */
  onRequest?: (resource: string, page: number) => void;
}

export interface RunningEmulator {
  /** The v2 root, e.g. `http://127.0.0.1:PORT/api/v2`. */
  baseUrl: string;
  /** A SUBSCRIBER token issued at start. */
  token: string;
  marketId: string;
  branchId: string;
  profile: ProfileName;
  /** Mutable: change records between requests; the next answer shows it. */
  tenant: Tenant;
  /** Mutable at run time: change a member, or assign a whole set (missing members take their defaults). */
  faults: Faults;
  /** By uuid, every order the service holds. */
  readonly orders: ReadonlyMap<string, ReceivedOrder>;
  /** How many `POST /orders/sync` requests arrived (faulted ones too). */
  readonly orderPosts: number;
  /** Every order uuid `POST /orders/sync` carried, in arrival order (an order sent twice is there twice, answered `duplicate`). */
  readonly orderArrivals: readonly string[];
  /** By uuid, every later payment the service holds (`POST /orders/payments`). */
  readonly settlements: ReadonlyMap<string, ReceivedSettlement>;
  /** By uuid, every closed shift the service holds (`POST /attendances/sync`). */
  readonly attendances: ReadonlyMap<string, ReceivedAttendance>;
  /** Every Customers Update received (`POST /customers/:id`), in order (issue 35). */
  readonly customerUpdates: readonly ReceivedCustomerUpdate[];
  /** Coupons and rewards it knows, and every Verify and check_reward request as received (issue 35): tests change and read it. */
  readonly promotions: PromotionState;
  /**
   * Keeps the next request to `METHOD /path` (relative to the v2 root) from
   * being answered until `release()`: its work is done, its answer waits.
   * `arrived` resolves once that request is in.
   */
  hold(method: string, path: string): RequestHold;
  /** Requests being answered now, and the most at once since start (or since `peakInFlight` was set to 0). */
  readonly traffic: { inFlight: number; peakInFlight: number };
  issueToken(options?: IssueTokenOptions): string;
  close(): Promise<void>;
}

function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/** Starts the emulated service over HTTP; resolves once it listens. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const seed = options.seed ?? DEFAULT_SEED;
  const host = options.host ?? '127.0.0.1';
  const tenant = options.products === undefined ? createDemoTenant(seed) : generateCatalog({ products: options.products, seed });
  const now = options.now ?? (() => Date.now());
  const tokens = new TokenStore(createPrng(deriveSeed(seed, 'tokens')), now);
  const state: EmulatorState = {
    tenant,
    faults: resolveFaults(options.faults),
    tokens,
    faultPrng: createPrng(deriveSeed(seed, 'faults')),
    newId: createUuidFactory(createPrng(deriveSeed(seed, 'created-records'))),
    now,
    orders: new Map(),
    orderPosts: 0,
    orderArrivals: [],
    settlements: new Map(),
    attendances: new Map(),
    customerKeys: new Map(),
    customerUpdates: [],
    promotions: demoPromotions(),
    holds: [],
    traffic: { inFlight: 0, peakInFlight: 0 },
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
  };
  const token = tokens.issue();
  const profile = profileNamed(options.profile ?? 'full');
  const app = createServer(state, profile);
  await app.listen({ port: options.port ?? 0, host });
  const { port } = app.server.address() as AddressInfo;
  const { me } = state.tenant;
  return {
    baseUrl: `http://${urlHost(host)}:${port}${BASE_PATH}`,
    token,
    marketId: me.market.id,
    branchId: me.branch?.id ?? '',
    profile: profile.name,
    get tenant() {
      return state.tenant;
    },
    set tenant(value: Tenant) {
      state.tenant = value;
    },
    get faults() {
      return state.faults;
    },
    set faults(value: Faults) {
      state.faults = resolveFaults(value);
    },
    get orders() {
      return state.orders;
    },
    get orderPosts() {
      return state.orderPosts;
    },
    get orderArrivals() {
      return state.orderArrivals;
    },
    get settlements() {
      return state.settlements;
    },
    get attendances() {
      return state.attendances;
    },
    get promotions() {
      return state.promotions;
    },
    get customerUpdates() {
      return state.customerUpdates;
    },
    hold: (method, path) => armHold(state.holds, method, path),
    get traffic() {
      return state.traffic;
    },
    issueToken: (issue) => tokens.issue(issue),
    close: () => app.close(),
  };
}
