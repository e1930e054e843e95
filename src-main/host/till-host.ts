import type { BranchInputs, TillApi, TillInputs } from '../../src-shared/till/index.ts';
import { BranchSetup } from '../branch/index.ts';
import { enqueuePrintJobsAtCheckout, PrintQueue, type PrinterAddressPolicy } from '../printing/index.ts';
import { managerPinPolicy } from '../staff/index.ts';
import { TillService } from '../till/index.ts';
import { Authorizer } from './authorization/index.ts';
import { ServiceSession, type ServiceSessionOptions } from './service-session.ts';
import { TillPrinting } from './till-printing.ts';

/** The session's options (the clock also drives the print queue), and printing's. */
export interface TillHostOptions extends ServiceSessionOptions {
  printQueue?: PrintQueue;
  /** Which printer addresses this till may print to, beside the setting printing.allowed_ports. */
  printerPolicy?: PrinterAddressPolicy;
}

/**
 * The whole till API, composed of its services: selling and shifts from the
 * local database (TillService), the session with the service (pairing,
 * catalog pull, uploads), printing, and the Branch screen's setup. Electron
 * and `pos serve` both build one of these and expose only TILL_API_METHODS.
 */
export class TillHost implements TillApi {
  private readonly till: TillService;
  private readonly service: ServiceSession;
  private readonly printing: TillPrinting;
  private readonly branch: BranchSetup;
  private readonly queue: PrintQueue;
  private started = false;
  /** The authorization hook every transport consults before a privileged call (policies plug in with `authorizer.use`). */
  readonly authorizer: Authorizer;

  constructor(options: TillHostOptions) {
    const { db, events, clock, printerPolicy } = options;
    const now = clock ? () => clock.now() : Date.now;
    this.queue = options.printQueue ?? new PrintQueue({ db, ...(clock ? { clock } : {}), ...(printerPolicy ? { addressPolicy: printerPolicy } : {}) });
    this.service = new ServiceSession(options);
    this.till = new TillService({
      db,
      now,
      alsoWriteAtCheckout: enqueuePrintJobsAtCheckout(db, { now }),
      onOrderCommitted: () => {
        // After the commit, never awaited: a sale does not wait for the network or the printer.
        this.service.notifyOrder();
        this.queue.notify();
      },
      syncStatus: () => this.service.syncStatus(),
      onShiftClosed: () => this.service.notifyRecord(),
    });
    this.printing = new TillPrinting({ db, events, queue: this.queue, till: this.till });
    // The Branch screen's printer views follow a binding change at once.
    this.branch = new BranchSetup({
      db,
      now,
      ...(printerPolicy ? { policy: printerPolicy } : {}),
      statuses: () => this.queue.statuses(),
      onChange: () => {
        this.queue.notify();
        this.printing.emitPrinters();
      },
    });
    this.authorizer = new Authorizer({ db, now });
    // Issue 11: on a till with cashiers, a manager signed in or a manager's PIN approves what costs money.
    this.authorizer.use(managerPinPolicy(db, () => this.till.staff.current(), now));
  }

  /** Who is at the till. */
  get staff() {
    return this.till.staff;
  }

  /** Closed shifts (attendance) and late settlements, to the service exactly once. */
  get records() {
    return this.service.records;
  }

  /** Starts the uploads (when paired) and the print queue; both pick up work left from before a restart. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.service.start();
    this.queue.start();
  }

  async stop(): Promise<void> {
    this.started = false;
    await Promise.all([this.service.stop(), this.queue.stop()]);
  }

  // Selling and shifts: the local till (TillService).
  categories = () => this.till.categories();
  products = (input: TillInputs['products']) => this.till.products(input);
  search = (input: TillInputs['search']) => this.till.search(input);
  product = (input: TillInputs['product']) => this.till.product(input);
  paymentMethods = () => this.till.paymentMethods();
  customers = (input: TillInputs['customers']) => this.till.customers(input);
  cart = () => this.till.cart();
  addItem = (input: TillInputs['addItem']) => this.till.addItem(input);
  scan = (input: TillInputs['scan']) => this.till.scan(input);
  updateItem = (input: TillInputs['updateItem']) => this.till.updateItem(input);
  removeItem = (input: TillInputs['removeItem']) => this.till.removeItem(input);
  setOrderType = (input: TillInputs['setOrderType']) => this.till.setOrderType(input);
  setCustomer = (input: TillInputs['setCustomer']) => this.till.setCustomer(input);
  setPriceList = (input: TillInputs['setPriceList']) => this.till.setPriceList(input);
  setOrderDiscount = (input: TillInputs['setOrderDiscount']) => this.till.setOrderDiscount(input);
  voidCart = (input?: TillInputs['voidCart']) => this.till.voidCart(input);
  parkCart = (input: TillInputs['parkCart']) => this.till.parkCart(input);
  parkedCarts = () => this.till.parkedCarts();
  resumeCart = (input: TillInputs['resumeCart']) => this.till.resumeCart(input);
  checkout = (input: TillInputs['checkout']) => this.till.checkout(input);
  orders = (input: TillInputs['orders']) => this.till.orders(input);
  order = (input: TillInputs['order']) => this.till.order(input);
  refund = (input: TillInputs['refund']) => this.till.refund(input);
  settleOrder = (input: TillInputs['settleOrder']) => this.till.settleOrder(input);
  syncStatus = () => this.till.syncStatus();
  staffState = () => this.till.staffState();
  cashiers = () => this.till.cashiers();
  addCashier = (input: TillInputs['addCashier']) => this.till.addCashier(input);
  updateCashier = (input: TillInputs['updateCashier']) => this.till.updateCashier(input);
  unlock = (input: TillInputs['unlock']) => this.till.unlock(input);
  lock = () => this.till.lock();
  openShift = (input: TillInputs['openShift']) => this.till.openShift(input);
  cashMovement = (input: TillInputs['cashMovement']) => this.till.cashMovement(input);
  shiftReport = (input: TillInputs['shiftReport']) => this.till.shiftReport(input);
  closeShift = (input: TillInputs['closeShift']) => this.till.closeShift(input);
  dayReport = (input: TillInputs['dayReport']) => this.till.dayReport(input);

  // The session with the service (ServiceSession).
  session = () => this.service.session();
  signIn = (input: TillInputs['signIn']) => this.service.signIn(input);
  syncNow = () => this.service.syncNow();

  // Printing (TillPrinting).
  printers = () => this.printing.printers();
  receiptPreview = (input: TillInputs['receiptPreview']) => this.printing.receiptPreview(input);
  reprint = (input: TillInputs['reprint']) => this.printing.reprint(input);
  printReport = (input: TillInputs['printReport']) => this.printing.printReport(input);
  openDrawer = (input: TillInputs['openDrawer']) => this.printing.openDrawer(input);

  // The Branch screen (BranchSetup).
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
