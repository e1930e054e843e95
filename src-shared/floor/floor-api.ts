import type { FloorTable } from './floor-tables.ts';
import type { FloorTableView, RoundPriceView, TabView } from './tab-views.ts';
import type { FloorInputs } from './floor-inputs.ts';
import type { DiscountView, OrderView } from '../selling/index.ts';

/**
 * The floor (issue 21): the branch's tables and the open tabs on them,
 * shared by every counter station through the hub. Each change answers the
 * tab as it is now, with its new version; other screens hear a `tab` event.
 */
export interface FloorApi {
  /** The tables with their state (free; open tab with total, guests, age; paid and to be cleared), by area. */
  floor(): Promise<FloorTableView[]>;
  /** The tables a manager defines where the service has no Tables list (Branch screen; 'branch-settings'). */
  addTable(input: FloorInputs['addTable']): Promise<FloorTable[]>;
  removeTable(input: FloorInputs['removeTable']): Promise<FloorTable[]>;
  /** The open (and split, and paid but not cleared) tabs, newest last. */
  tabs(): Promise<TabView[]>;
  tab(input: FloorInputs['tab']): Promise<TabView>;
  openTab(input: FloorInputs['openTab']): Promise<TabView>;
  addRound(input: FloorInputs['addRound']): Promise<TabView>;
  /** The round being taken on a screen, priced with the tab's one price rule before it is added (the tab's running total). */
  priceRound(input: FloorInputs['priceRound']): Promise<RoundPriceView>;
  /** Sends every line not yet sent to the kitchen: tickets by category, through the print queue. */
  sendRound(input: FloorInputs['sendRound']): Promise<TabView>;
  removeTabLine(input: FloorInputs['removeTabLine']): Promise<TabView>;
  /** The service's discounts (issue 35) as they stand for this tab now, as `discounts()` gives them for a cart. */
  tabDiscounts(input: FloorInputs['tabDiscounts']): Promise<DiscountView[]>;
  /** Picks one for the tab, or takes it off; within its own rules it needs no manager (as at the counter). */
  pickTabDiscount(input: FloorInputs['pickTabDiscount']): Promise<TabView>;
  moveTab(input: FloorInputs['moveTab']): Promise<TabView>;
  mergeTabs(input: FloorInputs['mergeTabs']): Promise<TabView>;
  splitTab(input: FloorInputs['splitTab']): Promise<TabView>;
  /** One durable checkout at the calling station; resolves once the order is on disk. */
  payTab(input: FloorInputs['payTab']): Promise<OrderView>;
  /** The guests left: a paid tab's table is free again. */
  clearTab(input: FloorInputs['clearTab']): Promise<TabView>;
}

export const FLOOR_API_METHODS = [
  'floor',
  'addTable',
  'removeTable',
  'tabs',
  'tab',
  'openTab',
  'addRound',
  'priceRound',
  'sendRound',
  'removeTabLine',
  'tabDiscounts',
  'pickTabDiscount',
  'moveTab',
  'mergeTabs',
  'splitTab',
  'payTab',
  'clearTab',
] as const satisfies readonly (keyof FloorApi)[];
