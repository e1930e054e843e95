import { TillError } from '../../../src-shared/errors/index.ts';
import { formatMinor, parseDecimal } from '../../../src-shared/money/index.ts';
import { ORDER_TYPES, type OrderType } from '../../../src-shared/pricing/index.ts';
import type { OrderView } from '../../../src-shared/selling/index.ts';
import { currencyDecimals } from '../../catalog/index.ts';
import { openDatabase, type TillDatabase } from '../../db/index.ts';
import { TillService } from '../../host/index.ts';
import { FileSecretStore } from '../../secrets/index.ts';
import { applyPromotionCode } from '../../promotions/index.ts';
import { ServiceClient } from '../../upstream/index.ts';
import { openShiftRow } from '../../shifts/index.ts';
import { listCashiers, publicCashier } from '../../staff/index.ts';
import { parseCommandArgs, requireOption, UsageError, type CliIo } from '../cli-io.ts';

/** One `--item`: PRODUCT_ID[xQTY][+MODIFIER_ID...]. */
export function parseItem(text: string): { product_id: string; quantity: number; modifier_ids: string[] } {
  const [head = '', ...modifiers] = text.split('+');
  const match = /^(.+?)(?:x(\d+))?$/.exec(head);
  if (!match || match[1] === '' || modifiers.some((m) => m === '')) {
    throw new UsageError(`pos sell: --item "${text}" is not PRODUCT_ID[xQTY][+MODIFIER_ID...]`);
  }
  const quantity = match[2] === undefined ? 1 : Number(match[2]);
  if (!Number.isSafeInteger(quantity) || quantity < 1) throw new UsageError(`pos sell: --item "${text}": the quantity must be a whole number of at least 1`);
  return { product_id: match[1]!, quantity, modifier_ids: modifiers };
}

/** The `--pay` list: METHOD_KEY[:AMOUNT]; one payment may leave its amount out and takes what is left of the total. */
function payments(texts: readonly string[], total: number, decimals: number): { method_key: string; amount: number }[] {
  const parsed = texts.map((text) => {
    const [key = '', amount] = text.split(':');
    if (key === '') throw new UsageError(`pos sell: --pay "${text}" is not METHOD_KEY[:AMOUNT]`);
    try {
      return { method_key: key, amount: amount === undefined ? null : parseDecimal(amount, `--pay ${key}`, decimals) };
    } catch (error) {
      throw new UsageError(`pos sell: ${(error as Error).message}`);
    }
  });
  const open = parsed.filter((p) => p.amount === null);
  if (open.length > 1) throw new UsageError('pos sell: at most one --pay may leave out its amount (it takes what is left of the total)');
  const given = parsed.reduce((sum, p) => sum + (p.amount ?? 0), 0);
  return parsed.map((p) => ({ method_key: p.method_key, amount: p.amount ?? total - given }));
}

/** Who sells: --cashier NAME, else the cashier of the shift open at this counter, else the only active one; none on a till without cashiers. */
function signIn(db: TillDatabase, till: TillService, name: string | undefined): void {
  const active = listCashiers(db).filter((c) => c.active);
  if (active.length === 0) {
    if (name !== undefined) throw new TillError('not_found', `this till has no cashiers: it sells under no name, so leave out --cashier`);
    return;
  }
  let cashier = name === undefined ? undefined : active.find((c) => c.name.toLowerCase() === name.toLowerCase());
  if (name !== undefined && !cashier) throw new TillError('not_found', `no active cashier is called "${name}": see \`pos cashiers\``);
  const shift = openShiftRow(db, till.station().code);
  cashier ??= active.find((c) => c.id === shift?.cashier_id) ?? (active.length === 1 ? active[0] : undefined);
  if (!cashier) throw new UsageError(`pos sell: this till has ${active.length} cashiers: name one with --cashier NAME`);
  till.staff.signInAs(publicCashier(cashier));
}

function report(order: OrderView, customer: string | null, decimals: number) {
  const money = (minor: number) => formatMinor(minor, decimals);
  return {
    uuid: order.uuid,
    number: order.number,
    lines: order.lines.map((l) => ({
      product_id: l.product_id,
      name_en: l.name_en,
      quantity: l.quantity,
      modifiers: l.modifiers.map((m) => m.modifier_id),
      unit_price: money(l.unit_price),
      discount: money(l.discount),
      total: money(l.total),
    })),
    discounts: (order.discounts ?? []).map((d) => ({
      discount_id: d.discount_id,
      name_en: d.name_en,
      scope: d.scope,
      amount: money(d.amount),
      // A coupon or reward (issue 35) names its code and whether the service confirmed it.
      ...(d.source === null ? {} : { source: d.source, code: d.code, verified: d.verified }),
    })),
    discount_total: money(order.discount_total),
    total: money(order.total),
    customer,
  };
}

/**
 * `pos sell` (issue 35): rings up one sale at the first counter through the
 * same till API a screen uses (add each item, the order type, the customer,
 * the service discounts picked, the coupon and the reward checked with the
 * service, then checkout), and prints the order. Exit
 * 0 sold, 1 refused (the cashier's message), 2 usage.
 */
export async function sellCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs('sell', argv, {
    db: { type: 'string' },
    item: { type: 'string', multiple: true },
    'order-type': { type: 'string' },
    discount: { type: 'string', multiple: true },
    coupon: { type: 'string' },
    reward: { type: 'string' },
    customer: { type: 'string' },
    pay: { type: 'string', multiple: true },
    cashier: { type: 'string' },
    'base-url': { type: 'string' },
    token: { type: 'string' },
    json: { type: 'boolean', default: false },
  });
  const dbFile = requireOption('sell', 'db', values.db);
  const items = (values.item ?? []).map(parseItem);
  if (items.length === 0) throw new UsageError('pos sell: give at least one --item PRODUCT_ID[xQTY][+MODIFIER_ID...]');
  if ((values.pay ?? []).length === 0) throw new UsageError('pos sell: give at least one --pay METHOD_KEY[:AMOUNT]');
  const orderType = values['order-type'];
  if (orderType !== undefined && !(ORDER_TYPES as readonly string[]).includes(orderType)) {
    throw new UsageError(`pos sell: --order-type must be one of ${ORDER_TYPES.join(', ')}`);
  }
  // Coupons and rewards are checked with the service the session beside the database keeps, or the one named here.
  const token = values.token ?? io.env.POS_TOKEN;
  if ((values['base-url'] === undefined) !== (token === undefined)) throw new UsageError('pos sell: give --base-url and --token (or POS_TOKEN) together');
  const db = openDatabase(dbFile);
  try {
    const till = new TillService({ db });
    const decimals = currencyDecimals(db);
    if (till.station().cart.lines.length > 0) {
      throw new TillError('cart_not_empty', 'the first counter has a sale in progress: finish or void it on its screen before selling from the command line');
    }
    try {
      signIn(db, till, values.cashier);
      for (const item of items) await till.addItem({ ...item, notes: null });
      if (orderType !== undefined) await till.setOrderType({ type: orderType as OrderType });
      let customer: string | null = null;
      if (values.customer !== undefined) {
        const found = await till.customers({ query: values.customer, limit: 2 });
        if (found.length !== 1) {
          throw new TillError(
            'not_found',
            found.length === 0 ? `no customer has the phone ${values.customer}` : `more than one customer matches ${values.customer}: give the whole number`,
          );
        }
        await till.setCustomer({ customer_id: found[0]!.id });
        customer = found[0]!.name;
      }
      for (const id of values.discount ?? []) await till.pickDiscount({ discount_id: id });
      const codes = [
        ...(values.coupon === undefined ? [] : [{ source: 'coupon' as const, code: values.coupon }]),
        ...(values.reward === undefined ? [] : [{ source: 'reward' as const, code: values.reward }]),
      ];
      for (const { source, code } of codes) {
        await applyPromotionCode(
          {
            db,
            secrets: new FileSecretStore(db),
            selling: till.selling,
            now: () => Date.now(),
            ...(values['base-url'] !== undefined && token !== undefined ? { client: new ServiceClient({ baseUrl: values['base-url'], token }) } : {}),
          },
          source,
          code,
        );
      }
      const cart = await till.cart();
      const order = await till.checkout({ payments: payments(values.pay ?? [], cart.total, decimals) });
      const shown = report(order, customer, decimals);
      if (values.json) io.out(JSON.stringify(shown));
      else {
        io.out(`Order ${shown.number} (${shown.uuid})${customer ? ` for ${customer}` : ''}`);
        for (const l of shown.lines)
          io.out(`  ${l.quantity} x ${l.name_en}  ${l.total}${l.discount !== formatMinor(0, decimals) ? ` (discount ${l.discount})` : ''}`);
        for (const d of shown.discounts) io.out(`  ${d.name_en}  -${d.amount}`);
        io.out(`Total ${shown.total}`);
      }
      return 0;
    } catch (error) {
      // Refused: nothing of this sale stays on the counter.
      await till.voidCart().catch(() => undefined);
      throw error;
    }
  } finally {
    db.close();
  }
}
