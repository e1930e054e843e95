/**
 * A kitchen bump bar is a keyboard with a few keys: it types digits, Enter
 * and whatever else it is programmed to. The display reads these keys:
 * 1–9 select the ticket at that position (oldest first), Enter bumps the
 * selected ticket, 0 recalls the last one bumped. Main row and keypad alike
 * (by `code`, so a keyboard in the Arabic layout works too).
 */
export type BumpBarAction = { kind: 'select'; position: number } | { kind: 'bump' } | { kind: 'recall' };

/** The keys as the screen shows them: the same list the handler reads, so the legend cannot drift from it. */
export const BUMP_BAR_KEYS = { select: '1–9', bump: 'Enter', recall: '0' } as const;

export interface KeyPress {
  key: string;
  code: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

/** The bump bar's action for one key press, or null for a key it does not use (left to the page). */
export function bumpBarAction(press: KeyPress): BumpBarAction | null {
  if (press.altKey || press.ctrlKey || press.metaKey) return null;
  const digit = /^(?:Digit|Numpad)(\d)$/.exec(press.code)?.[1] ?? (/^\d$/.test(press.key) ? press.key : null);
  if (digit === '0') return { kind: 'recall' };
  if (digit !== null) return { kind: 'select', position: Number(digit) };
  if (press.key === 'Enter' || press.code === 'NumpadEnter') return { kind: 'bump' };
  return null;
}
