import { writeSync } from 'node:fs';
import { formatMinor } from '../../../src-shared/money/index.ts';
import { ORDER_TYPES, PAY_LATER_METHOD_KEY, CASH_METHOD_KEY } from '../../../src-shared/pricing/index.ts';
import { createPrng, type Prng } from '../../../src-shared/random/index.ts';
import { type CartView } from '../../../src-shared/selling/index.ts';
import { TillError } from '../../../src-shared/errors/index.ts';
import { activeProductIds, paymentMethodRows } from '../../catalog/index.ts';
import { openDatabase } from '../../db/index.ts';
import { FileSecretStore } from '../../secrets/index.ts';
import { TillService } from '../../host/index.ts';
import { checkoutStamp, egsStampOptions } from '../../zatca/index.ts';
import { parseCommandArgs, parseInteger, requireOption, type CliIo } from '../cli-io.ts';
import { randomInt } from 'node:crypto';
import type { TillDatabase } from '../../db/index.ts';
import { openShiftRow } from '../../shifts/index.ts';
import { addCashier, listCashiers, publicCashier } from '../../staff/index.ts';
import { optionGroupsOf, type GroupedOption } from '../../../src-shared/catalog/index.ts';

/**
 * Sales go under the open shift, as its cashier. With no shift open, one is
 * opened with no float, by the first active cashier, or by a "simulate"
 * cashier made for it (a plain cashier with a random PIN, so the till still
 * asks for its first manager).
 */
async function sellUnderAShift(db: TillDatabase, till: TillService): Promise<void> {
  const open = openShiftRow(db, till.station().code);
  if (open) return till.staff.signInAs({ id: open.cashier_id, name: open.cashier, role: 'cashier', active: true });
  const cashier =
    listCashiers(db).find((c) => c.active) ??
    (await addCashier(db, { name: 'simulate', role: 'cashier', pin: String(randomInt(100_000, 1_000_000)) }, Date.now()));
  till.staff.signInAs(publicCashier(cashier));
  await till.openShift({ float: 0 });
}

/**
 * `pos simulate --db FILE --orders N [--seed S] [--json]`: rings up N random
 * orders through the till API against the replica, with no network. Each
 * line is printed (and flushed) only after its order's transaction commits,
 * so a printed uuid is a durable order.
 */
// Prints with writeSync, not io: a line on stdout must mean the order is committed, even if killed the next instant.
export async function simulateCommand(argv: string[], _io: CliIo): Promise<number> {
  const { values } = parseCommandArgs('simulate', argv, {
    db: { type: 'string' },
    orders: { type: 'string' },
    seed: { type: 'string' },
    json: { type: 'boolean', default: false },
  });
  const dbFile = requireOption('simulate', 'db', values.db);
  const count = parseInteger('simulate', 'orders', requireOption('simulate', 'orders', values.orders), 1, 10_000_000)!;
  const random = createPrng(parseInteger('simulate', 'seed', values.seed, 0, 2 ** 32 - 1) ?? Date.now() % 2 ** 32);
  const db = openDatabase(dbFile);
  try {
    // Phase 2 as at the counter: once the EGS unit is onboarded every simulated sale is a signed document.
    const stampAtCheckout = checkoutStamp(egsStampOptions(db, () => new FileSecretStore(db)));
    const till = new TillService({ db, stampAtCheckout });
    await sellUnderAShift(db, till);
    const productIds = activeProductIds(db);
    if (productIds.length === 0) throw new TillError('no_catalog', `the replica ${dbFile} has no products: run "pos sync --db ${dbFile} ..." first`);
    const methods = paymentMethodRows(db)
      .filter((m) => !m.is_online)
      .map((m) => m.key);
    // Writing straight to the file descriptor flushes the line before the next order starts.
    const print = (line: string) => writeSync(1, `${line}\n`);
    for (let n = 0; n < count; n++) {
      const cart = await ringUpRandomCart(till, random, productIds);
      const { payments, cash_tendered } = randomPayments(random, cart, methods);
      const order = await till.checkout({ payments, ...(cash_tendered === undefined ? {} : { cash_tendered }) });
      const total = formatMinor(order.total);
      print(values.json ? JSON.stringify({ uuid: order.uuid, number: order.number, total }) : `order ${order.number}  ${total}  ${order.uuid}`);
    }
    return 0;
  } finally {
    db.close();
  }
}

const pick = <T>(random: Prng, items: readonly T[]): T => items[random.int(0, items.length - 1)]!;

/** Options a cashier could choose: about a third of each group's, within its rule (a required group answered, no more than its most: issue 34). */
function randomChoice(random: Prng, modifiers: readonly GroupedOption[]): string[] {
  return optionGroupsOf(modifiers).flatMap((group) => {
    const wanted = group.options.filter(() => random.next() < 0.3);
    const answered = wanted.length >= group.min ? wanted : [...wanted, ...group.options.filter((option) => !wanted.includes(option))].slice(0, group.min);
    return (group.max === null ? answered : answered.slice(0, group.max)).map((option) => option.id);
  });
}

async function ringUpRandomCart(till: TillService, random: Prng, productIds: string[]): Promise<CartView> {
  await till.setOrderType({ type: pick(random, ORDER_TYPES), table_id: null });
  let cart = await till.cart();
  const lines = random.int(1, 5);
  for (let tries = 0; cart.lines.length < lines && tries < lines * 5; tries++) {
    const product = await till.product({ id: pick(random, productIds) });
    const modifierIds = randomChoice(random, product.modifiers);
    try {
      cart = await till.addItem({
        product_id: product.id,
        quantity: random.int(1, 3),
        modifier_ids: modifierIds,
        notes: random.next() < 0.1 ? 'no sugar' : null,
      });
    } catch (error) {
      if (error instanceof TillError && error.code === 'cannot_price') continue; // a product without a price for this list
      throw error;
    }
    if (random.next() < 0.1) {
      const line = cart.lines.at(-1)!;
      cart = await till.updateItem({ line_id: line.line_id, discount: { kind: 'PERCENT', value: 1000 } });
    }
  }
  if (random.next() < 0.1 && cart.total > 1000) cart = await till.setOrderDiscount({ discount: { kind: 'AMOUNT', value: 500 } });
  return cart;
}

function randomPayments(random: Prng, cart: CartView, methods: string[]) {
  const total = cart.total;
  const cardMethods = methods.filter((m) => m !== CASH_METHOD_KEY && m !== PAY_LATER_METHOD_KEY);
  if (total === 0) return { payments: [], cash_tendered: undefined };
  const roll = random.next();
  if (roll < 0.45) {
    const tendered = random.next() < 0.5 ? (cart.quick_cash[0] ?? total) : total;
    return { payments: [{ method_key: CASH_METHOD_KEY, amount: total }], cash_tendered: tendered };
  }
  if (roll < 0.8 || total < 2 || cardMethods.length === 0) {
    return { payments: [{ method_key: cardMethods.length ? pick(random, cardMethods) : CASH_METHOD_KEY, amount: total }], cash_tendered: undefined };
  }
  if (roll < 0.95) {
    const cash = random.int(1, total - 1);
    return {
      payments: [
        { method_key: CASH_METHOD_KEY, amount: cash },
        { method_key: pick(random, cardMethods), amount: total - cash },
      ],
      cash_tendered: undefined,
    };
  }
  return {
    payments: [{ method_key: methods.includes(PAY_LATER_METHOD_KEY) ? PAY_LATER_METHOD_KEY : CASH_METHOD_KEY, amount: total }],
    cash_tendered: undefined,
  };
}
