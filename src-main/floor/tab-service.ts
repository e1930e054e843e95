import { randomUUID } from 'node:crypto';
import { TillError } from '../../src-shared/errors/index.ts';
import { kitchenLine, type KitchenOrder } from '../../src-shared/kitchen/index.ts';
import {
  partDiscounts,
  partTotal,
  splitTabLines,
  withShares,
  SplitError,
  type FloorTable,
  type FloorTableView,
  type LineAmounts,
  type RoundPriceView,
  type TabPartView,
  type TabView,
} from '../../src-shared/floor/index.ts';
import { lineFigures, PAY_LATER_METHOD_KEY, type AppliedDiscount, type PricedCart } from '../../src-shared/pricing/index.ts';
import { FLOOR_API_METHODS, TAB_PRICING, type FloorInputs } from '../../src-shared/floor/index.ts';
import { parseInput, type TillApi } from '../../src-shared/api/index.ts';
import { promotionAlreadyApplied, type AppliedPromotion, type DiscountView, type OrderView } from '../../src-shared/selling/index.ts';
import { paymentMethodRows, saleProducts, serviceDiscountsAt } from '../catalog/index.ts';
import { addLocalTable, removeLocalTable } from './local-tables.ts';
import {
  changeTab,
  closeMergedTab,
  insertParts,
  insertTab,
  insertTabLines,
  markPartPaid,
  markUnsentSent,
  moveLines,
  nextRound,
  pickedTabDiscounts,
  readTab,
  tabPromotions,
  removeTabLineRow,
  staleTab,
  tabAtTable,
  tabChanges,
  tabLines,
  tabParts,
  tabsInUse,
  updateTab,
  type TabActor,
  type TabLineRow,
  type TabRow,
} from './tab-store.ts';
import { floorTables, requireFloorTable, requireLocalTables } from './floor-tables.ts';
import { readOrder } from '../orders/index.ts';
import { readBranchProfile } from '../catalog/index.ts';
import {
  checkLineCount,
  checkQuantity,
  checkTotal,
  chosenModifiers,
  discountViews,
  newLine,
  orderLimits,
  priceOf,
  refusePick,
  replicaCoupon,
  type Cart,
  type CartLine,
  type DiscountSetting,
} from '../orders/index.ts';
import { currencyDecimals } from '../catalog/index.ts';
import type { LocalTill } from '../stations/index.ts';
import type { SentRound } from '../kitchen/index.ts';
import type { TabCheckout } from './tab-checkout.ts';

type FloorRoundLine = { product_id: string; quantity: number; modifier_ids: string[]; notes: string | null };

export type FloorMethods = Pick<TillApi, (typeof FLOOR_API_METHODS)[number]>;

export interface TabHooks {
  /** Writes a sent round's kitchen tickets in the send's own transaction (print jobs, display tickets). */
  kitchenRoundAtSend?: (round: SentRound) => unknown;
  /** After a change to a tab committed: every screen hears of it, the print queue wakes. Never awaited. */
  onTabChanged?: (change: { tab_id: string; version: number; table_id: string | null }) => void;
}

/**
 * Open tabs shared by every counter station (issue 21). The tab lives in
 * SQLite on the hub; every change is one transaction checked against the
 * version the screen saw (changeTab), so two stations adding rounds at once
 * never lose a line or apply one twice: the second is refused naming what
 * the first did, and sends again on the new version. Paying goes through
 * the selling service's order path at the calling station.
 */
export class TabService implements FloorMethods {
  constructor(
    private readonly till: LocalTill,
    private readonly selling: TabCheckout,
    private readonly hooks: TabHooks = {},
  ) {}

  private get db() {
    return this.till.db;
  }

  /** The calling station and its cashier: on a till with cashiers, someone is signed in there. */
  private actor(): TabActor {
    const station = this.till.station();
    const cashier = station.staff.require();
    return { station: station.code, cashier: cashier?.name ?? null };
  }

  private profile() {
    const profile = readBranchProfile(this.db);
    if (!profile) throw new TillError('no_catalog', 'this till knows no market yet: sign in and sync first, or set one with `pos settings set market_id ID`');
    return profile;
  }

  private tax() {
    return this.profile().tax;
  }

  /**
   * The service's discounts as they stand at `now` in this branch (issue 35):
   * a tab is priced with them as a cart is (automatic ones by their rules, a
   * dine-in one included, and those picked for the tab), so its running
   * total and what Pay covers are what the order charges.
   */
  private discountsAt(now = this.till.now()): DiscountSetting {
    return serviceDiscountsAt(this.db, now, this.profile().branchId);
  }

  private changed(tab: TabRow | undefined): void {
    if (tab) this.hooks.onTabChanged?.({ tab_id: tab.id, version: tab.version, table_id: tab.table_id });
  }

  private require(tabId: string): TabRow {
    const tab = readTab(this.db, tabId);
    if (!tab)
      throw new TillError('not_found', `there is no tab ${tabId}; it may have been paid or merged on another screen`, {
        code: 'tab.unknown',
        params: { tab: tabId },
      });
    return tab;
  }

  private static requireOpen(tab: TabRow): void {
    if (tab.state === 'split')
      throw new TillError('invalid_input', `the tab "${tab.label}" is split into parts: pay the parts, or open a new tab`, {
        code: 'tab.split',
        params: { tab: tab.label },
      });
    if (tab.state !== 'open')
      throw new TillError('invalid_input', `the tab "${tab.label}" is already ${tab.state}: nothing more can be done on it`, {
        code: 'tab.closed',
        params: { tab: tab.label, state: tab.state },
      });
  }

  /** The tab's lines as a cart (dine-in on its table, at the cash price list), for pricing and for the order. */
  private cartOf(tab: TabRow, lines: readonly CartLine[]): Cart {
    return {
      lines: [...lines],
      ...TAB_PRICING,
      table_id: tab.table_id,
      customer_id: null,
      order_discount: null,
      picked_discounts: pickedTabDiscounts(tab),
      promotions: tabPromotions(tab),
    };
  }

  /**
   * The tab priced with the service's discounts as they stand now (or as `setting` has them: the one its caller
   * judges a discount's rules by), its lines' figures with each service discount's share of them.
   */
  private priced(tab: TabRow, rows: readonly TabLineRow[], setting = this.discountsAt()): { cart: Cart; priced: PricedCart; amounts: LineAmounts[] } {
    const cart = this.cartOf(
      tab,
      rows.map((r) => JSON.parse(r.line) as CartLine),
    );
    const priced = priceOf(cart, this.tax(), setting);
    const amounts = priced.lines.map((p, i) => withShares({ line_id: rows[i]!.id, ...lineFigures(p) }, i, priced.discounts));
    return { cart, priced, amounts };
  }

  private view(tab: TabRow): TabView {
    const rows = tabLines(this.db, tab.id);
    const { priced } = this.priced(tab, rows);
    const parts: TabPartView[] = tabParts(this.db, tab.id).map((p) => {
      const pieces = JSON.parse(p.pieces) as LineAmounts[];
      return {
        part: p.part,
        lines: pieces.map((piece) => ({ line_id: piece.line_id, quantity: piece.quantity, total: piece.total })),
        total: p.total,
        discounts: p.discounts === null ? [] : (JSON.parse(p.discounts) as AppliedDiscount[]),
        order_uuid: p.order_uuid,
        order_number: p.order_uuid ? (readOrder(this.db, p.order_uuid)?.number ?? null) : null,
      };
    });
    const sent = rows.map((r) => r.sent_at).filter((at): at is number => at !== null);
    return {
      id: tab.id,
      label: tab.label,
      table_id: tab.table_id,
      guests: tab.guests,
      state: tab.state,
      version: tab.version,
      opened_at: tab.opened_at,
      opened_by: tab.opened_by,
      merged_into: tab.merged_into,
      lines: rows.map((row, i) => {
        const line = JSON.parse(row.line) as CartLine;
        const p = priced.lines[i]!;
        return {
          line_id: row.id,
          round: row.round,
          ...kitchenLine({ ...line, modifiers: chosenModifiers(line) }),
          modifiers: chosenModifiers(line).map((m) => ({ id: m.id, name_en: m.name_en, name_ar: m.name_ar })),
          sent_at: row.sent_at,
          unit_price: p.unit_price,
          total: p.total,
        };
      }),
      unsent: rows.filter((r) => r.sent_at === null).length,
      last_sent_at: sent.length > 0 ? Math.max(...sent) : null,
      subtotal: priced.subtotal,
      discounts: priced.discounts,
      discount_total: priced.discount_total,
      picked_discounts: pickedTabDiscounts(tab),
      tax: priced.tax,
      total: priced.total,
      parts,
      changes: tabChanges(this.db, tab.id),
    };
  }

  async floor(): Promise<FloorTableView[]> {
    const byTable = new Map(tabsInUse(this.db).flatMap((tab) => (tab.table_id ? [[tab.table_id, tab] as const] : [])));
    return floorTables(this.db).map((table) => {
      const tab = byTable.get(table.id);
      if (!tab) return { ...table, state: 'free' as const, tab: null };
      const view = this.view(tab);
      return {
        ...table,
        state: tab.state === 'paid' ? ('paid' as const) : ('open' as const),
        tab: {
          id: tab.id,
          version: tab.version,
          state: tab.state,
          total: view.total,
          guests: tab.guests,
          opened_at: tab.opened_at,
          unsent: view.unsent,
          last_sent_at: view.last_sent_at,
        },
      };
    });
  }

  async addTable(input: FloorInputs['addTable']): Promise<FloorTable[]> {
    const { name, area, seats } = parseInput('addTable', input);
    requireLocalTables(this.db);
    addLocalTable(this.db, { name, area, seats }, this.till.now());
    return floorTables(this.db);
  }

  async removeTable(input: FloorInputs['removeTable']): Promise<FloorTable[]> {
    const { id } = parseInput('removeTable', input);
    requireLocalTables(this.db);
    removeLocalTable(this.db, id, this.till.now(), (table) => (tabAtTable(this.db, table) ? `table ${table} has an open tab: pay it or move it first` : null));
    return floorTables(this.db);
  }

  async tabs(): Promise<TabView[]> {
    return tabsInUse(this.db).map((tab) => this.view(tab));
  }

  async tab(input: FloorInputs['tab']): Promise<TabView> {
    return this.view(this.require(parseInput('tab', input).tab_id));
  }

  async openTab(input: FloorInputs['openTab']): Promise<TabView> {
    const { table_id, label, guests } = parseInput('openTab', input);
    const actor = this.actor();
    const table = table_id === null ? null : requireFloorTable(this.db, table_id);
    if (!table && label === '') throw new TillError('invalid_input', 'a tab needs a table or a name', { code: 'tab.needsLabel' });
    const now = this.till.now();
    const tab = this.db
      .transaction((): TabRow => {
        if (table) {
          const there = tabAtTable(this.db, table.id);
          // A second screen on the same table finds the tab already there, never a second one.
          if (there && there.state !== 'paid') return there;
          // New guests at a paid table: the last party's tab is cleared as they sit down.
          if (there) {
            changeTab(this.db, there.id, there.version, actor, now, () => {
              updateTab(this.db, there.id, { state: 'cleared' });
              return { note: { kind: 'cleared' }, result: null };
            });
          }
        }
        return insertTab(
          this.db,
          { id: randomUUID(), label: table ? table.name : label, table_id: table?.id ?? null, guests, opened_at: now, opened_by: actor.station },
          actor,
        );
      })
      .immediate();
    this.changed(tab);
    return this.view(this.require(tab.id));
  }

  /** One change through changeTab, then every screen hears it; answers the tab as it is now. */
  private apply(tabId: string, version: number, change: Parameters<typeof changeTab<void>>[5]): TabView {
    changeTab(this.db, tabId, version, this.actor(), this.till.now(), change);
    const tab = this.require(tabId);
    this.changed(tab);
    return this.view(tab);
  }

  /** A round's lines as cart lines (the catalog's products and options); sold out refused when it is to be added. */
  private roundLines(lines: FloorRoundLine[], refuseSoldOut: boolean): CartLine[] {
    const products = new Map(saleProducts(this.db, [...new Set(lines.map((l) => l.product_id))]).map((p) => [p.id, p]));
    return lines.map((l) => {
      const product = products.get(l.product_id);
      if (!product) throw new TillError('not_found', `product ${l.product_id} is not in the catalog (or not active); sync the catalog or pick another`);
      if (refuseSoldOut) this.selling.refuseSoldOut(product, l.modifier_ids);
      return newLine(product, l.quantity, l.modifier_ids, l.notes);
    });
  }

  /**
   * The round a screen is taking, priced by the same rule and cart as the
   * tab (priced()), so the running total shown is the one the tab charges
   * once the round is added. Reads only.
   */
  async priceRound(input: FloorInputs['priceRound']): Promise<RoundPriceView> {
    const { tab_id, lines } = parseInput('priceRound', input);
    const tab = this.require(tab_id);
    const made = this.roundLines(lines, false);
    const tax = this.tax();
    const discounts = this.discountsAt();
    // Each line of the round as the tab will charge it: priced with the tab, so a discount that needs the whole tab
    // (a minimum order, one whole-order discount) is shared as it will be once the round is on it.
    const onTab = tabLines(this.db, tab.id).map((r) => JSON.parse(r.line) as CartLine);
    const whole = priceOf(this.cartOf(tab, [...onTab, ...made]), tax, discounts);
    const roundLines = whole.lines.slice(onTab.length);
    const sum = (pick: (p: (typeof roundLines)[number]) => number) => roundLines.reduce((acc, p) => acc + pick(p), 0);
    const round = { lines: roundLines, subtotal: sum((p) => p.gross), tax: sum((p) => p.tax), total: sum((p) => p.total) };
    return {
      tab_id: tab.id,
      lines: round.lines.map((p) => ({ product_id: p.product_id, quantity: p.quantity, unit_price: p.unit_price, total: p.total })),
      subtotal: round.subtotal,
      tax: round.tax,
      total: round.total,
      with_tab: { subtotal: whole.subtotal, discount_total: whole.discount_total, tax: whole.tax, total: whole.total, discounts: whole.discounts },
    };
  }

  async addRound(input: FloorInputs['addRound']): Promise<TabView> {
    const { tab_id, version, lines } = parseInput('addRound', input);
    const made = this.roundLines(lines, true);
    const limits = orderLimits(this.db);
    for (const line of made) checkQuantity(line.quantity, limits);
    const actor = this.actor();
    const now = this.till.now();
    return this.apply(tab_id, version, (tab) => {
      TabService.requireOpen(tab);
      // A tab is one order: held to the same limits as a cart, counted with the lines it has.
      const before = tabLines(this.db, tab.id);
      checkLineCount(before.length + made.length, limits);
      const { round, position } = nextRound(this.db, tab.id);
      insertTabLines(
        this.db,
        made.map((line, i) => ({
          id: line.line_id,
          tab_id: tab.id,
          round,
          position: position + i,
          line: JSON.stringify(line),
          added_at: now,
          added_by: actor.station,
        })),
      );
      // Priced now, so a line the catalog cannot price is refused before anyone sends it, and a round over the total limit too.
      checkTotal(this.priced(tab, tabLines(this.db, tab.id)).priced.total, limits);
      return { note: { kind: 'round', count: made.length }, result: undefined };
    });
  }

  /** Marks the tab's unsent lines sent and writes their kitchen tickets (by category); inside the change's transaction. */
  private sendUnsent(tab: TabRow, at: number): number {
    const sent = markUnsentSent(this.db, tab.id, at);
    if (sent.length === 0) return 0;
    const round = Math.max(...sent.map((r) => r.round));
    this.hooks.kitchenRoundAtSend?.({ ticket: this.roundTicket(tab, round, sent, at), label: tab.label });
    return sent.length;
  }

  /** A round as the kitchen gets it: the tab's name and round for a number, the table by its name. */
  private roundTicket(tab: TabRow, round: number, rows: readonly TabLineRow[], at: number): KitchenOrder {
    return {
      id: `${tab.id}:round:${round}`,
      number: `${tab.label} R${round}`,
      type: 'DINE_IN',
      table: tab.table_id ? tab.label : null,
      created_at: at,
      round,
      notes: null,
      lines: rows.map((row) => {
        const line = JSON.parse(row.line) as CartLine;
        return kitchenLine({ ...line, modifiers: chosenModifiers(line) });
      }),
    };
  }

  async sendRound(input: FloorInputs['sendRound']): Promise<TabView> {
    const { tab_id, version } = parseInput('sendRound', input);
    const now = this.till.now();
    return this.apply(tab_id, version, (tab) => {
      if (tab.state !== 'open' && tab.state !== 'split') TabService.requireOpen(tab);
      const count = this.sendUnsent(tab, now);
      if (count === 0)
        throw new TillError('invalid_input', `every line of "${tab.label}" is already with the kitchen`, {
          code: 'tab.nothingToSend',
          params: { tab: tab.label },
        });
      return { note: { kind: 'sent', count }, result: undefined };
    });
  }

  async removeTabLine(input: FloorInputs['removeTabLine']): Promise<TabView> {
    const { tab_id, version, line_id } = parseInput('removeTabLine', input);
    const now = this.till.now();
    return this.apply(tab_id, version, (tab) => {
      TabService.requireOpen(tab);
      if (!tabLines(this.db, tab.id).some((l) => l.id === line_id))
        throw new TillError('not_found', `the tab "${tab.label}" has no line ${line_id}`, {
          code: 'tab.lineUnknown',
          params: { tab: tab.label, line: line_id },
        });
      removeTabLineRow(this.db, line_id, now);
      return { note: { kind: 'removed', count: 1 }, result: undefined };
    });
  }

  async tabDiscounts(input: FloorInputs['tabDiscounts']): Promise<DiscountView[]> {
    const tab = this.require(parseInput('tabDiscounts', input).tab_id);
    const setting = this.discountsAt();
    const { cart, priced } = this.priced(tab, tabLines(this.db, tab.id), setting);
    return discountViews(cart, priced, setting);
  }

  /**
   * Picks one of the service's discounts for the tab (or takes it off), as
   * pickDiscount does for a cart: taking one off is always allowed; picking
   * one is refused, in the cashier's words, when its rules do not hold for the
   * tab now (refusePick, the counter's own check). Within them it needs no
   * manager. A tab being paid in parts keeps the discounts of its split.
   */
  async pickTabDiscount(input: FloorInputs['pickTabDiscount']): Promise<TabView> {
    const { tab_id, version, discount_id, picked } = parseInput('pickTabDiscount', input);
    return this.apply(tab_id, version, (tab) => {
      TabService.requireOpen(tab);
      const was = pickedTabDiscounts(tab);
      if (picked) {
        const setting = this.discountsAt();
        const { cart, priced } = this.priced(tab, tabLines(this.db, tab.id), setting);
        refusePick(discount_id, cart, priced, setting, currencyDecimals(this.db));
      }
      const next = picked ? [...was.filter((id) => id !== discount_id), discount_id] : was.filter((id) => id !== discount_id);
      updateTab(this.db, tab.id, { picked_discounts: next.length === 0 ? null : JSON.stringify(next) });
      return { note: { kind: 'discount' }, result: undefined };
    });
  }

  /** Refuses, as a change at a stale version is refused, a tab no longer at `version` (a code is checked for the tab the screen sees). */
  requireTabVersion(tabId: string, version: number): void {
    const tab = this.require(tabId);
    if (tab.version !== version) throw staleTab(tab, tabChanges(this.db, tabId, version));
  }

  /** The tab's version now: a code the service checked goes on the tab as it is then (PromotionService.applyTabCode). */
  tabVersion(tabId: string): number {
    return this.require(tabId).version;
  }

  /** The coupons and rewards on a tab (issue 35): the promotions service asks before it checks a code again. */
  tabCodes(tabId: string): AppliedPromotion[] {
    return tabPromotions(this.require(tabId));
  }

  /**
   * Puts a coupon's or reward's discount on the tab, after the promotions
   * service checked its code (the network stays out of here): a change of
   * the tab at the version the screen saw. A code already on it is refused.
   */
  addTabPromotion(tabId: string, version: number, promotion: AppliedPromotion): TabView {
    return this.apply(tabId, version, (tab) => {
      TabService.requireOpen(tab);
      const codes = tabPromotions(tab);
      if (codes.some((p) => p.code === promotion.code)) throw promotionAlreadyApplied(promotion.code);
      updateTab(this.db, tab.id, { promotions: JSON.stringify([...codes, promotion]) });
      return { note: { kind: 'discount' }, result: undefined };
    });
  }

  /** coupons.offline = replica: the replica's discount with this coupon code whose rules hold for the tab now, or null. */
  tabReplicaCoupon(tabId: string, code: string): Omit<AppliedPromotion, 'source' | 'code' | 'verified'> | null {
    const tab = this.require(tabId);
    const setting = this.discountsAt();
    const { cart, priced } = this.priced(tab, tabLines(this.db, tab.id), setting);
    return replicaCoupon(code, cart, priced, setting);
  }

  /** Takes a coupon or reward off the tab. */
  async removeTabCode(input: { tab_id: string; version: number; code: string }): Promise<TabView> {
    const { tab_id, version, code } = input;
    return this.apply(tab_id, version, (tab) => {
      TabService.requireOpen(tab);
      const codes = tabPromotions(tab);
      if (!codes.some((p) => p.code === code)) throw new TillError('not_found', `the tab "${tab.label}" has no coupon or reward ${code}`);
      const left = codes.filter((p) => p.code !== code);
      updateTab(this.db, tab.id, { promotions: left.length === 0 ? null : JSON.stringify(left) });
      return { note: { kind: 'discount' }, result: undefined };
    });
  }

  /** Whether a line of a tab is already with the kitchen (the authorization hook asks before a removal). */
  lineSent(tabId: string, lineId: string): boolean {
    return tabLines(this.db, tabId).some((l) => l.id === lineId && l.sent_at !== null);
  }

  async moveTab(input: FloorInputs['moveTab']): Promise<TabView> {
    const { tab_id, version, table_id } = parseInput('moveTab', input);
    const table = requireFloorTable(this.db, table_id);
    return this.apply(tab_id, version, (tab) => {
      if (tab.state !== 'open' && tab.state !== 'split') TabService.requireOpen(tab);
      const there = tabAtTable(this.db, table.id);
      if (there && there.id !== tab.id)
        throw new TillError('invalid_input', `table "${table.name}" already has an open tab: merge the two instead`, {
          code: 'tab.tableTaken',
          params: { table: table.name },
        });
      updateTab(this.db, tab.id, { table_id: table.id, label: table.name });
      return { note: { kind: 'moved', table: table.name }, result: undefined };
    });
  }

  async mergeTabs(input: FloorInputs['mergeTabs']): Promise<TabView> {
    const { tab_id, version, from_tab_id, from_version } = parseInput('mergeTabs', input);
    if (tab_id === from_tab_id) throw new TillError('invalid_input', 'a tab cannot be merged into itself', { code: 'tab.sameTab' });
    const actor = this.actor();
    const now = this.till.now();
    const view = this.apply(tab_id, version, (tab) => {
      TabService.requireOpen(tab);
      const from = this.require(from_tab_id);
      if (from.version !== from_version) throw staleTab(from, tabChanges(this.db, from.id, from_version));
      TabService.requireOpen(from);
      checkLineCount(tabLines(this.db, tab.id).length + tabLines(this.db, from.id).length, orderLimits(this.db));
      const moved = moveLines(this.db, from.id, tab.id);
      if (from.guests !== null) updateTab(this.db, tab.id, { guests: (tab.guests ?? 0) + from.guests });
      // The discounts picked and the codes given for the other party come with its lines (each once), never lost.
      const picked = [...new Set([...pickedTabDiscounts(tab), ...pickedTabDiscounts(from)])];
      const codes = [...tabPromotions(tab), ...tabPromotions(from).filter((p) => !tabPromotions(tab).some((q) => q.code === p.code))];
      updateTab(this.db, tab.id, {
        picked_discounts: picked.length === 0 ? null : JSON.stringify(picked),
        promotions: codes.length === 0 ? null : JSON.stringify(codes),
      });
      closeMergedTab(this.db, from, tab.id, actor, now);
      return { note: { kind: 'merged', count: moved }, result: undefined };
    });
    this.changed(readTab(this.db, from_tab_id));
    return view;
  }

  async splitTab(input: FloorInputs['splitTab']): Promise<TabView> {
    const parsed = parseInput('splitTab', input);
    const request = 'parts' in parsed ? { kind: 'lines' as const, parts: parsed.parts } : { kind: 'evenly' as const, parts: parsed.evenly };
    return this.apply(parsed.tab_id, parsed.version, (tab) => {
      TabService.requireOpen(tab);
      const rows = tabLines(this.db, tab.id);
      if (rows.length === 0) throw new TillError('invalid_input', `the tab "${tab.label}" has no lines yet`, { code: 'tab.empty', params: { tab: tab.label } });
      let parts: LineAmounts[][];
      const { priced, amounts } = this.priced(tab, rows);
      try {
        parts = splitTabLines(amounts, request);
      } catch (error) {
        if (!(error instanceof SplitError)) throw error;
        throw new TillError('invalid_input', `that split does not work: ${error.message}`, { code: 'tab.splitInvalid', params: { why: error.message } });
      }
      insertParts(
        this.db,
        tab.id,
        parts.map((pieces) => ({
          pieces: JSON.stringify(pieces),
          total: partTotal(pieces),
          discounts: discountsJson(partDiscounts(priced.discounts, pieces)),
        })),
      );
      updateTab(this.db, tab.id, { state: 'split' });
      return { note: { kind: 'split', count: parts.length }, result: undefined };
    });
  }

  async payTab(input: FloorInputs['payTab']): Promise<OrderView> {
    const { tab_id, version, part, payments, cash_tendered } = parseInput('payTab', input);
    const known = new Set(paymentMethodRows(this.db).map((m) => m.key));
    for (const payment of payments) {
      if (payment.method_key === PAY_LATER_METHOD_KEY)
        throw new TillError('invalid_input', 'payments: a tab is paid now; to pay later, pay the tab with PAY_LATER at the counter as a sale', {
          code: 'settle.payNow',
        });
      if (!known.has(payment.method_key))
        throw new TillError(
          'unknown_method',
          `payment method ${payment.method_key} is not in this till's catalog; sync the catalog or pick one of its payment methods`,
        );
    }
    const now = this.till.now();
    const { record, settlement } = changeTab(this.db, tab_id, version, this.actor(), now, (tab) => {
      let number: number;
      let pieces: LineAmounts[];
      let discounts: AppliedDiscount[];
      const rows = tabLines(this.db, tab.id);
      if (tab.state === 'open') {
        if (part !== undefined && part !== 1)
          throw new TillError('invalid_input', `the tab "${tab.label}" is not split`, { code: 'tab.partUnknown', params: { tab: tab.label, part } });
        if (rows.length === 0)
          throw new TillError('invalid_input', `the tab "${tab.label}" has no lines yet`, { code: 'tab.empty', params: { tab: tab.label } });
        // Judged at the moment the order is made, the moment it carries, as a counter sale's.
        const { priced, amounts } = this.priced(tab, rows, this.discountsAt(now));
        pieces = amounts;
        discounts = priced.discounts;
        insertParts(this.db, tab.id, [{ pieces: JSON.stringify(pieces), total: partTotal(pieces), discounts: discountsJson(discounts) }]);
        number = 1;
      } else if (tab.state === 'split') {
        if (part === undefined)
          throw new TillError('invalid_input', `the tab "${tab.label}" is split: say which part is paid`, {
            code: 'tab.partNeeded',
            params: { tab: tab.label },
          });
        const row = tabParts(this.db, tab.id).find((p) => p.part === part && p.order_uuid === null);
        if (!row)
          throw new TillError('not_found', `the tab "${tab.label}" has no unpaid part ${part}`, { code: 'tab.partUnknown', params: { tab: tab.label, part } });
        pieces = JSON.parse(row.pieces) as LineAmounts[];
        discounts = row.discounts === null ? [] : (JSON.parse(row.discounts) as AppliedDiscount[]);
        number = part;
      } else {
        TabService.requireOpen(tab);
        throw new Error('unreachable');
      }
      // Whatever the kitchen has not had yet goes now, before the guests leave.
      this.sendUnsent(tab, now);
      const { cart, priced } = this.partOrder(tab, rows, pieces, discounts);
      const sold = this.selling.sellPriced({
        cart,
        priced,
        payments,
        cash_tendered,
        alsoWrite: (order) => {
          markPartPaid(this.db, tab.id, number, order.uuid);
          if (tabParts(this.db, tab.id).every((p) => p.order_uuid !== null)) updateTab(this.db, tab.id, { state: 'paid', closed_at: now });
        },
      });
      return { note: { kind: 'paid', count: number }, result: sold };
    });
    this.changed(readTab(this.db, tab_id));
    return this.selling.orderCommitted(record, settlement);
  }

  /**
   * The order one part becomes: its pieces as cart lines and priced lines, the amounts exactly the tab's, and the
   * service's discounts its pieces carry (`discounts`, by the part's own lines), named as a counter sale names them.
   */
  private partOrder(
    tab: TabRow,
    rows: readonly TabLineRow[],
    pieces: readonly LineAmounts[],
    discounts: readonly AppliedDiscount[],
  ): { cart: Cart; priced: PricedCart } {
    const byId = new Map(rows.map((r) => [r.id, JSON.parse(r.line) as CartLine]));
    const profile = this.profile();
    const lines = pieces.map((piece) => {
      const line = byId.get(piece.line_id);
      if (!line)
        throw new TillError('not_found', `a line of this part was removed from the tab "${tab.label}"; split it again`, {
          code: 'tab.lineUnknown',
          params: { tab: tab.label, line: piece.line_id },
        });
      return { ...line, quantity: piece.quantity };
    });
    const sum = (pick: (p: LineAmounts) => number) => pieces.reduce((acc, p) => acc + pick(p), 0);
    const serviceShare = (i: number) => discounts.reduce((acc, d) => acc + (d.line_amounts[i] ?? 0), 0);
    const priced: PricedCart = {
      lines: pieces.map((p, i) => ({
        product_id: lines[i]!.product.id,
        quantity: p.quantity,
        unit_price: p.unit_price,
        gross: p.gross,
        line_discount: p.discount - serviceShare(i),
        service_discount: serviceShare(i),
        order_discount: 0,
        discount: p.discount,
        net: p.gross - p.discount,
        tax: p.tax,
        total: p.total,
      })),
      subtotal: sum((p) => p.gross),
      order_discount: 0,
      discounts: [...discounts],
      service_discount: discounts.reduce((acc, d) => acc + d.amount, 0),
      discount_total: sum((p) => p.discount),
      tax: sum((p) => p.tax),
      total: sum((p) => p.total),
      prices_include_tax: profile.tax.pricesIncludeTax,
      vat_rate: profile.tax.vatRate,
    };
    return { cart: this.cartOf(tab, lines), priced };
  }

  async clearTab(input: FloorInputs['clearTab']): Promise<TabView> {
    const { tab_id, version } = parseInput('clearTab', input);
    return this.apply(tab_id, version, (tab) => {
      if (tab.state !== 'paid')
        throw new TillError('invalid_input', `the tab "${tab.label}" is ${tab.state}: only a paid tab's table is cleared`, {
          code: 'tab.closed',
          params: { tab: tab.label, state: tab.state },
        });
      updateTab(this.db, tab.id, { state: 'cleared', closed_at: tab.closed_at ?? this.till.now() });
      return { note: { kind: 'cleared' }, result: undefined };
    });
  }
}

/** A part's discounts as tab_parts keeps them: null for none. */
function discountsJson(discounts: readonly AppliedDiscount[]): string | null {
  return discounts.length === 0 ? null : JSON.stringify(discounts);
}
