import {
  APPROVAL_METHODS,
  parseInput,
  PRINTING_METHODS,
  PROMOTION_METHODS,
  SELLING_METHODS,
  SESSION_METHODS,
  SHIFT_METHODS,
  type TillApi,
} from '../../src-shared/api/index.ts';
import { BRANCH_API_METHODS } from '../../src-shared/branch/index.ts';
import { CUSTOMER_DISPLAY_METHODS, STATION_API_METHODS } from '../../src-shared/stations/index.ts';
import { FLOOR_API_METHODS } from '../../src-shared/floor/index.ts';
import { KITCHEN_API_METHODS, KITCHEN_SETUP_METHODS } from '../../src-shared/kitchen/index.ts';
import { ZATCA_API_METHODS } from '../../src-shared/zatca/index.ts';
import { BranchSetup, PrinterProbes } from '../branch/index.ts';
import { systemClock, type Clock } from '../clock/index.ts';
import { KitchenService } from '../kitchen/index.ts';
import { PrintQueue, type PrinterAddressPolicy } from '../printing/index.ts';
import { managerPinPolicy } from '../staff/index.ts';
import { composedOf, methodsOf, type EachOnce } from './composed-api.ts';
import { currentStationKey, runAtStation, stationByCode } from '../stations/index.ts';
import { TillService } from './till-service.ts';
import { standInUrls, ZatcaReporter, ZatcaSetup } from '../zatca/index.ts';
import { Authorizer, kitchenDisplaySoldOutPolicy, type ClientContext } from './authorization/index.ts';
import { BranchStations } from './branch-stations.ts';
import { CustomerDisplays } from './customer-displays.ts';
import { saleEffects } from './sale-effects.ts';
import { ServiceSession, type ServiceSessionOptions } from './service-session.ts';
import { TillPrinting } from './till-printing.ts';
import { PromotionService } from '../promotions/index.ts';

const LOCAL_CLIENT: ClientContext = { kind: 'local', id: 'local', address: null };

/** The session's options (the clock also drives the print queue), and printing's. */
export interface TillHostOptions extends ServiceSessionOptions {
  printQueue?: PrintQueue;
  /** Which printer addresses this till may print to, beside the setting printing.allowed_ports. */
  printerPolicy?: PrinterAddressPolicy;
  /** Onboarding from the Branch screen goes here instead of ZATCA's own addresses (a stand-in: `pos serve --zatca-url`). */
  zatcaUrl?: string;
}

/** Each TillApi method comes from one service only (a name in two lists is a type error naming it). */
const eachMethodOnce: EachOnce<
  [
    ...typeof SELLING_METHODS,
    ...typeof SHIFT_METHODS,
    ...typeof SESSION_METHODS,
    ...typeof PRINTING_METHODS,
    ...typeof BRANCH_API_METHODS,
    ...typeof STATION_API_METHODS,
    ...typeof APPROVAL_METHODS,
    ...typeof PROMOTION_METHODS,
    ...typeof ZATCA_API_METHODS,
    ...typeof FLOOR_API_METHODS,
    ...typeof KITCHEN_API_METHODS,
    ...typeof KITCHEN_SETUP_METHODS,
    ...typeof CUSTOMER_DISPLAY_METHODS,
  ]
> = true;
void eachMethodOnce;

/**
 * The whole till API, composed of its services: selling and shifts from the
 * local database (TillService), the session with the service (pairing,
 * catalog pull, uploads), printing, and the Branch screen's setup. Electron
 * and `pos serve` both build one of these and expose only TILL_API_METHODS.
 */
export class TillHost extends composedOf<TillApi>() {
  private readonly till: TillService;
  private readonly service: ServiceSession;
  private readonly queue: PrintQueue;
  /** Signed documents to ZATCA's reporting API, beside the order uploader (idle until the EGS unit is onboarded). */
  readonly zatca: ZatcaReporter;
  private readonly zatcaTab: ZatcaSetup;
  private started = false;
  private readonly clock: Clock;
  /** The authorization hook every transport consults before a privileged call (policies plug in with `authorizer.use`). */
  readonly authorizer: Authorizer;
  /** The branch's stations: which one a connection is, paired devices, removals (issue 20). */
  readonly branchStations: BranchStations;
  /** The kitchen displays: their tickets, and which are online (the web host reports their sockets). */
  readonly kitchen: KitchenService;
  /** The customer displays: each follows its counter's cart. */
  private readonly displays: CustomerDisplays;

  constructor(options: TillHostOptions) {
    const { db, events, clock, printerPolicy } = options;
    const now = clock ? () => clock.now() : Date.now;
    // Uploads, ZATCA's documents and print jobs all wait for the standby to have what they carry (docs/standby.md).
    const afterStandby = options.uploadsWaitFor ? { waitFor: options.uploadsWaitFor } : {};
    const queue =
      options.printQueue ?? new PrintQueue({ db, ...(clock ? { clock } : {}), ...(printerPolicy ? { addressPolicy: printerPolicy } : {}), ...afterStandby });
    const service = new ServiceSession(options);
    const zatca = new ZatcaReporter({
      db,
      secrets: options.secrets,
      ...(options.uploadsWaitFor ? { sendsWaitFor: options.uploadsWaitFor } : {}),
      ...(clock ? { clock } : {}),
      ...(options.uploadBackoff ? { backoff: options.uploadBackoff } : {}),
      ...(options.probeIntervalMs ? { probeIntervalMs: options.probeIntervalMs } : {}),
    });
    // The ZATCA tab and the status bar's ZATCA part (its status is pushed on the host's clock).
    const zatcaTab = new ZatcaSetup({
      db,
      secrets: options.secrets,
      ...(clock ? { clock } : {}),
      ...(options.zatcaUrl ? { environmentUrls: standInUrls(options.zatcaUrl) } : {}),
      emit: (event) => events.emit(event),
    });
    // Kitchen displays (issue 21): tickets written beside the kitchen's print jobs, in the same transactions.
    const kitchen = new KitchenService({ db, clock: clock ?? systemClock, emit: (event) => events.emit(event), printQueued: () => queue.notify() });
    // Each customer display follows its counter's cart; the cart is read as that counter's own screen reads it.
    const displays = new CustomerDisplays({
      db,
      clock: clock ?? systemClock,
      events,
      cartOf: (counter) => runAtStation(counter, () => till.selling.cart()),
    });
    // What a sale sets in motion, inside its transaction and after: one table, in sale-effects.ts.
    const effects = saleEffects({ db, now, clock, secrets: options.secrets, events, service, queue, kitchen, zatca, zatcaTab, displays });
    const till = new TillService({ db, now, syncStatus: () => service.syncStatus(), ...effects });
    // For the screens this host serves (a CLI command's TillService asks for none of it): once the host is up, not while
    // it starts; a database closed meanwhile (a test) or without a catalog leaves them to the first screen.
    setImmediate(() => {
      try {
        till.selling.warmCatalogFigures();
      } catch {
        // The first screen that needs them works them out.
      }
    }).unref();
    // The printers' last answers, dropped as soon as the queue has newer news of a printer (subscribed before the status bar's events).
    const probes = new PrinterProbes();
    queue.on('status', (status) => probes.forget(status.printerId));
    // The status bar's printers are the Branch screen's printer cards, worked out once (branch.printerStates).
    const printing = new TillPrinting({ db, events, queue, till, states: () => branch.printerStates() });
    // The Branch screen's printer views follow a binding change at once.
    const branch = new BranchSetup({
      db,
      now,
      ...(printerPolicy ? { policy: printerPolicy } : {}),
      statuses: () => queue.statuses(),
      probeMemory: probes,
      onPrinterStates: () => printing.emitPrinters(),
      // The sample receipt is numbered as the screen that asks would number its next sale.
      stationCode: () => stations.codeHere(),
      onChange: () => {
        queue.notify();
        printing.emitPrinters();
      },
    });
    const stations = new BranchStations(db, now);
    till.stations.onCartChanged((key) => displays.cartChanged(key));
    stations.onDisplayChanged((display) => displays.displayChanged(display));
    const authorizer = new Authorizer({ db, now });
    // In this process (no connection): asked as the local client; a transport answers for its own connection instead.
    const approvals: Pick<TillApi, 'approvalCheck'> = {
      approvalCheck: async (input) => {
        const asked = parseInput('approvalCheck', input);
        const api = { cart: () => till.selling.cart(), paymentMethods: () => till.selling.paymentMethods(), tab: (i: { tab_id: string }) => till.tabs.tab(i) };
        return authorizer.check(api, asked.method, asked.input, LOCAL_CLIENT, LOCAL_CLIENT.id);
      },
    };
    // Coupons and loyalty rewards (issue 35): checked with the service, then put on the calling station's cart or a tab.
    const promotions = new PromotionService({ db, secrets: options.secrets, selling: till.selling, tabs: till.tabs, now });
    super({
      ...methodsOf(approvals, APPROVAL_METHODS),
      ...methodsOf(promotions, PROMOTION_METHODS),
      ...methodsOf(till.selling, SELLING_METHODS),
      ...methodsOf(till.shifts, SHIFT_METHODS),
      ...methodsOf(service, SESSION_METHODS),
      ...methodsOf(printing, PRINTING_METHODS),
      ...methodsOf(branch, BRANCH_API_METHODS),
      ...methodsOf(stations, STATION_API_METHODS),
      ...methodsOf(zatcaTab, ZATCA_API_METHODS),
      ...methodsOf(till.tabs, FLOOR_API_METHODS),
      ...methodsOf(kitchen, KITCHEN_API_METHODS),
      ...methodsOf(kitchen, KITCHEN_SETUP_METHODS),
      ...methodsOf(displays, CUSTOMER_DISPLAY_METHODS),
    });
    this.branchStations = stations;
    this.kitchen = kitchen;
    this.displays = displays;
    this.clock = clock ?? systemClock;
    this.till = till;
    this.service = service;
    this.queue = queue;
    this.zatca = zatca;
    this.zatcaTab = zatcaTab;
    // A report moved a document (reported, rejected): the status bars hear it now, not at the next minute.
    zatca.subscribe(() => zatcaTab.notify());
    this.authorizer = authorizer;
    // Issue 11: on a till with cashiers, a manager signed in or a manager's PIN approves what costs money.
    // Issue 34 item 6: a kitchen display marks what ran out (the call runs at its connection's station); asked before the PIN policy.
    this.authorizer.use(kitchenDisplaySoldOutPolicy(() => stationByCode(db, currentStationKey())?.kind === 'kitchen_display'));
    this.authorizer.use(managerPinPolicy(db, () => till.staff.current(), now));
  }

  /** Who is at the till. */
  get staff() {
    return this.till.staff;
  }

  /** Starts the uploads (when paired), ZATCA reporting (when onboarded), the print queue (each picks up work left from before a restart) and the watch for stations removed by another process. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.service.start();
    this.queue.start();
    this.zatca.start();
    this.zatcaTab.start();
    // A station removed by another process on the file (`pos stations remove` beside `pos serve`) closes its sockets here too.
    this.branchStations.watch(this.clock);
  }

  async stop(): Promise<void> {
    this.started = false;
    this.zatcaTab.stop();
    this.branchStations.stop();
    this.kitchen.presence.stop();
    this.displays.stop();
    await Promise.all([this.service.stop(), this.queue.stop(), this.zatca.stop()]);
  }
}
