import type { TabView } from '../../src-shared/floor/index.ts';
import type { ErrorText } from '../state/index.ts';
import type { DraftLine } from './draft-round.ts';

/**
 * What the tab's Pay covers, in the cashier's words: every round on the
 * tab (those not sent yet go to the kitchen when it is paid), and the round
 * being taken on this screen, which Pay adds to the tab first. Null: there
 * is nothing to pay, and Pay is disabled with the reason.
 */
export function payCovers(tab: Pick<TabView, 'lines'>, draft: readonly Pick<DraftLine, 'quantity'>[]): { text: ErrorText; payable: boolean } {
  const items = (lines: readonly { quantity: number }[]) => lines.reduce((sum, l) => sum + l.quantity, 0);
  if (draft.length > 0) return { text: { key: 'tab.coversDraft', params: { count: items(draft) } }, payable: true };
  if (tab.lines.length === 0) return { text: { key: 'tab.coversNothing' }, payable: false };
  const unsent = tab.lines.filter((l) => l.sent_at === null);
  if (unsent.length === 0) return { text: { key: 'tab.coversSent' }, payable: true };
  return { text: { key: 'tab.coversUnsent', params: { count: items(unsent) } }, payable: true };
}
