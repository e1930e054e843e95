import type { CustomerDisplayBranch, CustomerDisplayState, CustomerDisplayView, Station } from '../../src-shared/stations/index.ts';
import type { CartView, OrderRecord } from '../../src-shared/selling/index.ts';
import type { CustomerDisplayApi } from '../../src-shared/stations/index.ts';
import { TillError } from '../../src-shared/errors/index.ts';
import { readReceiptSettings } from '../branch/index.ts';
import { currencyDecimals } from '../catalog/index.ts';
import type { Clock } from '../clock/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { readOrder } from '../orders/index.ts';
import { readBranchLogo } from '../printing/index.ts';
import { settingOrDefault } from '../settings/index.ts';
import { displaysOfCounter, stationByCode } from '../stations/index.ts';
import { currentStationKey } from '../stations/index.ts';
import { readBranchProfile } from '../catalog/index.ts';
import type { EventHub } from './event-hub.ts';

export interface CustomerDisplaysOptions {
  db: TillDatabase;
  clock: Clock;
  events: EventHub;
  /** The cart of a counter as its own screen sees it (priced, names in both languages). */
  cartOf: (counter: string) => Promise<CartView>;
}

/**
 * The customer displays of the branch (issue 21, part 5). Each faces one
 * counter: after every commit that changes that counter's cart it is pushed
 * the cart; after a sale there, the change due, a thank-you and the
 * receipt's QR, for `customer_display.thank_you_seconds` on the host's clock
 * or until the next sale starts; then the branch's name and logo. Only the
 * display's own screens hear its view (BranchStations.hears).
 */
export class CustomerDisplays implements CustomerDisplayApi {
  /** The sale just paid at each counter (by code) and the timer that ends its thank-you. */
  private readonly paid = new Map<string, { uuid: string; cancel: () => void }>();
  /** Counters whose displays get a push once the running transaction committed (one per counter, however many changes). */
  private readonly due = new Set<string>();
  /** Each counter's pushes in order: a slow cart read never lets an older view overtake a newer one. */
  private readonly chains = new Map<string, Promise<void>>();

  constructor(private readonly options: CustomerDisplaysOptions) {}

  /** A station's cart was replaced or emptied (possibly inside its transaction): its displays hear it after the commit. */
  cartChanged(key: string): void {
    this.pushSoon(key);
  }

  /** An order committed: a sale at a counter shows its change due and QR there until the thank-you ends. */
  orderCommitted(order: OrderRecord): void {
    if (order.kind !== 'SALE' || !order.station) return;
    const counter = order.station;
    this.paid.get(counter)?.cancel();
    const seconds = settingOrDefault(this.options.db, 'customer_display.thank_you_seconds');
    const cancel = this.options.clock.after(seconds * 1000, () => {
      if (this.paid.get(counter)?.uuid !== order.uuid) return;
      this.paid.delete(counter);
      this.pushSoon(counter);
    });
    this.paid.set(counter, { uuid: order.uuid, cancel });
    this.pushSoon(counter);
  }

  /** A display was given another counter (or none): it shows that one's state at once. */
  displayChanged(display: Station): void {
    const done = this.viewOf(display).then((view) => this.options.events.emit({ type: 'customer-display', view }));
    done.catch((error: unknown) => process.emitWarning(`customer display ${display.code} was not updated: ${(error as Error).message}`));
  }

  async customerDisplay(): Promise<CustomerDisplayView> {
    const display = stationByCode(this.options.db, currentStationKey());
    if (display?.kind !== 'customer_display')
      throw new TillError('not_allowed', 'only a customer display station shows this; pair this screen as one on the Branch screen’s Stations tab', {
        code: 'customerDisplay.notADisplay',
      });
    return this.viewOf(display);
  }

  stop(): void {
    for (const { cancel } of this.paid.values()) cancel();
    this.paid.clear();
  }

  private pushSoon(counter: string): void {
    if (this.due.has(counter)) return;
    this.due.add(counter);
    // A microtask runs after the synchronous transaction that changed the cart has committed (or rolled back).
    queueMicrotask(() => {
      this.due.delete(counter);
      const previous = this.chains.get(counter) ?? Promise.resolve();
      const next = previous.then(() => this.push(counter));
      this.chains.set(counter, next);
      void next.finally(() => {
        if (this.chains.get(counter) === next) this.chains.delete(counter);
      });
    });
  }

  private async push(counter: string): Promise<void> {
    try {
      if (!this.options.db.open) return;
      const displays = displaysOfCounter(this.options.db, counter);
      if (displays.length === 0) return;
      const state = await this.stateOf(counter);
      for (const display of displays) this.options.events.emit({ type: 'customer-display', view: this.dress(display, state) });
    } catch (error) {
      // A display that missed one push gets the next; the sale never waits for it.
      process.emitWarning(`the customer displays of counter ${counter} were not updated: ${(error as Error).message}`);
    }
  }

  private async viewOf(display: Station): Promise<CustomerDisplayView> {
    const counter = display.shows_cart_of;
    return this.dress(display, counter === null || stationByCode(this.options.db, counter) === null ? { state: 'idle' } : await this.stateOf(counter));
  }

  /** What a counter's customers see: its cart while it has lines, else the sale just paid, else idle. */
  private async stateOf(counter: string): Promise<CustomerDisplayState> {
    let cart: CartView | null = null;
    try {
      cart = await this.options.cartOf(counter);
    } catch {
      // No catalog or branch yet: nothing can be rung up, the display is idle.
    }
    if (cart && cart.lines.length > 0) {
      // The next sale started: the thank-you ends now.
      this.paid.get(counter)?.cancel();
      this.paid.delete(counter);
      return {
        state: 'cart',
        lines: cart.lines.map((line) => ({
          name_en: line.name_en,
          name_ar: line.name_ar,
          quantity: line.quantity,
          modifiers: line.modifiers.map((m) => ({ name_en: m.name_en, name_ar: m.name_ar })),
          total: line.total,
        })),
        subtotal: cart.subtotal,
        discount_total: cart.discount_total,
        tax: cart.tax,
        total: cart.total,
        prices_include_tax: cart.prices_include_tax,
      };
    }
    const paid = this.paid.get(counter);
    // Read again from the store: the QR the receipt prints is the order's stored one (phase 1, or phase 2's signed).
    const order = paid ? readOrder(this.options.db, paid.uuid) : null;
    if (!order) return { state: 'idle' };
    return { state: 'paid', order_number: order.number, total: order.total, tendered: order.tendered, change_due: order.change_due, qr: order.zatca_qr };
  }

  private dress(display: Station, state: CustomerDisplayState): CustomerDisplayView {
    const counter = display.shows_cart_of === null ? null : stationByCode(this.options.db, display.shows_cart_of);
    return {
      ...state,
      station: { code: display.code, name: display.name },
      counter: counter ? { code: counter.code, name: counter.name } : null,
      branch: this.branch(state.state === 'idle'),
      currency_decimals: currencyDecimals(this.options.db),
    };
  }

  /** The receipt's seller names, else the branch's; the logo only for the idle screen (it is large and only shown there). */
  private branch(withLogo: boolean): CustomerDisplayBranch {
    const { db } = this.options;
    const receipt = readReceiptSettings(db);
    let profile: ReturnType<typeof readBranchProfile> = null;
    try {
      profile = readBranchProfile(db);
    } catch {
      // A broken setting: the receipt's own names (or none) still show.
    }
    const name_en = receipt.seller_name_en || profile?.nameEn || receipt.seller_name_ar || '';
    const name_ar = receipt.seller_name_ar || profile?.nameAr || name_en;
    let logo_png: string | null = null;
    if (withLogo) {
      try {
        const bytes = readBranchLogo(db);
        logo_png = bytes ? Buffer.from(bytes).toString('base64') : null;
      } catch {
        // A logo file that went missing: the name alone.
      }
    }
    return { name_en, name_ar, logo_png };
  }
}
