import type { OrderRecord } from '../../src-shared/selling/index.ts';
import type { Clock } from '../clock/index.ts';
import type { TillDatabase } from '../db/index.ts';
import type { KitchenService } from '../kitchen/index.ts';
import { enqueueKitchenRound, enqueuePrintJobsAtCheckout, type PrintQueue } from '../printing/index.ts';
import { checkoutStamp, egsStampOptions, StandardInvoices, type ZatcaReporter, type ZatcaSetup } from '../zatca/index.ts';
import type { CustomerDisplays } from './customer-displays.ts';
import type { EventHub } from './event-hub.ts';
import type { SecretStore } from '../secrets/index.ts';
import type { ServiceSession } from './service-session.ts';
import type { TillOptions } from './till-service.ts';

/** The parts of the host a sale sets in motion. */
export interface SaleParts {
  db: TillDatabase;
  now: () => number;
  clock?: Clock | undefined;
  secrets: SecretStore;
  events: EventHub;
  /** The uploads (and the shift records) to the service. */
  service: ServiceSession;
  queue: PrintQueue;
  kitchen: KitchenService;
  /** Signed documents to ZATCA's reporting API. */
  zatca: ZatcaReporter;
  /** The ZATCA tab and the status bar's ZATCA part. */
  zatcaTab: ZatcaSetup;
  displays: CustomerDisplays;
}

/** A wake-up after a sale committed: never awaited, a sale does not wait for the network or the printer. */
export interface AfterCommit {
  who: string;
  wake: (parts: SaleParts, order: OrderRecord) => void;
}

/**
 * What a sale sets in motion, in order. Inside the checkout transaction
 * (a throw rolls the whole sale back, so a cashier is never told a sale
 * succeeded whose receipt, ticket or stamp was not written):
 * 1. the ZATCA stamp: phase 2 once the EGS unit is onboarded, phase 1 until then;
 * 2. standard (B2B) tax invoices: cleared by ZATCA before they print, so only online;
 * 3. the print jobs (receipt, kitchen paper) and the kitchen displays' tickets, beside the order.
 * After the commit, the six wake-ups of AFTER_SALE.
 */
export const AFTER_SALE: readonly AfterCommit[] = [
  { who: 'the order uploader', wake: (p) => p.service.notifyOrder() },
  { who: 'the print queue', wake: (p) => p.queue.notify() },
  { who: 'the kitchen displays', wake: (p) => p.kitchen.committed() },
  { who: "ZATCA's reporting", wake: (p) => p.zatca.notify() },
  { who: "the status bar's ZATCA part", wake: (p) => p.zatcaTab.notify() },
  // The counter's customer display: change due, thank-you and the receipt's QR.
  { who: 'the customer display', wake: (p, order) => p.displays.orderCommitted(order) },
];

/** The till's hooks for a sale, a tab's round and a closed shift, from the table above. */
export function saleEffects(parts: SaleParts): Omit<TillOptions, 'db' | 'now' | 'newUuid' | 'syncStatus'> {
  const { db, now, clock, secrets, events, service, queue, kitchen } = parts;
  const printAtCheckout = enqueuePrintJobsAtCheckout(db, { now });
  const printRound = enqueueKitchenRound(db, { now });
  // One signer (key and certificate read once) for the counter's stamp and the standard invoices.
  const stamping = egsStampOptions(db, secrets);
  return {
    // Inside the checkout transaction, in this order.
    stampAtCheckout: checkoutStamp({
      ...stamping,
      onSkipped: (why, order) => process.emitWarning(`order ${order.number} carries the phase-1 QR only: ${why}`),
    }),
    standardInvoices: new StandardInvoices({ ...stamping, secrets, ...(clock ? { clock } : {}) }),
    alsoWriteAtCheckout: (order, what) => {
      printAtCheckout(order, what);
      kitchen.atCheckout(order, what);
    },
    // After the commit.
    onOrderCommitted: (order) => {
      for (const { wake } of AFTER_SALE) wake(parts, order);
    },
    // A round sent to the kitchen: its tickets are print jobs in the same transaction; after the commit the queue wakes and every screen hears of the tab.
    kitchenRoundAtSend: (round) => {
      printRound(round.ticket);
      kitchen.atRound(round);
    },
    onTabChanged: (change) => {
      queue.notify();
      kitchen.committed();
      events.emit({ type: 'tab', ...change });
    },
    onShiftClosed: () => service.notifyRecord(),
    // A customer added at the counter goes before the orders that name it.
    onCustomerAdded: () => service.notifyRecord(),
    // Sold out marked or back (issue 34 item 6): every screen, kitchen displays too, hears the list after the write.
    onSoldOutChanged: (items) => events.emit({ type: 'sold-out', items }),
  };
}
