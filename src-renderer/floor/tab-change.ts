import type { TabView } from '../../src-shared/floor/index.ts';
import type { TillApi } from '../../src-shared/api/index.ts';
import { describeError, type ErrorText, type TillState } from '../state/index.ts';

/** A change refused because another screen changed the tab first (its message names what changed). */
export function isStaleTab(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'stale_tab';
}

export type TabChangeResult = { ok: true; tab: TabView } | { ok: false; stale: boolean };

/**
 * Runs one change of a tab. Refused, the refusal is a notice in the
 * cashier's language (a stale tab's names what another screen did); the
 * caller then loads the tab again and keeps what was typed but not sent.
 */
export async function changeTab(
  till: Pick<TillState, 'api' | 'notify'>,
  work: (api: TillApi) => Promise<TabView>,
  explain: (error: unknown) => ErrorText = describeError,
): Promise<TabChangeResult> {
  try {
    return { ok: true, tab: await work(till.api) };
  } catch (error) {
    till.notify('error', explain(error));
    return { ok: false, stale: isStaleTab(error) };
  }
}
