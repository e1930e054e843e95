import { NEWEST_API_VERSION, parseApiVersion } from '../../src-shared/api-version.ts';
import { parseInput, SESSION_METHODS, type TillApi } from '../../src-shared/api/index.ts';
import { type SessionView, type SyncStatus, type TillInputs } from '../../src-shared/selling/index.ts';
import { TillError } from '../../src-shared/errors/index.ts';
import type { Clock } from '../clock/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { localSyncStatus } from '../orders/index.ts';
import { getSetting, setSetting } from '../settings/index.ts';
import { pullCatalog, readPagesOffThreadHere, tillUploadKinds, UploadEngine } from '../sync/index.ts';
import { currencyDecimals, readReplicaMeta } from '../catalog/index.ts';
import { readBranchProfile, type BranchProfile } from '../catalog/index.ts';
import { ServiceClient } from '../upstream/index.ts';
import type { EventHub } from './event-hub.ts';
import type { SecretStore } from '../secrets/index.ts';
import { replyError } from './till-error-reply.ts';

/** The service session's token: in the secret store (never the database), handed to a standby hub over its stream (pair-handover.ts). */
export const SERVICE_TOKEN_SECRET = 'token';

/** The service's client as this till is paired (the database's session, this machine's token), or null when it is not. */
export function serviceClientOf(db: TillDatabase, secrets: SecretStore): ServiceClient | null {
  const session = getSetting(db, SESSION_SETTING);
  const token = secrets.get(SERVICE_TOKEN_SECRET);
  if (!session || !token) return null;
  return new ServiceClient({ baseUrl: session.base_url, token, apiVersion: parseApiVersion(session.api_version) });
}

/** The session part of the till API: pairing with the service and pulling its catalog. */
export type SessionMethods = Pick<TillApi, (typeof SESSION_METHODS)[number]>;

export interface ServiceSessionOptions {
  db: TillDatabase;
  events: EventHub;
  secrets: SecretStore;
  /** Time and timers for the uploader (the system's by default). */
  clock?: Clock;
  /** Upload timings; tests shorten them. */
  uploadBackoff?: { baseDelayMs: number; maxDelayMs: number };
  probeIntervalMs?: number;
  /**
   * Resolves once every change committed so far is safe (a standby hub has
   * acknowledged it: docs/standby.md). Each upload waits for it (and the
   * host's ZATCA documents and print jobs: till-host.ts), so nothing leaves
   * that a failover could un-happen. None: at once.
   */
  uploadsWaitFor?: () => Promise<void>;
}

interface SessionSettings {
  base_url: string;
  api_version: string;
}

const SESSION_SETTING = 'session' as const;

/**
 * This till's link to the service: the pairing (base URL and version in
 * settings, the token in the secret store), the catalog pull, and the
 * upload engine (orders, closed shifts, late settlements), whose state goes
 * out as events.
 */
export class ServiceSession implements SessionMethods {
  /** Orders, closed shifts (attendance) and late settlements, to the service exactly once. */
  private uploader: UploadEngine | null = null;
  private pulling: Promise<SessionView> | null = null;
  private started = false;

  constructor(private readonly options: ServiceSessionOptions) {}

  /** Starts the uploads when paired; they pick up work left from before a restart. */
  start(): void {
    this.started = true;
    const client = this.client();
    if (client) this.startUploader(client);
  }

  async stop(): Promise<void> {
    this.started = false;
    await this.uploader?.stop();
    this.uploader = null;
  }

  /** A sale was committed: upload it now (never awaited). */
  notifyOrder(): void {
    this.uploader?.notify();
  }

  /** A shift was closed: upload its attendance now (never awaited). */
  notifyRecord(): void {
    this.uploader?.notify();
  }

  syncStatus(): SyncStatus {
    return this.uploader?.status() ?? localSyncStatus(this.options.db);
  }

  private client(): ServiceClient | null {
    return serviceClientOf(this.options.db, this.options.secrets);
  }

  private startUploader(signedIn: ServiceClient): void {
    const client = this.options.uploadsWaitFor ? afterReplication(signedIn, this.options.uploadsWaitFor) : signedIn;
    if (this.uploader) {
      this.uploader.setClient(client);
      // Signed in before start(): the engine was made then, and runs now.
      if (this.started) this.uploader.start();
      return;
    }
    const { db, clock, uploadBackoff, probeIntervalMs } = this.options;
    this.uploader = new UploadEngine({
      kinds: tillUploadKinds(db),
      client,
      ...(clock ? { clock } : {}),
      ...(uploadBackoff ? { backoff: uploadBackoff } : {}),
      ...(probeIntervalMs ? { probeIntervalMs } : {}),
    });
    this.uploader.subscribe((status) => this.options.events.emit({ type: 'sync', status }));
    if (this.started) this.uploader.start();
  }

  /** The branch profile, or null when there is none yet or a setting is broken (selling reports that itself). */
  private profileOrNull(): BranchProfile | null {
    try {
      return readBranchProfile(this.options.db);
    } catch {
      return null;
    }
  }

  async session(): Promise<SessionView> {
    const settings = getSetting(this.options.db, SESSION_SETTING);
    const { me, lastPull } = readReplicaMeta(this.options.db);
    const profile = this.profileOrNull();
    return {
      paired: settings !== null && this.options.secrets.get(SERVICE_TOKEN_SECRET) !== null,
      base_url: settings?.base_url ?? null,
      api_version: settings?.api_version ?? null,
      market_name_en: me?.market.name_en ?? null,
      market_name_ar: me?.market.name_ar ?? null,
      branch_name_en: me?.branch?.name_en ?? null,
      branch_name_ar: me?.branch?.name_ar ?? null,
      last_pull_at: lastPull?.at ?? null,
      products: lastPull?.counts.products ?? 0,
      // Receipts then carry no ZATCA QR: the status bar says so until a VAT number is set or pulled.
      vat_number_missing: profile !== null && profile.vatNumber === null,
      // Shown in the status bar, not only on the console: whoever runs the till should know.
      secrets_unprotected: Boolean(this.options.secrets.warning),
      currency_decimals: currencyDecimals(this.options.db),
    };
  }

  async signIn(input: TillInputs['signIn']): Promise<SessionView> {
    const parsed = parseInput('signIn', input);
    let client: ServiceClient;
    try {
      client = new ServiceClient({
        baseUrl: parsed.base_url,
        token: parsed.token,
        apiVersion: parseApiVersion(parsed.api_version || NEWEST_API_VERSION, 'API version'),
      });
    } catch (error) {
      throw new TillError('invalid_input', (error as Error).message, { code: 'signin.invalid' });
    }
    const pulled = await this.pull(client);
    // The service may have refused the version asked for: keep the one it accepted.
    if (pulled.api_version && pulled.api_version !== client.apiVersion) client = client.withApiVersion(parseApiVersion(pulled.api_version));
    setSetting(this.options.db, SESSION_SETTING, { base_url: client.baseUrl, api_version: client.apiVersion } satisfies SessionSettings);
    this.options.secrets.set(SERVICE_TOKEN_SECRET, parsed.token);
    this.startUploader(client);
    this.uploader?.reportReachable();
    return { ...pulled, paired: true, base_url: client.baseUrl, api_version: client.apiVersion };
  }

  async syncNow(): Promise<SessionView> {
    const client = this.client();
    if (!client) throw new TillError('not_signed_in', 'this till is not signed in: sign in to the service first');
    const session = await this.pull(client);
    if (session.api_version && session.api_version !== client.apiVersion) {
      const settled = client.withApiVersion(parseApiVersion(session.api_version));
      setSetting(this.options.db, SESSION_SETTING, { base_url: settled.baseUrl, api_version: settled.apiVersion } satisfies SessionSettings);
      this.startUploader(settled);
    }
    this.uploader?.reportReachable();
    return session;
  }

  /** One pull at a time; its progress goes out as `pull` events, its failure as a TillError a person can act on. */
  private pull(client: ServiceClient): Promise<SessionView> {
    if (this.pulling) throw new TillError('busy', 'a catalog sync is already running; wait for it to finish');
    const { db, events } = this.options;
    this.pulling = (async () => {
      try {
        // The checkouts share this event loop: the long lists' pages are read off it where a CPU is spare.
        const summary = await pullCatalog({
          client,
          db,
          readPagesOffThread: readPagesOffThreadHere(),
          onProgress: (progress) => events.emit({ type: 'pull', progress }),
        });
        events.emit({
          type: 'pull',
          progress: {
            phase: 'done',
            products: summary.counts.products ?? 0,
            at: Date.now(),
            skipped: summary.skipped.map((skip) => skip.list),
            quarantined: summary.quarantined.length,
          },
        });
        events.emit({ type: 'catalog-changed' });
        return { ...(await this.session()), api_version: summary.apiVersion };
      } catch (error) {
        const tillError = replyError(error);
        events.emit({ type: 'pull', progress: { phase: 'failed', message: tillError.message } });
        throw tillError;
      } finally {
        this.pulling = null;
      }
    })();
    return this.pulling;
  }
}

/**
 * Points a till signed in to the service at `from` to `to` instead: the same
 * service (same token) come back at another address, as the demo's does when
 * its old port is taken after a restart. True when the till was moved.
 */
export function moveServiceAddress(db: TillDatabase, from: string, to: string): boolean {
  const session = getSetting(db, SESSION_SETTING);
  if (session === null || session.base_url !== from || from === to) return false;
  setSetting(db, SESSION_SETTING, { ...session, base_url: to } satisfies SessionSettings);
  return true;
}

/**
 * `client`, whose uploads (every POST: orders, records, settlements) first
 * wait for `safe`: the rows an upload carries were read before it, so they
 * are among the changes it waits for.
 */
function afterReplication(client: ServiceClient, safe: () => Promise<void>): ServiceClient {
  const gated = Object.create(client) as ServiceClient;
  gated.post = async (path: string, body: unknown) => {
    await safe();
    return client.post(path, body);
  };
  return gated;
}
