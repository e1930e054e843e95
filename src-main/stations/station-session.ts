import type { TillDatabase } from '../db/index.ts';
import { emptyCart, withEdit, type Cart, type CartEdit } from '../orders/index.ts';
import { clearStationCart, loadKeptCart, removeCartLine, saveCartHeader, saveCartLine, saveStationCart } from './station-carts.ts';
import { liveStationCodeOf, stationCodeOf } from './station-code.ts';
import { StaffSession } from '../staff/index.ts';

/** Where else a cashier is signed in: the other station's code, or null. */
type SignedInElsewhere = (cashierId: string, at: StationSession) => string | null;

/**
 * One screen of the branch: its cart (order type, customer and price list
 * are part of it) and who is signed in there. Two screens never share
 * either. The cart is kept in the database on every change, so a reload or
 * a hub restart finds it again: a change writes only the line or header it
 * touches, never the whole cart. The sign-in lives as long as the hub (a
 * restarted hub asks for the PIN again).
 */
export class StationSession {
  readonly staff: StaffSession;
  private open: Cart;
  /** Each kept line's place (the order lines were rung up in), and the place of the next new line. */
  private positions = new Map<string, number>();
  private nextPosition = 0;

  constructor(
    readonly key: string,
    private readonly db: TillDatabase,
    private readonly now: () => number,
    signedInElsewhere?: SignedInElsewhere,
    private readonly cartChanged: (key: string) => void = () => {},
  ) {
    this.staff = new StaffSession(db, now, signedInElsewhere && ((cashierId) => signedInElsewhere(cashierId, this)));
    const kept = loadKeptCart(db, key);
    this.open = kept?.cart ?? emptyCart();
    if (kept) this.placeLines(kept.cart, kept.positions);
  }

  private placeLines(cart: Cart, positions: readonly number[]): void {
    this.positions = new Map(cart.lines.map((line, i) => [line.line_id, positions[i]!]));
    this.nextPosition = positions.length === 0 ? 0 : Math.max(...positions) + 1;
  }

  /** The station's code: its orders are numbered CODE-001… and its cash goes to its own drawer (shift). */
  get code(): string {
    return stationCodeOf(this.db, this.key);
  }

  get cart(): Cart {
    return this.open;
  }

  /** Replaces the whole cart and keeps it (a parked cart resumed): one row per line. */
  setCart(cart: Cart): void {
    saveStationCart(this.db, this.key, cart, this.now());
    this.open = cart;
    this.placeLines(
      cart,
      cart.lines.map((_, i) => i),
    );
    this.cartChanged(this.key);
  }

  /** Applies one change and keeps it: one row written (the line, or the header), whatever the cart holds. */
  change(edit: CartEdit): void {
    const next = withEdit(this.open, edit);
    switch (edit.kind) {
      case 'line': {
        let position = this.positions.get(edit.line.line_id);
        if (position === undefined) position = this.nextPosition;
        saveCartLine(this.db, this.key, edit.line, position);
        this.positions.set(edit.line.line_id, position);
        if (position === this.nextPosition) this.nextPosition++;
        break;
      }
      case 'remove':
        removeCartLine(this.db, this.key, edit.line_id);
        this.positions.delete(edit.line_id);
        break;
      case 'header':
        saveCartHeader(this.db, this.key, edit.header, this.now());
        break;
    }
    this.open = next;
    this.cartChanged(this.key);
  }

  /** Empties the cart; inside a transaction (checkout) the row goes with the order or not at all. */
  clearCart(): void {
    clearStationCart(this.db, this.key, this.now());
    this.cartGone();
  }

  /** The cart's rows were deleted in a transaction that committed (checkout's, with its order): the screen's cart is empty now. */
  cartGone(): void {
    this.open = emptyCart();
    this.positions.clear();
    this.nextPosition = 0;
    this.cartChanged(this.key);
  }
}

/** The branch's stations by key, each made on its first call (its kept cart loaded then). */
export class StationSessions {
  private readonly sessions = new Map<string, StationSession>();
  private readonly cartListeners = new Set<(key: string) => void>();

  constructor(
    private readonly db: TillDatabase,
    private readonly now: () => number,
  ) {}

  get(key: string): StationSession {
    let session = this.sessions.get(key);
    if (!session)
      this.sessions.set(
        key,
        (session = new StationSession(
          key,
          this.db,
          this.now,
          (cashierId, at) => this.signedInElsewhere(cashierId, at),
          (changed) => this.cartListeners.forEach((listener) => listener(changed)),
        )),
      );
    return session;
  }

  /**
   * Tells `listener` the key of each station whose cart was replaced or
   * emptied, as it happens: possibly inside the transaction that writes it,
   * so a listener that reads or sends anything waits for the commit (a
   * microtask). Returns the unsubscribe.
   */
  onCartChanged(listener: (key: string) => void): () => void {
    this.cartListeners.add(listener);
    return () => void this.cartListeners.delete(listener);
  }

  /**
   * The code of another station where this cashier is signed in now, or null.
   * A cashier works at one station at a time: their sales go into that
   * station's drawer, and a second screen left signed in under their name
   * would sell into another drawer as them. Screens of one station (same
   * code) are one place.
   */
  signedInElsewhere(cashierId: string, at: StationSession): string | null {
    const here = at.code;
    for (const session of this.sessions.values()) {
      if (session === at || session.staff.current()?.id !== cashierId) continue;
      // A removed station's screen sells nothing: a cashier left signed in there is signed in nowhere.
      const code = liveStationCodeOf(this.db, session.key);
      if (code !== null && code !== here) return code;
    }
    return null;
  }
}
