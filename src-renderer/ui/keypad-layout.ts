/** What a key of the number pad sends: a digit, the decimal point, back (delete the last), or enter (the pad's action). */
export type KeypadKey = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '.' | 'back' | 'enter';

/**
 * The till's one number-pad layout, for the PIN and for amounts alike:
 * 1-2-3 on top as on a phone and a card terminal, then back, 0 and the
 * pad's own key in the corner (the decimal point for an amount, ✓ for a PIN).
 */
export const KEYPAD_ROWS = [
  ['1', '2', '3'],
  ['4', '5', '6'],
  ['7', '8', '9'],
  ['back', '0', 'corner'],
] as const;

/** The keys in reading order, the corner filled in as the pad asks. */
export function keypadKeys(corner: 'dot' | 'enter'): KeypadKey[] {
  return KEYPAD_ROWS.flat().map((key) => (key === 'corner' ? (corner === 'dot' ? '.' : 'enter') : key));
}
