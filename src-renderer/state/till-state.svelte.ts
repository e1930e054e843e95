import type {
  CartView,
  CategoryView,
  CustomerView,
  OrderView,
  PaymentMethodView,
  ProductCard,
  SessionView,
  SoldOutView,
  SyncStatus,
} from '../../src-shared/selling/index.ts';
import type { PrinterStateView, PullProgressView, TillApi, TillEvent } from '../../src-shared/api/index.ts';
import type { ZatcaOnboardingProgress, ZatcaStatusView } from '../../src-shared/zatca/index.ts';
import { TillError } from '../../src-shared/errors/index.ts';
import type { MessageKey, MessageParams } from '../../src-shared/i18n/index.ts';
import type { CashierView, StaffState } from '../../src-shared/shifts/index.ts';
import type { Station } from '../../src-shared/stations/index.ts';
import { describeError, type ErrorText } from './describe-error.ts';
import { setMoneyDecimals } from './format.ts';
import { PRODUCT_PAGE_SIZE } from './product-source.svelte.ts';
import { fingerDown, NOTICE_WAITS_AT_MOST_MS, TOUCH_SETTLE_MS, untilTouchSettled, watchScreenTouches } from './screen-touch.ts';

/** `kitchen`: this screen is a kitchen display station's (issue 21): its board, no sign-in, no selling. */
/** `customer`: a customer display station's (issue 21): its counter's cart for the customer, no sign-in, nothing else. */
export type Screen = 'connecting' | 'connect-failed' | 'signin' | 'till' | 'kitchen' | 'customer';
export type TillView = 'sell' | 'floor' | 'orders' | 'parked' | 'shift' | 'branch';

export interface Notice {
  id: number;
  tone: 'error' | 'info';
  text: ErrorText;
}

/** The connection the transport hands over (src-renderer/transport); only what the state needs of it. */
export interface TillLink {
  api: TillApi;
  onEvent(listener: (event: TillEvent) => void): () => void;
  onClose(listener: () => void): void;
  close(): void;
}

/** What a product page depends on besides its offset: the catalog, the category, and the cart's pricing. */
function firstPageKey(catalogVersion: number, categoryId: number, cart: CartView | null): string {
  return `${catalogVersion}|${categoryId}|${cart?.price_list ?? ''}|${cart?.order_type ?? ''}`;
}

const RECONNECT_DELAY_MS = 1_000;
const MAX_RECONNECT_DELAY_MS = 5_000;
/** How long a notice of something that went well stays (an error stays until it is closed). */
export const INFO_NOTICE_MS = 2_000;

/**
 * Everything the till screens share: what the host last told us (session,
 * sync, printers, pull progress), the catalog's small lists, the cart, and
 * the notices on screen. Values from the host are replaced whole, never
 * mutated, so they are kept as raw state (no deep proxies).
 */
export class TillState {
  screen = $state<Screen>('connecting');
  #view = $state<TillView>('sell');
  /**
   * Asked before the view changes: a screen with unsaved changes (the
   * Branch screen's drafts) answers false, keeps the view and asks the
   * person itself; it sets the view again once they chose to leave.
   */
  leaveGuard: ((next: TillView) => boolean) | null = null;
  get view(): TillView {
    return this.#view;
  }
  set view(next: TillView) {
    if (next !== this.#view && this.leaveGuard && !this.leaveGuard(next)) return;
    this.#view = next;
  }
  session = $state.raw<SessionView | null>(null);
  sync = $state.raw<SyncStatus | null>(null);
  printers = $state.raw<PrinterStateView[]>([]);
  pull = $state.raw<PullProgressView | null>(null);
  pulling = $state(false);
  /** ZATCA reporting and the CSID's expiry (pushed by the host); onboarding's steps while it runs. */
  zatca = $state.raw<ZatcaStatusView | null>(null);
  zatcaOnboarding = $state.raw<ZatcaOnboardingProgress | null>(null);
  categories = $state.raw<CategoryView[]>([]);
  paymentMethods = $state.raw<PaymentMethodView[]>([]);
  cart = $state.raw<CartView | null>(null);
  /** The order just paid (or opened from history) whose receipt is on screen. */
  receipt = $state.raw<OrderView | null>(null);
  /** Bumped when the host swaps in a new catalog, so cached product pages are dropped. */
  catalogVersion = $state(0);
  /** What is sold out today, as the last `sold-out` event said (the kitchen display lists it). */
  soldOut = $state.raw<SoldOutView[]>([]);
  notices = $state<Notice[]>([]);
  /** The station this screen is (the status bar shows it); null until asked. */
  station = $state.raw<Station | null>(null);
  /** Who is at the till and the open shift; null until asked. */
  staff = $state.raw<StaffState | null>(null);
  /** Bumped when an item was refused for want of a shift, so the cart's "Open a shift" button takes the focus. */
  shiftNudge = $state(0);
  /** This station lost the hub while selling: the cart stays on screen, payment is refused until it is back. */
  hubLost = $state(false);
  /** Bumped when any screen changed a tab (the host's `tab` event): the floor and an open tab load again. */
  tabsChanged = $state(0);
  /** The tab the floor screen has open (kept while the cashier visits another screen); null: the floor itself. */
  floorTab = $state<string | null>(null);
  /** Connections made to the hub so far: a screen that shows what the hub holds (a kitchen board) reads it again when this grows. */
  linkCount = $state(0);

  /** Customers already seen, by id: a cart or an order names its customer by id alone. */
  // A lookup for names, never rendered from directly: no reactivity needed.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  private readonly knownCustomers = new Map<string, CustomerView>();
  private link: TillLink | null = null;
  private stopEvents: (() => void) | null = null;
  private cartSeq = 0;
  private appliedCartSeq = 0;
  private noticeSeq = 0;
  /** The timer that takes each info notice away, by notice id (restarted when the notice is said again). */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- timers, not state any screen draws
  private readonly noticeTimers = new Map<number, ReturnType<typeof setTimeout>>();
  /** Screens' own listeners for the host's events (a kitchen board hears `kitchen`); kept across reconnections. */
  // Never rendered: no reactivity needed.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  private readonly listeners = new Set<(event: TillEvent) => void>();
  /** The PIN screen's names, asked for with the staff answer (takeEarlyCashiers). */
  private earlyCashiers: Promise<CashierView[] | undefined> | null = null;
  /** The sell screen's first product page, asked for with the catalog's lists (takeFirstPage). */
  private firstPage: { key: string; page: Promise<{ items: ProductCard[]; total: number }> } | null = null;

  constructor(private readonly connect: () => Promise<TillLink>) {
    watchScreenTouches();
  }

  get api(): TillApi {
    if (!this.link) throw new TillError('hub_unreachable', 'not sent: this screen is not connected to the hub', { code: 'hub.notSent' });
    return this.link.api;
  }

  async start(): Promise<void> {
    this.screen = 'connecting';
    try {
      await this.attach(await this.connect());
      // Asked together; a customer display may not read the session (it is refused), so its answer is awaited only for the others.
      const session = this.api.session();
      session.catch(() => {});
      // Which station this screen is decides what it shows: a kitchen display shows its board, a customer display its counter's cart, and nothing of selling.
      this.station = await this.api.thisStation();
      if (this.station.kind === 'customer_display') {
        this.screen = 'customer';
        return;
      }
      this.session = await session;
      setMoneyDecimals(this.session.currency_decimals);
    } catch (error) {
      this.notify('error', describeError(error));
      this.screen = 'connect-failed';
      return;
    }
    if (this.station.kind === 'kitchen_display') {
      this.screen = 'kitchen';
      return;
    }
    // A till with a catalog asks for its status after the staff answer and the catalog's lists (enterTill): calls run one
    // at a time on the host, and four status calls ahead of the staff answer kept the PIN screen waiting (issue 34 item 8).
    if (this.session.paired && this.session.products > 0) await this.enterTill();
    else {
      void this.refreshStatus();
      this.screen = 'signin';
    }
  }

  /** Takes a new connection: its events, and what to do when it goes. */
  private async attach(link: TillLink): Promise<void> {
    this.link = link;
    this.linkCount++;
    this.stopEvents = link.onEvent((event) => this.onEvent(event));
    link.onClose(() => {
      if (this.link !== link) return; // closed on purpose
      this.link = null;
      this.stopEvents?.();
      if (this.screen === 'till' || this.screen === 'kitchen' || this.screen === 'customer') {
        // A station that loses the hub keeps its screen and its cart, and takes no payment until the hub is back;
        // a kitchen display keeps its tickets on screen while the hub prints new ones on the kitchen printer;
        // a customer display keeps its last view (and the customer reads no error).
        this.hubLost = true;
        // (The kitchen board says so in its own banner, kept in view over the tickets.)
        if (this.screen === 'till') this.notify('error', { key: 'hub.lost' });
        this.reconnectLater(RECONNECT_DELAY_MS);
      } else {
        this.notify('error', describeError(new Error('connection lost')));
        setTimeout(() => void this.start(), RECONNECT_DELAY_MS);
      }
    });
  }

  /** Tries the hub again in the background, less often the longer it is away; the screen stays as it is meanwhile. */
  private reconnectLater(delayMs: number): void {
    setTimeout(() => void this.reconnect(delayMs), delayMs);
  }

  private async reconnect(delayMs: number): Promise<void> {
    try {
      await this.attach(await this.connect());
    } catch {
      this.reconnectLater(Math.min(delayMs * 2, MAX_RECONNECT_DELAY_MS));
      return;
    }
    // The hub kept this station's cart and sign-in: show what it holds now (an empty cart if a payment went through).
    this.hubLost = false;
    this.dismissErrors();
    // A customer display reads its view again (linkCount grew), and says nothing.
    if (this.screen === 'customer') return;
    if (this.screen === 'kitchen') {
      // The board reads itself again (linkCount grew); a display has no catalog or cart to reload.
      this.inform('kitchen.hubBack');
      return;
    }
    this.inform('hub.back');
    await this.reloadCatalog(); // (it says what went wrong itself, and never rejects)
    void this.refreshStatus();
  }

  stop(): void {
    this.stopEvents?.();
    this.link?.close();
    this.link = null;
  }

  /** Hears every event the host pushes from now on (across reconnections); returns the function that stops it. */
  listen(listener: (event: TillEvent) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  private onEvent(event: TillEvent): void {
    for (const listener of this.listeners) listener(event);
    switch (event.type) {
      case 'sync':
        this.sync = event.status;
        break;
      case 'printers':
        this.printers = event.printers;
        break;
      case 'pull':
        this.pull = event.progress;
        break;
      case 'catalog-changed':
        void this.reloadCatalog();
        break;
      case 'zatca':
        this.zatca = event.status;
        break;
      case 'zatca-onboarding':
        this.zatcaOnboarding = event.progress;
        break;
      case 'tab':
        this.tabsChanged++;
        break;
      // Sold out marked or back at any station (issue 34 item 6): the tiles and the picker read their products again.
      case 'sold-out':
        this.soldOut = event.items;
        this.catalogVersion++;
        break;
    }
  }

  /** Asks for the upload and printer state; events keep them current afterwards. */
  private async refreshStatus(): Promise<void> {
    try {
      const [sync, printers, station, zatca] = await Promise.all([this.api.syncStatus(), this.api.printers(), this.api.thisStation(), this.api.zatcaStatus()]);
      this.sync = sync;
      this.printers = printers;
      this.station = station;
      this.zatca = zatca;
    } catch (error) {
      this.notify('error', describeError(error));
    }
  }

  /**
   * Loads what selling needs from the local replica, then shows the till.
   * When nobody is at the till, its PIN screen needs only the staff answer:
   * it shows at once and the catalog's lists load behind it (issue 34 item
   * 8: on a 100,000-product replica they take the host a while).
   */
  async enterTill(): Promise<void> {
    const ok = await this.reloadCatalog(() => {
      if (this.staff && !this.staff.cashier) this.showTill();
    });
    // Signing in starts the uploader and binds printers, so what was asked before is stale now.
    void this.refreshStatus();
    if (ok) this.showTill();
    else this.screen = 'signin';
  }

  private showTill(): void {
    if (this.screen === 'till') return;
    this.screen = 'till';
    this.view = 'sell';
  }

  /** Asks who is at the till (after a PIN, a lock, opening or closing a shift). */
  async refreshStaff(): Promise<void> {
    try {
      this.staff = await this.api.staffState();
    } catch (error) {
      this.notify('error', describeError(error));
    }
  }

  /** Locks the till: the PIN screen shows until a cashier enters theirs. */
  async lock(): Promise<void> {
    this.earlyCashiers = null; // the PIN screen this shows asks for the names as they are now
    try {
      this.staff = await this.api.lock();
    } catch (error) {
      this.notify('error', describeError(error));
    }
  }

  /**
   * Reads the staff and the catalog's lists again; `onStaff` runs when the
   * staff answer is in (before the lists). Entering the till (with
   * `onStaff`), the host runs a screen's calls one at a time, in order
   * (issue 34 item 8): a locked till asks for the names its PIN screen lists
   * before the lists, and the sell screen's first product page right after
   * them, so the PIN screen and the grid wait for nothing else.
   */
  async reloadCatalog(onStaff?: () => void): Promise<boolean> {
    try {
      this.staff = await this.api.staffState();
      if (onStaff && !this.staff.cashier && !this.staff.needs_first_manager) this.earlyCashiers = this.attempt((api) => api.cashiers());
      onStaff?.();
      const [categories, paymentMethods, cart] = await Promise.all([this.api.categories(), this.api.paymentMethods(), this.api.cart()]);
      this.categories = categories;
      this.paymentMethods = paymentMethods;
      // A new catalog may have renamed or deactivated customers.
      this.knownCustomers.clear();
      this.setCart(cart, ++this.cartSeq);
      this.catalogVersion++;
      if (onStaff) this.prefetchFirstPage();
      return true;
    } catch (error) {
      this.notify('error', describeError(error));
      return false;
    }
  }

  /**
   * The cashiers the PIN screen lists, asked for with the staff answer that
   * showed it at start (once: a PIN screen shown later asks again).
   */
  takeEarlyCashiers(): Promise<CashierView[] | undefined> | null {
    const early = this.earlyCashiers;
    this.earlyCashiers = null;
    return early;
  }

  /** The sell screen's first page of its first category, asked for as soon as the catalog's lists are in. */
  private prefetchFirstPage(): void {
    const category = this.categories[0];
    if (!category) return;
    const key = firstPageKey(this.catalogVersion, category.id, this.cart);
    const page = this.api.products({ category_id: category.id, offset: 0, limit: PRODUCT_PAGE_SIZE });
    page.catch(() => {}); // read (and its error shown) by the grid that takes it, or else asked again
    this.firstPage = { key, page };
  }

  /**
   * The sell screen's first page when it was asked for ahead (same catalog,
   * category and pricing); taken once. Null: ask for it.
   */
  takeFirstPage(categoryId: number, offset: number, limit: number): Promise<{ items: ProductCard[]; total: number }> | null {
    const ahead = this.firstPage;
    if (!ahead || offset !== 0 || limit !== PRODUCT_PAGE_SIZE || ahead.key !== firstPageKey(this.catalogVersion, categoryId, this.cart)) return null;
    this.firstPage = null;
    return ahead.page;
  }

  async signIn(input: { base_url: string; token: string; api_version?: string }): Promise<boolean> {
    this.pulling = true;
    this.pull = { phase: 'me' };
    try {
      this.session = await this.api.signIn(input);
      setMoneyDecimals(this.session.currency_decimals);
      this.dismissErrors();
      await this.enterTill();
      return true;
    } catch (error) {
      this.pull = { phase: 'failed', message: describeError(error).detail ?? '' };
      this.notify('error', describeError(error));
      return false;
    } finally {
      this.pulling = false;
    }
  }

  async syncNow(): Promise<void> {
    if (this.pulling) return;
    this.pulling = true;
    try {
      this.session = await this.api.syncNow();
      setMoneyDecimals(this.session.currency_decimals);
      await this.reloadCatalog();
    } catch (error) {
      this.notify('error', describeError(error));
    } finally {
      this.pulling = false;
    }
  }

  private setCart(cart: CartView, seq: number): void {
    // Answers arrive in order over one channel, but a late answer must never overwrite a newer cart.
    if (seq < this.appliedCartSeq) return;
    this.appliedCartSeq = seq;
    this.cart = cart;
  }

  /**
   * True when a new order may start: a shift is open, or the cart already has
   * lines. Otherwise the cart's "Open a shift" prompt is nudged, so the
   * cashier learns it at the first item, not after ringing up a whole order.
   */
  canStartOrder(): boolean {
    if (!this.staff || this.staff.shift || (this.cart?.lines.length ?? 0) > 0) return true;
    this.shiftNudge++;
    return false;
  }

  /** Runs a cart change; the host answers with the whole new cart. Returns false (and says why) on failure. */
  async changeCart(work: (api: TillApi) => Promise<CartView>, explain: (error: unknown) => ErrorText = describeError): Promise<boolean> {
    const seq = ++this.cartSeq;
    try {
      this.setCart(await work(this.api), seq);
      // The cashier has moved on: an error about an earlier step would only mislead now.
      this.errorsLeaveWhenUntouched();
      return true;
    } catch (error) {
      this.notify('error', explain(error));
      return false;
    }
  }

  /** Searches the replica's customers (as the cashier types); remembers what it found. Errors become a notice and `undefined`. */
  async findCustomers(query: string): Promise<CustomerView[] | undefined> {
    const found = await this.attempt((api) => api.customers({ query, limit: 20 }));
    for (const customer of found ?? []) this.knownCustomers.set(customer.id, customer);
    return found;
  }

  /**
   * Adds a customer at the counter and makes them the cart's (issue 35).
   * A phone the till already knows answers with that customer to choose
   * instead (`existing`); any other refusal becomes a notice and `undefined`.
   */
  async addCustomer(input: {
    name: string;
    phone: string;
    email: string;
  }): Promise<{ added: CustomerView } | { existing: { id: string; name: string } } | undefined> {
    const seq = ++this.cartSeq;
    try {
      const { customer, cart } = await this.api.addCustomer({ ...input, attach: true });
      this.knownCustomers.set(customer.id, customer);
      if (cart) this.setCart(cart, seq);
      this.errorsLeaveWhenUntouched();
      return { added: customer };
    } catch (error) {
      const reason = (error as { code?: unknown; reason?: { params?: Record<string, unknown> } } | null) ?? {};
      const params = reason.code === 'customer_exists' ? reason.reason?.params : undefined;
      if (params && typeof params.id === 'string' && typeof params.name === 'string') return { existing: { id: params.id, name: params.name } };
      this.notify('error', describeError(error));
      return undefined;
    }
  }

  /**
   * Corrects a customer's name, phone or email at the counter (issue 35):
   * kept by the host at once and sent to the service once. A phone another
   * customer has answers with that customer (`taken`); any other refusal
   * becomes a notice and `undefined`.
   */
  async updateCustomer(input: {
    id: string;
    name: string;
    phone: string;
    email: string;
  }): Promise<{ updated: CustomerView } | { taken: { id: string; name: string } } | undefined> {
    const seq = ++this.cartSeq;
    try {
      const { customer, cart } = await this.api.updateCustomer(input);
      const shown: CustomerView = { id: customer.id, name: customer.name, phone_prefix: customer.phone_prefix, phone: customer.phone, email: customer.email };
      this.knownCustomers.set(customer.id, shown);
      if (cart) this.setCart(cart, seq);
      this.errorsLeaveWhenUntouched();
      return { updated: shown };
    } catch (error) {
      const refusal = (error as { reason?: { code?: unknown; params?: Record<string, unknown> } } | null) ?? {};
      const params = refusal.reason?.code === 'customer_phone_taken' ? refusal.reason.params : undefined;
      if (params && typeof params.id === 'string' && typeof params.name === 'string') return { taken: { id: params.id, name: params.name } };
      this.notify('error', describeError(error));
      return undefined;
    }
  }

  /**
   * The customer a cart or an order names, from what was seen already or
   * else asked of the host; null when the replica has no such active
   * customer (or the host cannot be asked). Never a notice: this only labels.
   */
  async customer(id: string): Promise<CustomerView | null> {
    const known = this.knownCustomers.get(id);
    if (known) return known;
    try {
      const found = (await this.api.customers({ query: id, limit: 1 })).find((c) => c.id === id) ?? null;
      if (found) this.knownCustomers.set(id, found);
      return found;
    } catch {
      return null;
    }
  }

  /** Runs any other call; errors become a notice and `undefined`. */
  async attempt<T>(work: (api: TillApi) => Promise<T>, explain: (error: unknown) => ErrorText = describeError): Promise<T | undefined> {
    try {
      return await work(this.api);
    } catch (error) {
      this.notify('error', explain(error));
      return undefined;
    }
  }

  notify(tone: Notice['tone'], said: ErrorText): void {
    // At the counter "cannot reach the service" is the cashier's business only as what happens to her sales;
    // the engineer's words (check the address and the network) stay one tap away, under Details.
    const text: ErrorText =
      said.key === 'error.unreachable' && this.screen === 'till' ? { key: 'error.offline', lines: [{ key: said.key }, ...(said.lines ?? [])] } : said;
    // The host locked the till (idle time): show the PIN screen rather than only an error.
    if (text.key === 'error.locked' && this.link) void this.refreshStaff();
    // One error at a time: the newest is the one that matters, and a stack of red boxes hides the till.
    // The same words are shown once: a notice said again is the one on screen, kept where it is (its Details stay
    // open if the cashier opened them) with its time to leave started again (two "round sent" for two taps).
    const same = (n: Notice) => n.tone === tone && n.text.key === text.key && JSON.stringify(n.text.params ?? null) === JSON.stringify(text.params ?? null);
    const id = this.notices.find(same)?.id ?? ++this.noticeSeq;
    const kept = this.notices.filter((n) => n.id !== id && !same(n) && (tone !== 'error' || n.tone !== 'error'));
    this.notices = [...kept, { id, tone, text }].slice(-3);
    for (const gone of this.noticeTimers.keys()) if (!this.notices.some((n) => n.id === gone)) this.forgetTimer(gone);
    // Said again, a notice's time starts again; an error said again stays, even one that was leaving.
    this.forgetTimer(id);
    // What went well leaves by itself; an error stays until the cashier closes it, or a later tap changes the cart
    // (errorsLeaveWhenUntouched).
    if (tone === 'info') {
      this.noticeTimers.set(
        id,
        setTimeout(() => this.leaveWhenUntouched(id), INFO_NOTICE_MS),
      );
    }
  }

  /**
   * A notice's time is up: it leaves once no finger is on the screen and
   * none has just touched it, waiting NOTICE_WAITS_AT_MOST_MS at most for a
   * pause (screen-touch.ts): the row leaving moves the screen below it. The
   * time a finger is held down does not count against that: a notice kept
   * up by a long press still waits for the settle after the lift.
   */
  private leaveWhenUntouched(id: number, waited = 0): void {
    const held = fingerDown();
    const wait = held ? TOUCH_SETTLE_MS : Math.min(untilTouchSettled(), NOTICE_WAITS_AT_MOST_MS - waited);
    if (wait <= 0) return this.dismiss(id);
    this.noticeTimers.set(
      id,
      setTimeout(() => this.leaveWhenUntouched(id, held ? waited : waited + wait), wait),
    );
  }

  private forgetTimer(id: number): void {
    clearTimeout(this.noticeTimers.get(id));
    this.noticeTimers.delete(id);
  }

  inform(key: MessageKey, params?: MessageParams): void {
    this.notify('info', params ? { key, params } : { key });
  }

  dismiss(id: number): void {
    this.forgetTimer(id);
    this.notices = this.notices.filter((n) => n.id !== id);
  }

  dismissErrors(): void {
    for (const notice of this.notices) if (notice.tone === 'error') this.forgetTimer(notice.id);
    this.notices = this.notices.filter((n) => n.tone !== 'error');
  }

  /**
   * A tap changed the cart, so an error about an earlier step goes, but as
   * a notice whose time is up does (leaveWhenUntouched): the answer comes
   * while the next tap may be on its way, and the row leaving would move
   * the tiles under it.
   */
  private errorsLeaveWhenUntouched(): void {
    for (const notice of this.notices) if (notice.tone === 'error' && !this.noticeTimers.has(notice.id)) this.leaveWhenUntouched(notice.id);
  }
}
