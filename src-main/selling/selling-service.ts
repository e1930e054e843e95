import { modifierPriceOf, settlePayments, type OrderType, type PricedCart, type Settlement } from '../../src-shared/pricing/index.ts';
import { parseInput, type TillApi, SELLING_METHODS } from '../../src-shared/api/index.ts';
import {
  promotionAlreadyApplied,
  type AppliedPromotion,
  type CartView,
  type CustomerView,
  type EditedCustomerView,
  type OrderRecord,
  type OrderSummary,
  type OrderView,
  type ParkedCartView,
  type PaymentMethodView,
  type SyncStatus,
  type TillInputs,
} from '../../src-shared/selling/index.ts';
import { TillError } from '../../src-shared/errors/index.ts';
import {
  categoriesWithCounts,
  findBarcode,
  findCustomers,
  hasCustomer,
  methodsWithOwnPrices,
  paymentMethodRows,
  productIdsInCategory,
  saleProducts,
  searchProducts,
  type SaleProduct,
  currencyDecimals,
  markBack,
  markSoldOut,
  soldOutList,
  soldOutToday,
  type SoldOutToday,
  serviceDiscountsAt,
} from '../catalog/index.ts';
import { refuseSoldOut } from './sold-out-check.ts';
import type { SoldOutView } from '../../src-shared/selling/index.ts';
import { productCard } from './product-card.ts';
import { checkpointSoon } from '../db/index.ts';
import { parkCart, parkedCarts, takeParkedCart, type ParkedCart } from './parked-carts.ts';
import {
  counterCustomerView,
  customerNow,
  customerWithPhone,
  insertCounterCustomer,
  readCounterCustomer,
  recordCustomerEdit,
  pendingEdit,
  knownPhonePrefixes,
  NO_BRANCH_MESSAGE,
  readBranchProfile,
  type BranchProfile,
} from '../catalog/index.ts';
import { parsePhoneNumber } from '../../src-shared/customers/index.ts';
import {
  cartView,
  checkLineCount,
  checkModifiers,
  checkQuantity,
  checkTotal,
  emptyCart,
  findLine,
  headerOf,
  newLine,
  orderLimits,
  priceOf,
  withEdit,
  discountViews,
  refusePick,
  replicaCoupon,
  type Cart,
  type CartEdit,
  type CartHeader,
  type DiscountSetting,
} from '../orders/index.ts';
import { clearStationCart } from '../stations/index.ts';
import { refundDraft, saleDraft, saleQr } from './order-drafts.ts';
import {
  insertOrder,
  type OrderStamp,
  latestOrders,
  localSyncStatus,
  markRefunded,
  readOrder,
  readUpload,
  refundedSoFar,
  refundsOf,
  settleOrder,
  settlementBody,
  setZatcaQr,
  businessDayOf,
  readDayCutoffHour,
  QUEUED_UPLOAD,
} from '../orders/index.ts';
import { formatMinor } from '../../src-shared/money/index.ts';
import { PAY_LATER_METHOD_KEY } from '../../src-shared/pricing/index.ts';
import { encodeZatcaQr, formatZatcaTimestamp } from '../../src-shared/zatca/index.ts';
import { enqueueRecord, openShiftRow, requireOpenShift } from '../shifts/index.ts';
import type { LocalTill } from '../stations/index.ts';
import type { CheckoutStamper, StandardInvoiceHooks } from '../zatca/index.ts';

export type SellingMethods = Pick<TillApi, (typeof SELLING_METHODS)[number]>;

export interface SellingHooks {
  /** Called after an order's transaction commits (wake the uploader, the printer). Never awaited by checkout. */
  onOrderCommitted?: (order: OrderRecord) => void;
  /** Extra rows to write inside the checkout transaction (print jobs). */
  alsoWriteAtCheckout?: (order: OrderRecord, what?: { kitchen: boolean }) => void;
  /**
   * ZATCA phase 2: writes the numbered order's signed document inside its transaction and returns the QR for its
   * receipt (null: phase 1's); its `presign`, when it has one, signs the order before the transaction takes the lock.
   */
  stampAtCheckout?: CheckoutStamper;
  /** ZATCA standard (B2B) tax invoices, cleared before they print; without it a checkout naming a buyer is refused. */
  standardInvoices?: StandardInvoiceHooks;
  syncStatus?: () => SyncStatus;
  /** Called after a customer added at the counter is committed (wake the uploader). */
  onCustomerAdded?: () => void;
  /** After a product or an option was marked sold out or back (issue 34 item 6): every screen hears it. */
  onSoldOutChanged?: (items: SoldOutView[]) => void;
}

/**
 * Selling over the local replica and order store. Nothing here touches the
 * network: a sale works the same online and offline.
 */
export class SellingService implements SellingMethods {
  constructor(
    private readonly till: LocalTill,
    private readonly options: SellingHooks = {},
  ) {}

  /**
   * Who and which shift a sale, refund or payment is recorded under. A till
   * with cashiers sells only with one signed in and a shift open; a till
   * without any (tests, old databases) sells as before, under no shift.
   */
  private seller(): { cashier_id: string | null; cashier_name: string | null; shift_id: string | null; station: string } {
    const session = this.till.station();
    const station = session.code;
    const cashier = session.staff.require();
    if (cashier === null) return { cashier_id: null, cashier_name: null, shift_id: openShiftRow(this.till.db, station)?.id ?? null, station };
    // The calling station's drawer: a sale at B goes into B's shift, whoever else has one open.
    return { cashier_id: cashier.id, cashier_name: cashier.name, shift_id: requireOpenShift(this.till.db, station).id, station };
  }

  /** Who sells, with the branch the sale is made in: no sale without both. */
  private profile(): BranchProfile & { branchId: string } {
    const profile = readBranchProfile(this.till.db);
    if (!profile) throw new TillError('no_catalog', 'this till knows no market yet: sign in and sync first, or set one with `pos settings set market_id ID`');
    if (profile.branchId === null) throw new TillError('no_branch', NO_BRANCH_MESSAGE);
    return { ...profile, branchId: profile.branchId };
  }

  /**
   * The phase-2 stamp for one order made under `profile` (the one the sale already read: not read again inside the
   * transaction); what its presign signed ahead of the transaction goes to the stamp inside it. `unsigned`: the QR
   * when it signs nothing (phase 1's, left out of a draft that is stamped: saleDraft's qrAtStamp).
   */
  private stampUnder(profile: BranchProfile | null, unsigned?: (order: OrderRecord) => string | null): OrderStamp | undefined {
    const stamp = this.options.stampAtCheckout;
    if (!stamp) return undefined;
    const presign = stamp.presign;
    let presigned: unknown;
    const inside: OrderStamp = (order) => stamp(order, profile, presigned) || (unsigned?.(order) ?? null);
    if (presign) inside.prepare = (expected) => (presigned = presign(expected, profile));
    return inside;
  }

  /** The calling station's cart: never another screen's. */
  private get current(): Cart {
    return this.till.station().cart;
  }

  /** Decimal places of the replica's amounts (the market currency's, as of the last pull). */
  private decimals(): number {
    return currencyDecimals(this.till.db);
  }

  /** Priced with the one price rule for the order it is shown for (this screen's cart, or the tab the picker serves), and whether it is sold out today. */
  private card(product: SaleProduct, today: SoldOutToday, pricedFor?: { order_type: OrderType; price_list: string }) {
    return productCard(
      product,
      pricedFor?.price_list ?? this.current.price_list,
      pricedFor?.order_type ?? this.current.order_type,
      today.products.has(product.id),
    );
  }

  /** Today as sold-out marks count it: the business day under till.day_cutoff_hour, on the till's clock. */
  private businessDay(): string {
    return businessDayOf(this.till.now(), readDayCutoffHour(this.till.db));
  }

  /** What is sold out this business day. */
  soldOutNow(): SoldOutToday {
    return soldOutToday(this.till.db, this.businessDay());
  }

  /** Refuses a new line of a product, or with an option, sold out today (a cart's or a tab round's). */
  refuseSoldOut(product: SaleProduct, modifierIds: readonly string[], what: 'line' | 'options' = 'line'): void {
    refuseSoldOut(product, modifierIds, this.soldOutNow(), what);
  }

  private saleProduct(id: string): SaleProduct {
    const product = saleProducts(this.till.db, [id])[0];
    if (!product) throw new TillError('not_found', `product ${id} is not in the catalog (or not active); sync the catalog or pick another`);
    return product;
  }

  /** The service's discounts as they stand at `now` (the till's clock) in this branch: what priceOf judges them by. */
  private discountSetting(branchId: string, now = this.till.now()): DiscountSetting {
    return serviceDiscountsAt(this.till.db, now, branchId);
  }

  private view(): CartView {
    return this.viewOf(this.current);
  }

  private viewOf(cart: Cart): CartView {
    const profile = this.profile();
    return cartView(cart, priceOf(cart, profile.tax, this.discountSetting(profile.branchId)), this.decimals());
  }

  /**
   * Applies one change to the calling station's cart and keeps it, only if
   * the result is within the order limits and can be priced. The station
   * writes only what the change touches (one line, or the header); pricing
   * and the view are still of the whole cart, which the limits keep small.
   */
  private change(edit: CartEdit): CartView {
    const limits = orderLimits(this.till.db);
    const before = this.current;
    // Only what grows is held to a limit: a cart over one (kept from before it, or the limit lowered) can still shrink.
    if (edit.kind === 'line') {
      const was = before.lines.find((l) => l.line_id === edit.line.line_id);
      if (!was || edit.line.quantity > was.quantity) checkQuantity(edit.line.quantity, limits);
    }
    const next = withEdit(before, edit);
    if (next.lines.length > before.lines.length) checkLineCount(next.lines.length, limits);
    const profile = this.profile();
    const discounts = this.discountSetting(profile.branchId);
    const priced = priceOf(next, profile.tax, discounts);
    if (priced.total > limits.total && priced.total > priceOf(before, profile.tax, discounts).total) checkTotal(priced.total, limits);
    const view = cartView(next, priced, this.decimals());
    this.till.station().change(edit);
    return view;
  }

  /** A change of the cart's header (order type, table, customer, price list, order discount). */
  private changeHeader(mutate: (header: CartHeader) => void): CartView {
    const header = headerOf(this.current);
    mutate(header);
    return this.change({ kind: 'header', header });
  }

  /**
   * Works out the figures read from the whole replica (per-catalog.ts) before
   * the first screen asks for them: on a 100,000-product replica they take
   * the host a second or more (issue 34 item 8).
   */
  warmCatalogFigures(): void {
    categoriesWithCounts(this.till.db);
    methodsWithOwnPrices(this.till.db);
    // The first cart a screen asks for (its start) is priced on the branch's wall clock: ICU loads the time zone's
    // data at its first use, 20 to 120 ms, and the branch profile and discounts are read: an empty cart does it now.
    this.viewOf(emptyCart());
  }

  async categories() {
    return categoriesWithCounts(this.till.db);
  }

  async products(input: TillInputs['products']) {
    const { category_id, offset, limit, priced_for } = parseInput('products', input);
    const { ids, total } = productIdsInCategory(this.till.db, category_id, offset, limit);
    const today = this.soldOutNow();
    return { items: saleProducts(this.till.db, ids).map((p) => this.card(p, today, priced_for)), total };
  }

  async search(input: TillInputs['search']) {
    const { query, limit, priced_for } = parseInput('search', input);
    const today = this.soldOutNow();
    return saleProducts(
      this.till.db,
      searchProducts(this.till.db, query, limit).map((hit) => hit.id),
    ).map((p) => this.card(p, today, priced_for));
  }

  async product(input: TillInputs['product']) {
    const { id, priced_for } = parseInput('product', input);
    const product = this.saleProduct(id);
    const today = this.soldOutNow();
    return {
      ...this.card(product, today, priced_for),
      description_en: product.description_en,
      description_ar: product.description_ar,
      // Each option at what it adds on the price list shown (a delivery app prices a larger size its own way), as the line charges it.
      modifiers: product.modifiers.map((m) => ({
        ...m,
        price: modifierPriceOf(product, m, priced_for?.price_list ?? this.current.price_list),
        sold_out: today.modifiers.has(m.id),
      })),
    };
  }

  async paymentMethods(): Promise<PaymentMethodView[]> {
    const priced = methodsWithOwnPrices(this.till.db);
    return paymentMethodRows(this.till.db).map((method) => ({ ...method, has_prices: priced.has(method.key) }));
  }

  async customers(input: TillInputs['customers']): Promise<CustomerView[]> {
    const { query, limit } = parseInput('customers', input);
    return findCustomers(this.till.db, query, limit);
  }

  async cart() {
    return this.view();
  }

  async addItem(input: TillInputs['addItem']) {
    const { product_id, quantity, modifier_ids, notes } = parseInput('addItem', input);
    const product = this.saleProduct(product_id);
    this.refuseSoldOut(product, modifier_ids);
    return this.change({ kind: 'line', line: newLine(product, quantity, modifier_ids, notes) });
  }

  async scan(input: TillInputs['scan']) {
    const { code } = parseInput('scan', input);
    const hit = findBarcode(this.till.db, code);
    if (!hit) throw new TillError('not_found', `no product has the barcode ${code}; check the label or search by name`);
    const product = this.saleProduct(hit.product_id);
    this.refuseSoldOut(product, hit.modifier_id ? [hit.modifier_id] : []);
    return this.change({ kind: 'line', line: newLine(product, 1, hit.modifier_id ? [hit.modifier_id] : [], null) });
  }

  async updateItem(input: TillInputs['updateItem']) {
    const { line_id, quantity, modifier_ids, notes, discount } = parseInput('updateItem', input);
    // A copy of the one line changed: the kept cart's lines are never changed in place.
    const line = { ...findLine(this.current, line_id) };
    if (quantity !== undefined) line.quantity = quantity;
    if (modifier_ids !== undefined) {
      checkModifiers(line.product, modifier_ids);
      // Only an option newly chosen is held to today's marks: the line's own stay as they were rung up.
      this.refuseSoldOut(
        line.product,
        modifier_ids.filter((id) => !line.modifier_ids.includes(id)),
        'options',
      );
      line.modifier_ids = modifier_ids;
    }
    if (notes !== undefined) line.notes = notes;
    if (discount !== undefined) line.discount = discount;
    return this.change({ kind: 'line', line });
  }

  async removeItem(input: TillInputs['removeItem']) {
    const { line_id } = parseInput('removeItem', input);
    findLine(this.current, line_id);
    return this.change({ kind: 'remove', line_id });
  }

  async setOrderType(input: TillInputs['setOrderType']) {
    const { type, table_id } = parseInput('setOrderType', input);
    return this.changeHeader((header) => {
      header.order_type = type;
      header.table_id = table_id;
    });
  }

  async setCustomer(input: TillInputs['setCustomer']) {
    const { customer_id } = parseInput('setCustomer', input);
    if (customer_id !== null && !hasCustomer(this.till.db, customer_id)) {
      throw new TillError('not_found', `customer ${customer_id} is not in the catalog; sync, or sell without a customer`);
    }
    return this.changeHeader((header) => void (header.customer_id = customer_id));
  }

  async addCustomer(input: TillInputs['addCustomer']) {
    const { name, phone, email, attach } = parseInput('addCustomer', input);
    const parsed = parsePhoneNumber(phone, knownPhonePrefixes(this.till.db));
    if ('problem' in parsed) {
      throw new TillError('invalid_input', `addCustomer: phone: ${phone} is not a phone number with its country code (+ and 8 to 15 digits)`, {
        code: parsed.problem,
      });
    }
    const existing = customerWithPhone(this.till.db, parsed.prefix, parsed.number);
    if (existing) {
      throw new TillError(
        'customer_exists',
        `${existing.name} (${existing.id}) already has the phone +${parsed.prefix} ${parsed.number}: choose that customer instead of adding one`,
        { code: 'customer_exists', params: { id: existing.id, name: existing.name } },
      );
    }
    // One transaction: a customer the cart could not take is not kept either, so the cashier's retry is not refused as a duplicate.
    const { row, cart } = this.till.db.transaction(() => {
      const row = insertCounterCustomer(this.till.db, { name, phone_prefix: parsed.prefix, phone: parsed.number, email }, this.till.now());
      return { row, cart: attach ? this.changeHeader((header) => void (header.customer_id = row.id)) : null };
    })();
    this.options.onCustomerAdded?.();
    return { customer: counterCustomerView(row), cart };
  }

  /**
   * Corrects a customer's name, phone or email at the counter (issue 35):
   * kept here at once and uploaded once with Customers Update (after the
   * customer's Create when it was added here and not yet sent). The phone is
   * read as addCustomer reads it, and one another customer has is refused.
   */
  async updateCustomer(input: TillInputs['updateCustomer']): Promise<{ customer: EditedCustomerView; cart: CartView | null }> {
    const { id, name, phone, email } = parseInput('updateCustomer', input);
    const db = this.till.db;
    const known = customerNow(db, id);
    if (!known) throw new TillError('not_found', `this till has no customer ${id}; search again`, { code: 'customer_unknown' });
    let phonePrefix = known.phone_prefix;
    let phoneNumber = known.phone;
    if (phone !== undefined) {
      const parsed = parsePhoneNumber(phone, knownPhonePrefixes(db));
      if ('problem' in parsed) {
        throw new TillError('invalid_input', `updateCustomer: phone: ${phone} is not a phone number with its country code (+ and 8 to 15 digits)`, {
          code: parsed.problem,
        });
      }
      phonePrefix = parsed.prefix;
      phoneNumber = parsed.number;
      const other = customerWithPhone(db, phonePrefix, phoneNumber);
      if (other && other.id !== id && readCounterCustomer(db, id)?.service_id !== other.id) {
        throw new TillError(
          'customer_exists',
          `${other.name} (${other.id}) already has the phone +${phonePrefix} ${phoneNumber}: a phone belongs to one customer`,
          {
            code: 'customer_phone_taken',
            params: { id: other.id, name: other.name },
          },
        );
      }
    }
    const fields = { name: name ?? known.name, phone_prefix: phonePrefix, phone: phoneNumber, email: email ?? known.email };
    const unchanged = (Object.keys(fields) as (keyof typeof fields)[]).every((key) => fields[key] === known[key]);
    const edit = unchanged ? (pendingEdit(db, id) ?? null) : recordCustomerEdit(db, id, fields, this.till.now());
    if (!unchanged) this.options.onCustomerAdded?.();
    // The cart that names this customer shows the new fields at its next read; nothing in it changes.
    const cart = this.current.customer_id === id ? this.view() : null;
    return {
      customer: { id, ...fields, upload: edit ? { state: edit.state, last_error: edit.last_error } : { state: 'synced', last_error: null } },
      cart,
    };
  }

  async setPriceList(input: TillInputs['setPriceList']) {
    const { method_key } = parseInput('setPriceList', input);
    if (!paymentMethodRows(this.till.db).some((m) => m.key === method_key)) {
      throw new TillError('not_found', `payment method ${method_key} is not in the catalog`);
    }
    return this.changeHeader((header) => void (header.price_list = method_key));
  }

  async setOrderDiscount(input: TillInputs['setOrderDiscount']) {
    const { discount } = parseInput('setOrderDiscount', input);
    return this.changeHeader((header) => void (header.order_discount = discount));
  }

  async discounts() {
    const profile = this.profile();
    const setting = this.discountSetting(profile.branchId);
    return discountViews(this.current, priceOf(this.current, profile.tax, setting), setting);
  }

  async pickDiscount(input: TillInputs['pickDiscount']) {
    const { discount_id, picked } = parseInput('pickDiscount', input);
    const profile = this.profile();
    const setting = this.discountSetting(profile.branchId);
    const was = this.current.picked_discounts ?? [];
    // Taking one off is always allowed; picking one is refused, in the cashier's words, when its rules do not hold now.
    if (picked) refusePick(discount_id, this.current, priceOf(this.current, profile.tax, setting), setting, this.decimals());
    return this.changeHeader((header) => {
      header.picked_discounts = picked ? [...was.filter((id) => id !== discount_id), discount_id] : was.filter((id) => id !== discount_id);
    });
  }

  /** The coupons and rewards on the calling station's cart (issue 35). */
  cartPromotions(): AppliedPromotion[] {
    return this.current.promotions ?? [];
  }

  /**
   * Puts a coupon's or reward's discount on the calling station's cart, after
   * the promotions service checked its code (the network stays out of here).
   * A code already on the cart is refused: it counts once an order.
   */
  addPromotion(promotion: AppliedPromotion): CartView {
    if (this.cartPromotions().some((p) => p.code === promotion.code)) throw promotionAlreadyApplied(promotion.code);
    return this.changeHeader((header) => void (header.promotions = [...(header.promotions ?? []), promotion]));
  }

  /** coupons.offline = replica: the replica's discount with this coupon code whose rules hold for the calling station's cart now, or null. */
  replicaCoupon(code: string): Omit<AppliedPromotion, 'source' | 'code' | 'verified'> | null {
    const profile = this.profile();
    const setting = this.discountSetting(profile.branchId);
    return replicaCoupon(code, this.current, priceOf(this.current, profile.tax, setting), setting);
  }

  /** Takes a coupon or reward off the calling station's cart. */
  async removeCode(input: TillInputs['removeCode']): Promise<CartView> {
    const { code } = parseInput('removeCode', input);
    if (!this.cartPromotions().some((p) => p.code === code)) throw new TillError('not_found', `the cart has no coupon or reward ${code}`);
    return this.changeHeader((header) => void (header.promotions = (header.promotions ?? []).filter((p) => p.code !== code)));
  }

  async voidCart(input?: TillInputs['voidCart']) {
    parseInput('voidCart', input);
    this.till.station().clearCart();
    return this.view();
  }

  async parkCart(input: TillInputs['parkCart']): Promise<ParkedCartView> {
    const { label } = parseInput('parkCart', input);
    if (this.current.lines.length === 0) throw new TillError('empty_cart', 'the cart is empty: there is nothing to park');
    return this.parkCurrent(label);
  }

  private parkCurrent(label: string): ParkedCartView {
    const view = this.view();
    const parked = {
      id: this.till.newUuid(),
      label: label || `Cart ${new Date(this.till.now()).toTimeString().slice(0, 5)}`,
      parked_at: this.till.now(),
      parked_by: this.till.station().staff.current()?.name ?? null,
    };
    const station = this.till.station();
    const cart = station.cart;
    this.till.db.transaction(() => {
      parkCart(this.till.db, { ...parked, cart });
      station.clearCart();
    })();
    return this.parkedView({ ...parked, cart }, view.total);
  }

  private parkedView(row: ParkedCart, total: number): ParkedCartView {
    const { cart } = row;
    return {
      id: row.id,
      label: row.label,
      parked_at: row.parked_at,
      lines: cart.lines.length,
      total,
      order_type: cart.order_type,
      table_id: cart.table_id,
      cashier: row.parked_by,
      items: cart.lines.map((l) => ({ name_en: l.product.name_en, name_ar: l.product.name_ar, quantity: l.quantity })),
    };
  }

  async parkedCarts(): Promise<ParkedCartView[]> {
    const profile = this.profile();
    const discounts = this.discountSetting(profile.branchId);
    return parkedCarts(this.till.db).map((row) => this.parkedView(row, priceOf(row.cart, profile.tax, discounts).total));
  }

  async resumeCart(input: TillInputs['resumeCart']) {
    const { id, park_current } = parseInput('resumeCart', input);
    if (this.current.lines.length > 0 && !park_current) {
      throw new TillError('cart_not_empty', 'finish, park or void the current cart before resuming another');
    }
    const station = this.till.station();
    // Taken from the parked ones and kept as this station's cart in one transaction: a crash between cannot lose it.
    const cart = this.till.db.transaction(() => {
      const taken = takeParkedCart(this.till.db, id);
      if (!taken) return undefined;
      // The order in progress is parked only once the one asked for was taken: a lost race parks nothing.
      if (station.cart.lines.length > 0) this.parkCurrent('');
      station.setCart(taken);
      return taken;
    })();
    if (!cart) throw new TillError('not_found', `there is no parked cart ${id}; another screen may have resumed it already`);
    return this.view();
  }

  async checkout(input: TillInputs['checkout']): Promise<OrderView> {
    const { payments, cash_tendered, pay_later_name, buyer } = parseInput('checkout', input);
    if (this.current.lines.length === 0) throw new TillError('empty_cart', 'the cart is empty: add items before taking payment');
    const b2b = buyer ? this.b2b() : null;
    // A standard invoice needs ZATCA now: refused before anything is written (no order, no counter used) when it cannot be had.
    if (b2b) await b2b.ready();
    if (this.current.lines.length === 0) throw new TillError('empty_cart', 'the cart is empty: add items before taking payment');
    const profile = this.profile();
    const seller = this.seller();
    const station = this.till.station();
    const cart = station.cart;
    // The discounts are judged at the moment the order is made, the moment it carries.
    const createdAt = this.till.now();
    const pricedCart = priceOf(cart, profile.tax, this.discountSetting(profile.branchId, createdAt));
    // The limits hold at payment too: a cart kept from before them, or under a limit lowered since, is not sold over them.
    const limits = orderLimits(this.till.db);
    checkLineCount(cart.lines.length, limits);
    checkTotal(pricedCart.total, limits);
    const settlement = settlePayments(pricedCart.total, payments, cash_tendered);
    // A sale the phase-2 stamp signs carries its QR: phase 1's is made only if the stamp signs nothing (made twice before).
    const qrAtStamp = !b2b && this.options.stampAtCheckout !== undefined;
    const draft = { ...saleDraft({ uuid: this.till.newUuid(), createdAt, cart, priced: pricedCart, settlement, profile, qrAtStamp }), ...seller };
    // Who owes what is left on PAY_LATER, when no customer from the catalog says it.
    if (!settlement.is_paid && pay_later_name) draft.notes = pay_later_name;
    // A B2B sale's receipt waits for ZATCA's cleared invoice and its QR: no phase-1 QR, no print jobs yet.
    if (b2b) draft.zatca_qr = null;
    // The kept cart goes in the order's own transaction: a crash after the commit cannot bring a paid cart back.
    const record = insertOrder(
      this.till.db,
      draft,
      (order) => {
        clearStationCart(this.till.db, station.key, createdAt);
        if (!b2b) this.options.alsoWriteAtCheckout?.(order);
      },
      b2b && buyer
        ? (order) => {
            b2b.stamp(order, buyer);
            return null;
          }
        : this.stampUnder(profile, qrAtStamp ? (order) => saleQr(order, profile) : undefined),
    );
    // Its rows went with the order's transaction: not deleted a second time.
    station.cartGone();
    void checkpointSoon(this.till.db);
    this.options.onOrderCommitted?.(record);
    // A sale just written is queued and has no refund yet: its view needs no read back.
    if (!b2b) return { ...record, upload: { ...QUEUED_UPLOAD } };
    return this.afterClearance(record.uuid, await b2b.clear(record.uuid));
  }

  private b2b(): StandardInvoiceHooks {
    const hooks = this.options.standardInvoices;
    if (!hooks) {
      throw new TillError('zatca_clearance', 'this till does not issue standard (B2B) tax invoices here: sell with a simplified invoice', {
        code: 'zatca.b2bNotOnboarded',
      });
    }
    return hooks;
  }

  /**
   * Cleared: the cleared document's QR on the order and its receipt printed now. Otherwise a sale waits for a simplified
   * invoice, a refund for its credit note issued again (clearCreditNoteAgain).
   */
  private afterClearance(uuid: string, outcome: Awaited<ReturnType<StandardInvoiceHooks['clear']>>): OrderView {
    if (outcome.state === 'cleared') {
      this.till.db.transaction(() => {
        setZatcaQr(this.till.db, uuid, outcome.qr);
        this.options.alsoWriteAtCheckout?.(readOrder(this.till.db, uuid)!);
      })();
      this.options.onOrderCommitted?.(readOrder(this.till.db, uuid)!);
    }
    return this.orderView(readOrder(this.till.db, uuid)!);
  }

  async issueSimplifiedInvoice(input: TillInputs['issueSimplifiedInvoice']): Promise<OrderView> {
    const { uuid } = parseInput('issueSimplifiedInvoice', input);
    const order = readOrder(this.till.db, uuid);
    if (!order) throw new TillError('not_found', `this till has no order ${uuid}`);
    // A credit note follows the flow of the invoice it corrects: a refund of a tax invoice has no simplified way out.
    if (order.kind === 'REFUND') {
      throw new TillError(
        'zatca_clearance',
        `order ${order.number} is a refund of a tax invoice: its credit note must be cleared by ZATCA; issue it again instead`,
        {
          code: 'zatca.notReplaceable',
          params: { number: order.number },
        },
      );
    }
    const b2b = this.b2b();
    // Asked once more first (the same document): a clearance that happened unseen is found, and the sale does not get two invoices.
    if (b2b.clearanceOf(uuid)?.state === 'unanswered') {
      const outcome = await b2b.clear(uuid);
      if (outcome.state === 'cleared') return this.afterClearance(uuid, outcome);
    }
    this.till.db
      .transaction(() => {
        const current = readOrder(this.till.db, uuid)!;
        setZatcaQr(this.till.db, uuid, b2b.simplify(current));
        this.options.alsoWriteAtCheckout?.(readOrder(this.till.db, uuid)!);
      })
      .immediate();
    void checkpointSoon(this.till.db);
    const record = readOrder(this.till.db, uuid)!;
    this.options.onOrderCommitted?.(record);
    return this.orderView(record);
  }

  /**
   * A tab's part paid at the calling station (issue 21): the same order
   * path as checkout (that station's number, drawer and cashier, the one
   * outbox, receipt jobs and the ZATCA stamp in the order's transaction),
   * for lines priced by the tab. No kitchen tickets: the rounds were sent.
   * `alsoWrite` runs in that transaction (the part marked paid), so the
   * order and the tab's payment commit together or not at all. Runs inside
   * the caller's transaction when there is one; call `orderCommitted` after.
   */
  sellPriced(input: {
    cart: Cart;
    priced: PricedCart;
    payments: { method_key: string; amount: number }[];
    cash_tendered: number | undefined;
    alsoWrite: (order: OrderRecord) => void;
  }): { record: OrderRecord; settlement: Settlement } {
    const profile = this.profile();
    const seller = this.seller();
    checkTotal(input.priced.total, orderLimits(this.till.db));
    const settlement = settlePayments(input.priced.total, input.payments, input.cash_tendered);
    const draft = {
      ...saleDraft({ uuid: this.till.newUuid(), createdAt: this.till.now(), cart: input.cart, priced: input.priced, settlement, profile }),
      ...seller,
    };
    const record = insertOrder(
      this.till.db,
      draft,
      (order) => {
        input.alsoWrite(order);
        this.options.alsoWriteAtCheckout?.(order, { kitchen: false });
      },
      this.stampUnder(profile),
    );
    return { record, settlement };
  }

  /** After a sellPriced's transaction committed: the uploader and the printer hear of it; the view the screen gets. */
  orderCommitted(record: OrderRecord, settlement: Settlement): OrderView {
    void checkpointSoon(this.till.db);
    this.options.onOrderCommitted?.(record);
    return { ...this.orderView(readOrder(this.till.db, record.uuid) ?? record), tendered: settlement.cash_tendered, change_due: settlement.change };
  }

  private orderView(record: OrderRecord): OrderView {
    const view: OrderView = { ...record, upload: readUpload(this.till.db, record.uuid)! };
    const clearance = this.options.standardInvoices?.clearanceOf(record.uuid);
    if (clearance) view.clearance = clearance;
    if (record.kind === 'SALE') {
      const { lines } = refundedSoFar(this.till.db, record.uuid);
      if (lines.size > 0) view.refunded_lines = Object.fromEntries([...lines].map(([lineNo, done]) => [lineNo, done.quantity]));
      const refunds = refundsOf(this.till.db, record.uuid);
      if (refunds.length > 0) view.refunds = refunds;
    }
    return view;
  }

  async orders(input: TillInputs['orders']): Promise<OrderSummary[]> {
    const { limit, offset, search, filter } = parseInput('orders', input);
    const shiftId = filter === 'shift' ? (openShiftRow(this.till.db, this.till.station().code)?.id ?? null) : null;
    return latestOrders(this.till.db, { limit, offset, search, filter, shiftId });
  }

  async order(input: TillInputs['order']) {
    const { uuid } = parseInput('order', input);
    const record = readOrder(this.till.db, uuid);
    if (!record) throw new TillError('not_found', `this till has no order ${uuid}`);
    return this.orderView(record);
  }

  async refund(input: TillInputs['refund']) {
    const { uuid, lines, reason, method_key } = parseInput('refund', input);
    if (method_key !== undefined) {
      const method = paymentMethodRows(this.till.db).find((m) => m.key === method_key);
      if (!method || method.is_online || method_key === PAY_LATER_METHOD_KEY) {
        throw new TillError('invalid_input', `method_key: ${method_key} cannot give money back at the counter; choose cash or a card method`);
      }
    }
    const original = readOrder(this.till.db, uuid);
    if (!original) throw new TillError('not_found', `this till has no order ${uuid}`);
    if (original.kind !== 'SALE' || original.status === 'REFUNDED') {
      throw new TillError('not_refundable', `order ${original.number} is ${original.kind === 'REFUND' ? 'itself a refund' : 'already refunded'}`);
    }
    // A sale whose standard (B2B) invoice ZATCA cleared is refunded with a standard credit note, cleared before it prints.
    const b2b = this.creditNoteFor(original);
    const buyer = b2b?.buyerOf(original.uuid) ?? null;
    // Refused before anything is written (no refund, no counter used) when ZATCA cannot clear it now.
    if (b2b) await b2b.ready('credit');
    const seller = this.seller();
    const request = { lines: lines ? new Map(lines.map((l) => [l.line_no, l.quantity])) : null, reason, methodKey: method_key ?? null };
    // Read what was refunded and write the refund in one transaction: two refunds at once cannot both take the last unit.
    const record: OrderRecord = this.till.db
      .transaction(() => {
        const soFar = refundedSoFar(this.till.db, original.uuid);
        const profile = readBranchProfile(this.till.db);
        const draft = refundDraft(original, request, soFar, { uuid: this.till.newUuid(), createdAt: this.till.now(), profile });
        // A credit note's receipt waits for ZATCA's cleared note and its QR: no phase-1 QR, no print jobs yet.
        if (b2b) draft.zatca_qr = null;
        return insertOrder(
          this.till.db,
          { ...draft, ...seller },
          (refund) => {
            const after = refundedSoFar(this.till.db, original.uuid);
            if (original.lines.every((l) => (after.lines.get(l.line_no)?.quantity ?? 0) >= l.quantity)) markRefunded(this.till.db, original.uuid);
            if (!b2b) this.options.alsoWriteAtCheckout?.(refund);
          },
          b2b && buyer
            ? (refund) => {
                b2b.stamp(refund, buyer);
                return null;
              }
            : this.stampUnder(profile),
        );
      })
      .immediate();
    void checkpointSoon(this.till.db);
    this.options.onOrderCommitted?.(record);
    if (!b2b) return this.orderView(record);
    return this.afterClearance(record.uuid, await b2b.clear(record.uuid));
  }

  /**
   * The hooks that clear a refund's standard credit note, when the sale's standard invoice was cleared; null when the
   * sale's invoice is a simplified one (its refund is a simplified credit note, as before). A sale whose standard
   * invoice is not settled yet has no invoice to credit: refused.
   */
  private creditNoteFor(original: OrderRecord): StandardInvoiceHooks | null {
    const hooks = this.options.standardInvoices;
    const clearance = hooks?.clearanceOf(original.uuid);
    if (!hooks || !clearance || clearance.state === 'simplified') return null;
    if (clearance.state !== 'cleared') {
      throw new TillError(
        'not_refundable',
        `order ${original.number} has no invoice yet: ZATCA has not cleared its tax invoice. Issue its invoice first (the sale's receipt: Issue simplified invoice), then refund it`,
        { code: 'zatca.refundBeforeInvoice', params: { number: original.number } },
      );
    }
    return hooks;
  }

  async clearCreditNoteAgain(input: TillInputs['clearCreditNoteAgain']): Promise<OrderView> {
    const { uuid } = parseInput('clearCreditNoteAgain', input);
    const refund = readOrder(this.till.db, uuid);
    if (!refund) throw new TillError('not_found', `this till has no order ${uuid}`);
    const b2b = this.b2b();
    const clearance = b2b.clearanceOf(uuid);
    const buyer = refund.kind === 'REFUND' && refund.refund_of ? b2b.buyerOf(refund.refund_of) : null;
    if (!buyer || !clearance || clearance.state === 'cleared') {
      throw new TillError('zatca_clearance', `order ${refund.number} has no credit note waiting for ZATCA; nothing was issued`, {
        code: 'zatca.notReissuable',
        params: { number: refund.number },
      });
    }
    // Asked once more first (the same document): a clearance that happened unseen is found, and the refund does not get two notes.
    if (clearance.state === 'unanswered') {
      const outcome = await b2b.clear(uuid);
      if (outcome.state !== 'refused') return this.afterClearance(uuid, outcome);
    }
    // Refused: that note keeps its slot; a new one for the same refund takes the next, once ZATCA can be reached.
    await b2b.ready('credit');
    this.till.db.transaction(() => b2b.stamp(readOrder(this.till.db, uuid)!, buyer, this.till.newUuid())).immediate();
    void checkpointSoon(this.till.db);
    return this.afterClearance(uuid, await b2b.clear(uuid));
  }

  async settleOrder(input: TillInputs['settleOrder']): Promise<OrderView> {
    const { uuid, payments, cash_tendered } = parseInput('settleOrder', input);
    const order = readOrder(this.till.db, uuid);
    if (!order) throw new TillError('not_found', `this till has no order ${uuid}`);
    if (order.kind !== 'SALE' || order.status !== 'UNPAID') throw new TillError('not_refundable', `order ${order.number} is not waiting for payment`);
    if (payments.some((p) => p.method_key === PAY_LATER_METHOD_KEY))
      throw new TillError('invalid_input', 'payments: settle with a method that pays now, not PAY_LATER', { code: 'settle.payNow' });
    const owed = order.payments.filter((p) => p.method_key === PAY_LATER_METHOD_KEY).reduce((acc, p) => acc + p.amount, 0);
    const settlement = settlePayments(owed, payments, cash_tendered);
    const seller = this.seller();
    const profile = readBranchProfile(this.till.db);
    const paidAt = this.till.now();
    const settlementUuid = this.till.newUuid();
    settleOrder(
      this.till.db,
      {
        uuid,
        payments: settlement.payments,
        owed,
        payLaterKey: PAY_LATER_METHOD_KEY,
        shiftId: seller.shift_id,
        cashierId: seller.cashier_id,
        paidAt,
        zatcaQr: profile?.vatNumber
          ? encodeZatcaQr({
              sellerName: profile.sellerName,
              vatNumber: profile.vatNumber,
              timestamp: formatZatcaTimestamp(order.created_at),
              total: formatMinor(order.total),
              vatTotal: formatMinor(order.tax),
            })
          : null,
        settlementUuid,
      },
      (route) => {
        // Not read for upload yet: the payment travels inside the order. Otherwise it goes on its own, in this same transaction.
        if (route === 'own-record') {
          enqueueRecord(
            this.till.db,
            settlementUuid,
            'settlement',
            { ...settlementBody(this.till.db, settlementUuid, PAY_LATER_METHOD_KEY, currencyDecimals(this.till.db)) },
            paidAt,
            this.till.station().code,
          );
        }
      },
    );
    void checkpointSoon(this.till.db);
    const record = readOrder(this.till.db, uuid)!;
    this.options.onOrderCommitted?.(record);
    return { ...this.orderView(record), tendered: settlement.cash_tendered, change_due: settlement.change };
  }

  async soldOut(): Promise<SoldOutView[]> {
    return soldOutList(this.till.db, this.businessDay());
  }

  async markSoldOut(input: TillInputs['markSoldOut']): Promise<SoldOutView[]> {
    const { kind, id } = parseInput('markSoldOut', input);
    const session = this.till.station();
    const by = session.staff.current()?.name ?? `station ${session.code}`;
    markSoldOut(this.till.db, { kind, id, businessDay: this.businessDay(), at: this.till.now(), by });
    return this.soldOutChanged();
  }

  async markBack(input: TillInputs['markBack']): Promise<SoldOutView[]> {
    const { kind, id } = parseInput('markBack', input);
    markBack(this.till.db, kind, id, this.businessDay());
    return this.soldOutChanged();
  }

  /** Every screen hears the list as it is now, after the write. */
  private soldOutChanged(): SoldOutView[] {
    const items = soldOutList(this.till.db, this.businessDay());
    this.options.onSoldOutChanged?.(items);
    return items;
  }

  async syncStatus(): Promise<SyncStatus> {
    return this.options.syncStatus ? this.options.syncStatus() : localSyncStatus(this.till.db);
  }
}
