/**
 * A clearance answer that says CLEARED but proves nothing (no cleared
 * document, another document, no valid ZATCA stamp): the invoice is not
 * counted as cleared. It keeps its ICV and stays clearing (asked again with
 * backoff, or replaced by a simplified invoice after one more ask); the
 * manager is told why, in both languages (reason zatca.clearanceUnproven).
 */
import { TillError } from '../../src-shared/errors/index.ts';

export function clearanceUnproven(problem: string): TillError {
  return new TillError(
    'zatca_clearance',
    `ZATCA's answer said cleared, but it is not counted as cleared: ${problem}. The invoice keeps its number and is not printed; check where this till sends its invoices (Branch → ZATCA)`,
    { code: 'zatca.clearanceUnproven', params: { problem } },
  );
}
