import { parseInput, PRINTING_METHODS, type PrinterHealth, type PrinterStateView, type TillApi } from '../../src-shared/api/index.ts';
import { type BranchPrinterState, type BranchPrinterView } from '../../src-shared/branch/index.ts';
import { type TillInputs } from '../../src-shared/selling/index.ts';
import { TillError } from '../../src-shared/errors/index.ts';
import type { DayReport, ShiftReport } from '../../src-shared/shifts/index.ts';
import { currencyDecimals } from '../catalog/index.ts';
import type { TillDatabase } from '../db/index.ts';
import {
  composeShiftReport,
  drawerPrinter,
  DRAWER_GIVE_UP_MS,
  DRAWER_KICK,
  receiptPrinter,
  renderReceiptPreview,
  type PrintQueue,
  type ReceiptDocument,
  type TillPrinter,
} from '../printing/index.ts';
import type { TillService } from './till-service.ts';

/** How long the till keeps trying to open the drawer before it gives up. */
export { DRAWER_GIVE_UP_MS };
import type { EventHub } from './event-hub.ts';

/** The printing part of the till API: printer states, receipt previews, reprints, reports and the drawer. */
export type PrintingMethods = Pick<TillApi, (typeof PRINTING_METHODS)[number]>;

export interface TillPrintingOptions {
  db: TillDatabase;
  events: EventHub;
  queue: PrintQueue;
  /** The local till: orders are looked up, reports read, the cashier checked and the calling station found through it. */
  till: Pick<TillService, 'order' | 'shiftReport' | 'dayReport' | 'staff' | 'station'>;
  /** Every printer as the Branch screen's cards show it now (BranchSetup.printerStates): the status bar says the same. */
  states: () => BranchPrinterView[];
}

/** A printer's state in the status bar's three colours (and not set up). */
const HEALTH: Record<BranchPrinterState, PrinterHealth> = {
  ready: 'ok',
  printing: 'ok',
  offline: 'retrying',
  'out-of-paper': 'retrying',
  failed: 'failed',
  unbound: 'unbound',
};

/** What the cashier prints beside a sale's own tickets, and the printers' state as events. */
export class TillPrinting implements PrintingMethods {
  constructor(private readonly options: TillPrintingOptions) {
    options.queue.on('status', () => this.emitPrinters());
  }

  /** The printers as the status bar shows them now, pushed to every screen. */
  emitPrinters(): void {
    this.options.events.emit({ type: 'printers', printers: this.views() });
  }

  async printers(): Promise<PrinterStateView[]> {
    return this.views();
  }

  private views(): PrinterStateView[] {
    return this.options.states().map((printer) => ({
      id: printer.id,
      name: printer.name,
      address: printer.address,
      state: printer.state,
      health: HEALTH[printer.state],
      pending_jobs: printer.pending_jobs,
      last_error: printer.last_error,
    }));
  }

  async receiptPreview(input: TillInputs['receiptPreview']): Promise<string> {
    const { uuid, printer_id } = parseInput('receiptPreview', input);
    await this.options.till.order({ uuid });
    const png = await renderReceiptPreview(this.options.db, uuid, printer_id ?? 80, { renderer: this.options.queue.renderer });
    return `data:image/png;base64,${png.toString('base64')}`;
  }

  /**
   * The X, Z or day report as a print job on the receipt printer: durable
   * and retried by the queue like a receipt. Resolves once it printed, or
   * once the printer could not be reached yet (it prints when it can);
   * fails when the job cannot print at all.
   */
  async printReport(input: TillInputs['printReport']): Promise<void> {
    const { shift_id, business_day, printer_id } = parseInput('printReport', input);
    const { till } = this.options;
    const report: ShiftReport | DayReport = business_day ? await till.dayReport({ business_day }) : await till.shiftReport(shift_id ? { shift_id } : {});
    const station = till.station().code;
    const outcome = await this.printThroughQueue(
      composeShiftReport(report, currencyDecimals(this.options.db)),
      () => receiptPrinter(this.options.db, printer_id, station),
      'the report did not print',
    );
    if (outcome === 'failed') throw new TillError('service_error', 'the report did not print');
  }

  /**
   * The drawer kick, a job like any other, but given up after DRAWER_GIVE_UP_MS: a drawer must not open long after it was asked.
   * It opens the calling station's drawer (its drawer printer, else its receipt printer), never another counter's.
   */
  async openDrawer(input: TillInputs['openDrawer']): Promise<void> {
    parseInput('openDrawer', input);
    this.options.till.staff.require();
    const station = this.options.till.station().code;
    const outcome = await this.printThroughQueue(DRAWER_KICK, () => drawerPrinter(this.options.db, station), 'the drawer did not open', DRAWER_GIVE_UP_MS);
    if (outcome === 'retrying')
      throw new TillError(
        'service_error',
        `the drawer did not open yet: the receipt printer cannot be reached; the till keeps trying for ${DRAWER_GIVE_UP_MS / 1000} s`,
      );
  }

  private async printThroughQueue(
    doc: ReceiptDocument,
    printer: () => TillPrinter,
    failure: string,
    giveUpAfterMs?: number,
  ): Promise<'done' | 'retrying' | 'failed' | 'queued'> {
    const { queue } = this.options;
    let id: number;
    try {
      id = queue.enqueueDocument(printer().id, doc, giveUpAfterMs);
    } catch (error) {
      throw new TillError('service_error', `${failure}: ${(error as Error).message}`);
    }
    if (!queue.isRunning()) return 'queued';
    const outcome = await queue.whenSettled(id);
    if (outcome.state === 'failed') throw new TillError('service_error', `${failure}: ${outcome.error ?? 'the printer refused it'}`);
    return outcome.state;
  }

  async reprint(input: TillInputs['reprint']): Promise<void> {
    const { uuid, kind } = parseInput('reprint', input);
    await this.options.till.order({ uuid });
    this.options.queue.reprint(uuid, kind);
    this.options.queue.notify();
  }
}
