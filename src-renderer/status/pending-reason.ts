// Why orders are still waiting to upload, in the cashier's language. The
// host's status carries one English line (lastError); the kinds it can be
// are few and worded by the uploader, so the UI names the kind in words of
// its own (English and Arabic) and keeps the host's line as the detail.
import type { MessageKey } from '../../src-shared/i18n/index.ts';

const KINDS: readonly [RegExp, MessageKey][] = [
  [/does not prove the service stored/i, 'status.pendingWhy.unproven'],
  [/refused \d+ orders in one request|sends at most \d+ at a time/i, 'status.pendingWhy.tooMany'],
  [/refused a batch of \d+ orders without naming one/i, 'status.pendingWhy.refused'],
  [/^Could not reach the service/i, 'status.pendingWhy.offline'],
  [/^Session expired/i, 'status.pendingWhy.signIn'],
  [/has no POST|refused POST|\(403 /i, 'status.pendingWhy.setup'],
  [/failed on POST|asking the till to slow down|is not what the service sends/i, 'status.pendingWhy.serviceFailing'],
];

/** The message that says why orders wait, or null when nothing is waiting or no reason is known. */
export function pendingReasonKey(pending: number, lastError: string | null): MessageKey | null {
  if (pending === 0 || !lastError) return null;
  for (const [pattern, key] of KINDS) if (pattern.test(lastError)) return key;
  return 'status.pendingWhy.other';
}
