import { randomUUID } from 'node:crypto';
import type { SellingApi, TillInputs } from '../../src-shared/till/index.ts';
import { deferCheckpoints, type TillDatabase } from '../db/index.ts';
import { SellingService, type SellingHooks } from './selling-service.ts';
import { ShiftService, type ShiftHooks } from './shift-service.ts';
import { StaffSession } from './staff-session.ts';

export interface TillOptions extends SellingHooks, ShiftHooks {
  db: TillDatabase;
  now?: () => number;
  newUuid?: () => string;
}

/**
 * The till that works from the local database alone (SellingApi): selling
 * and shifts, sharing who is at the till. The CLI and tests use it as it is;
 * the host composes its two services with the ones that need the network.
 */
export class TillService implements SellingApi {
  readonly selling: SellingService;
  readonly shifts: ShiftService;
  /** Who is at the till; the host's authorization hook reads it too. */
  readonly staff: StaffSession;

  constructor(options: TillOptions) {
    deferCheckpoints(options.db);
    const now = options.now ?? Date.now;
    this.staff = new StaffSession(options.db, now);
    const till = { db: options.db, now, newUuid: options.newUuid ?? randomUUID, staff: this.staff };
    this.selling = new SellingService(till, options);
    this.shifts = new ShiftService(till, options);
  }

  // Selling (SellingService).
  categories = () => this.selling.categories();
  products = (input: TillInputs['products']) => this.selling.products(input);
  search = (input: TillInputs['search']) => this.selling.search(input);
  product = (input: TillInputs['product']) => this.selling.product(input);
  paymentMethods = () => this.selling.paymentMethods();
  customers = (input: TillInputs['customers']) => this.selling.customers(input);
  cart = () => this.selling.cart();
  addItem = (input: TillInputs['addItem']) => this.selling.addItem(input);
  scan = (input: TillInputs['scan']) => this.selling.scan(input);
  updateItem = (input: TillInputs['updateItem']) => this.selling.updateItem(input);
  removeItem = (input: TillInputs['removeItem']) => this.selling.removeItem(input);
  setOrderType = (input: TillInputs['setOrderType']) => this.selling.setOrderType(input);
  setCustomer = (input: TillInputs['setCustomer']) => this.selling.setCustomer(input);
  setPriceList = (input: TillInputs['setPriceList']) => this.selling.setPriceList(input);
  setOrderDiscount = (input: TillInputs['setOrderDiscount']) => this.selling.setOrderDiscount(input);
  voidCart = (input?: TillInputs['voidCart']) => this.selling.voidCart(input);
  parkCart = (input: TillInputs['parkCart']) => this.selling.parkCart(input);
  parkedCarts = () => this.selling.parkedCarts();
  resumeCart = (input: TillInputs['resumeCart']) => this.selling.resumeCart(input);
  checkout = (input: TillInputs['checkout']) => this.selling.checkout(input);
  orders = (input: TillInputs['orders']) => this.selling.orders(input);
  order = (input: TillInputs['order']) => this.selling.order(input);
  refund = (input: TillInputs['refund']) => this.selling.refund(input);
  settleOrder = (input: TillInputs['settleOrder']) => this.selling.settleOrder(input);
  syncStatus = () => this.selling.syncStatus();

  // Staff and shifts (ShiftService).
  staffState = () => this.shifts.staffState();
  cashiers = () => this.shifts.cashiers();
  addCashier = (input: TillInputs['addCashier']) => this.shifts.addCashier(input);
  updateCashier = (input: TillInputs['updateCashier']) => this.shifts.updateCashier(input);
  unlock = (input: TillInputs['unlock']) => this.shifts.unlock(input);
  lock = () => this.shifts.lock();
  openShift = (input: TillInputs['openShift']) => this.shifts.openShift(input);
  cashMovement = (input: TillInputs['cashMovement']) => this.shifts.cashMovement(input);
  shiftReport = (input: TillInputs['shiftReport']) => this.shifts.shiftReport(input);
  closeShift = (input: TillInputs['closeShift']) => this.shifts.closeShift(input);
  dayReport = (input: TillInputs['dayReport']) => this.shifts.dayReport(input);
}
