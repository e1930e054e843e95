import { parseApiVersion, NEWEST_API_VERSION } from '../../src-shared/api-version.ts';
import {
  TillError,
  tillInputs,
  type BranchInputs,
  type PrinterStateView,
  type SessionView,
  type SyncStatus,
  type TillApi,
  type TillInputs,
} from '../../src-shared/till/index.ts';
import type { Clock } from '../clock/index.ts';
import type { TillDatabase } from '../db/index.ts';
import {
  PrintQueue,
  composeShiftReport,
  enqueuePrintJobsAtCheckout,
  printDocument,
  readPrinterBindings,
  renderReceiptPreview,
  type PrinterAddressPolicy,
  type PrinterStatus,
} from '../printing/index.ts';
import { RecordUploadLoop } from '../sync/index.ts';
import { localSyncStatus } from '../orders/index.ts';
import { OrderUploader, pullCatalog, readReplicaMeta } from '../sync/index.ts';
import { readBranchProfile, TillService, type BranchProfile } from '../till/index.ts';
import { getSetting, setSetting } from '../settings/index.ts';
import { ServiceClient, ServiceError, UnauthenticatedError, NetworkError } from '../upstream/index.ts';
import { BranchSetup } from '../branch/index.ts';
import { Authorizer } from './authorization/index.ts';
import { managerPinPolicy } from '../staff/index.ts';
import type { EventHub } from './event-hub.ts';
import type { SecretStore } from './secret-store.ts';

export interface TillHostOptions {
  db: TillDatabase;
  events: EventHub;
  secrets: SecretStore;
  /** Time and timers for the uploader and the print queue (the system's by default). */
  clock?: Clock;
  /** Upload and print timings; tests shorten them. */
  uploadBackoff?: { baseDelayMs: number; maxDelayMs: number };
  probeIntervalMs?: number;
  printQueue?: PrintQueue;
  /** Which printer addresses this till may print to, beside the setting printing.allowed_ports. */
  printerPolicy?: PrinterAddressPolicy;
}

interface SessionSettings {
  base_url: string;
  api_version: string;
}

const SESSION_SETTING = 'session' as const;

/**
 * The whole till API: selling from the local database (TillService), plus
 * pairing with the service, the catalog pull, the order uploader and the
 * print queue, with their state pushed as events. Electron and `pos serve`
 * both build one of these and expose only TILL_API_METHODS of it.
 */
export class TillHost extends TillService implements TillApi {
  private uploader: OrderUploader | null = null;
  private readonly queue: PrintQueue;
  private pulling: Promise<SessionView> | null = null;
  /** Closed shifts (attendance) and late settlements, to the service exactly once. */
  readonly records: RecordUploadLoop;
  private started = false;
  /** The Branch screen's methods (BranchApi); the printer views follow a binding change at once. */
  private readonly branch: BranchSetup;
  /** The authorization hook every transport consults before a privileged call (policies plug in with `authorizer.use`). */
  readonly authorizer: Authorizer;

  constructor(private readonly host: TillHostOptions) {
    const queue =
      host.printQueue ??
      new PrintQueue({ db: host.db, ...(host.clock ? { clock: host.clock } : {}), ...(host.printerPolicy ? { addressPolicy: host.printerPolicy } : {}) });
    super({
      db: host.db,
      ...(host.clock ? { now: () => host.clock!.now() } : {}),
      alsoWriteAtCheckout: enqueuePrintJobsAtCheckout(host.db, host.clock ? { now: () => host.clock!.now() } : {}),
      onOrderCommitted: () => {
        // After the commit, never awaited: a sale does not wait for the network or the printer.
        this.uploader?.notify();
        this.queue.notify();
      },
      syncStatus: () => this.currentSyncStatus(),
    });
    this.queue = queue;
    this.branch = new BranchSetup({
      db: host.db,
      ...(host.printerPolicy ? { policy: host.printerPolicy } : {}),
      ...(host.clock ? { now: () => host.clock!.now() } : {}),
      statuses: () => this.queue.statuses(),
      onChange: () => {
        this.queue.notify();
        this.host.events.emit({ type: 'printers', printers: this.printerViews() });
      },
    });
    this.records = new RecordUploadLoop(host.db);
    this.onShiftClosed = () => void this.records.notify();
    this.authorizer = new Authorizer({ db: host.db, ...(host.clock ? { now: () => host.clock!.now() } : {}) });
    // Issue 11: on a till with cashiers, a manager signed in or a manager's PIN approves what costs money.
    this.authorizer.use(managerPinPolicy(host.db, () => this.staff.current(), host.clock ? () => host.clock!.now() : Date.now));
    this.queue.on('status', () => this.host.events.emit({ type: 'printers', printers: this.printerViews() }));
  }

  /** Starts the uploader (when paired) and the print queue; both pick up work left from before a restart. */
  start(): void {
    if (this.started) return;
    this.started = true;
    const client = this.client();
    if (client) this.startUploader(client);
    this.queue.start();
  }

  async stop(): Promise<void> {
    this.started = false;
    await Promise.all([this.uploader?.stop(), this.queue.stop(), this.records.stop()]);
    this.uploader = null;
  }

  private client(): ServiceClient | null {
    const session = getSetting(this.db, SESSION_SETTING);
    const token = this.host.secrets.get('token');
    if (!session || !token) return null;
    return new ServiceClient({ baseUrl: session.base_url, token, apiVersion: parseApiVersion(session.api_version) });
  }

  private startUploader(client: ServiceClient): void {
    this.records.start(client);
    if (this.uploader) {
      this.uploader.setClient(client);
      return;
    }
    this.uploader = new OrderUploader({
      db: this.db,
      client,
      ...(this.host.clock ? { clock: this.host.clock } : {}),
      ...(this.host.uploadBackoff ? { backoff: this.host.uploadBackoff } : {}),
      ...(this.host.probeIntervalMs ? { probeIntervalMs: this.host.probeIntervalMs } : {}),
    });
    this.uploader.subscribe((status) => this.host.events.emit({ type: 'sync', status }));
    if (this.started) this.uploader.start();
  }

  private currentSyncStatus(): SyncStatus {
    return this.uploader?.status() ?? localSyncStatus(this.db);
  }

  /** The branch profile, or null when there is none yet or a setting is broken (selling reports that itself). */
  private profileOrNull(): BranchProfile | null {
    try {
      return readBranchProfile(this.db);
    } catch {
      return null;
    }
  }

  async session(): Promise<SessionView> {
    const settings = getSetting(this.db, SESSION_SETTING);
    const { me, lastPull } = readReplicaMeta(this.db);
    const profile = this.profileOrNull();
    return {
      paired: settings !== null && this.host.secrets.get('token') !== null,
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
      secrets_unprotected: Boolean(this.host.secrets.warning),
    };
  }

  async signIn(input: TillInputs['signIn']): Promise<SessionView> {
    const parsed = tillInputs.signIn.safeParse(input ?? {});
    if (!parsed.success) throw new TillError('invalid_input', `signIn: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    let client: ServiceClient;
    try {
      client = new ServiceClient({
        baseUrl: parsed.data.base_url,
        token: parsed.data.token,
        apiVersion: parseApiVersion(parsed.data.api_version || NEWEST_API_VERSION, 'API version'),
      });
    } catch (error) {
      throw new TillError('invalid_input', (error as Error).message);
    }
    const pulled = await this.pull(client);
    // The service may have refused the version asked for: keep the one it accepted.
    if (pulled.api_version && pulled.api_version !== client.apiVersion) client = client.withApiVersion(parseApiVersion(pulled.api_version));
    const session = pulled;
    setSetting(this.db, SESSION_SETTING, { base_url: client.baseUrl, api_version: client.apiVersion } satisfies SessionSettings);
    this.host.secrets.set('token', parsed.data.token);
    this.startUploader(client);
    this.uploader?.reportReachable();
    return { ...session, paired: true, base_url: client.baseUrl, api_version: client.apiVersion };
  }

  async syncNow(): Promise<SessionView> {
    const client = this.client();
    if (!client) throw new TillError('not_signed_in', 'this till is not signed in: sign in to the service first');
    const session = await this.pull(client);
    if (session.api_version && session.api_version !== client.apiVersion) {
      const settled = client.withApiVersion(parseApiVersion(session.api_version));
      setSetting(this.db, SESSION_SETTING, { base_url: settled.baseUrl, api_version: settled.apiVersion } satisfies SessionSettings);
      this.startUploader(settled);
    }
    this.uploader?.reportReachable();
    return session;
  }

  /** One pull at a time; its progress goes out as `pull` events, its failure as a TillError a person can act on. */
  private pull(client: ServiceClient): Promise<SessionView> {
    if (this.pulling) throw new TillError('busy', 'a catalog sync is already running; wait for it to finish');
    const events = this.host.events;
    this.pulling = (async () => {
      try {
        const summary = await pullCatalog({ client, db: this.db, onProgress: (progress) => events.emit({ type: 'pull', progress }) });
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
        const tillError = asTillError(error);
        events.emit({ type: 'pull', progress: { phase: 'failed', message: tillError.message } });
        throw tillError;
      } finally {
        this.pulling = null;
      }
    })();
    return this.pulling;
  }

  async printers(): Promise<PrinterStateView[]> {
    return this.printerViews();
  }

  private printerViews(): PrinterStateView[] {
    const bindings = readPrinterBindings(this.db);
    return this.queue.statuses().map((status: PrinterStatus) => ({
      id: status.printerId,
      name: status.name,
      address: bindings.get(status.printerId)?.address ?? null,
      health: status.state === 'idle' ? 'ok' : status.state,
      pending_jobs: status.pending,
      last_error: status.lastError,
    }));
  }

  async receiptPreview(input: TillInputs['receiptPreview']): Promise<string> {
    const { uuid, printer_id } = parseOrThrow('receiptPreview', input);
    await this.order({ uuid });
    const png = await renderReceiptPreview(this.db, uuid, printer_id ?? 80, { renderer: this.queue.renderer });
    return `data:image/png;base64,${png.toString('base64')}`;
  }

  async printReport(input: TillInputs['printReport']): Promise<void> {
    const parsed = tillInputs.printReport.safeParse(input ?? {});
    if (!parsed.success) throw new TillError('invalid_input', `printReport: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    const { shift_id, business_day, printer_id } = parsed.data;
    const report = business_day ? await this.dayReport({ business_day }) : await this.shiftReport(shift_id ? { shift_id } : {});
    try {
      await printDocument(this.db, composeShiftReport(report), printer_id);
    } catch (error) {
      throw new TillError('service_error', `the report did not print: ${(error as Error).message}`);
    }
  }

  async openDrawer(input: TillInputs['openDrawer']): Promise<void> {
    tillInputs.openDrawer.parse(input ?? {});
    this.staff.require();
    try {
      await printDocument(this.db, { blocks: [{ kind: 'drawer', pin: 2 }] });
    } catch (error) {
      throw new TillError('service_error', `the drawer did not open: ${(error as Error).message}`);
    }
  }

  async reprint(input: TillInputs['reprint']): Promise<void> {
    const { uuid, kind } = parseOrThrow('reprint', input);
    await this.order({ uuid });
    this.queue.reprint(uuid, kind);
    this.queue.notify();
  }

  // The Branch screen (BranchApi): BranchSetup does the work.
  branchSetup = () => this.branch.branchSetup();
  bindPrinter = (input: BranchInputs['bindPrinter']) => this.branch.bindPrinter(input);
  unbindPrinter = (input: BranchInputs['unbindPrinter']) => this.branch.unbindPrinter(input);
  testPrint = (input: BranchInputs['testPrint']) => this.branch.testPrint(input);
  routeCategory = (input: BranchInputs['routeCategory']) => this.branch.routeCategory(input);
  resetRouting = (input: BranchInputs['resetRouting']) => this.branch.resetRouting(input);
  saveReceiptSettings = (input: BranchInputs['saveReceiptSettings']) => this.branch.saveReceiptSettings(input);
  receiptSettingsPreview = (input: BranchInputs['receiptSettingsPreview']) => this.branch.receiptSettingsPreview(input);
  saveTillSettings = (input: BranchInputs['saveTillSettings']) => this.branch.saveTillSettings(input);
}

function parseOrThrow<K extends 'receiptPreview' | 'reprint'>(method: K, input: unknown) {
  const result = tillInputs[method].safeParse(input ?? {});
  if (!result.success) throw new TillError('invalid_input', `${method}: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return result.data as (typeof tillInputs)[K]['_zod']['output'];
}

function asTillError(error: unknown): TillError {
  if (error instanceof TillError) return error;
  if (error instanceof UnauthenticatedError) return new TillError('session_expired', 'Session expired or the token was refused: sign in again.');
  if (error instanceof NetworkError) return new TillError('service_unreachable', error.message);
  if (error instanceof ServiceError) return new TillError('service_error', error.message);
  return new TillError('service_error', error instanceof Error ? error.message : String(error));
}
