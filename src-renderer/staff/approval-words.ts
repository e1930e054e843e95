import type { Discount } from '../../src-shared/pricing/index.ts';
import type { CartView } from '../../src-shared/selling/index.ts';
import type { Minor } from '../../src-shared/money/index.ts';
import { isolate, money, percent, type LocaleState } from '../state/index.ts';
import type { ApprovalWords } from './approval-sheets.svelte.ts';

// The plain words of each approval (issue 23, part 2): what the manager is
// approving, with its figures, in the UI's language. Amounts and names are
// isolated so they keep their direction inside an Arabic sentence.

type Words = Pick<LocaleState, 't' | 'name'>;

/** "12.50 SAR", kept together left to right. */
export function moneyText(amount: Minor, locale: Pick<LocaleState, 't'>): string {
  return isolate(`${money(amount)} ${locale.t('common.sar')}`);
}

/** A percentage of hundredths ("10%"). */
export function percentText(hundredths: number): string {
  return isolate(`${percent(hundredths)}%`);
}

export function discountText(discount: Discount, locale: Pick<LocaleState, 't'>): string {
  return discount.kind === 'PERCENT' ? percentText(discount.value) : moneyText(discount.value, locale);
}

/** Voiding the whole order, or removing its last line (which empties it just the same). */
export function voidWords(cart: CartView, lineId: string | null, locale: Words): ApprovalWords {
  const line = lineId === null ? undefined : cart.lines.find((l) => l.line_id === lineId);
  if (line) return { key: 'approval.ask.removeLast', params: { name: isolate(locale.name(line)) } };
  const count = cart.lines.reduce((sum, l) => sum + l.quantity, 0);
  return { key: 'approval.ask.void', params: { count, amount: moneyText(cart.total, locale) } };
}
