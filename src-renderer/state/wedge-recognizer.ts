/**
 * Tells a keyboard-wedge scanner's burst from a person's typing, from the
 * keystrokes alone: it is given each key with the time the key was pressed
 * (the event's own time stamp, taken when the key arrived, not when the page
 * got round to it), so a busy page does not turn a scan into typing.
 * No clock of its own: tests drive it with synthetic times.
 */
export interface WedgeOptions {
  /** Longest pause between a scanner's keystrokes; people are slower. */
  maxGapMs?: number;
  /** Shorter bursts are people pressing keys. */
  minLength?: number;
}

export interface WedgeKey {
  key: string;
  /** When the key was pressed, in milliseconds on any clock that only moves forward. */
  at: number;
  /** A text field has focus, or a modifier is held: the keys are a person's. */
  typing: boolean;
}

/** `scan` with the code when Enter ends a burst; `pass` leaves the key to the page. */
export type WedgeVerdict = { kind: 'scan'; code: string } | { kind: 'pass' };

const PASS: WedgeVerdict = { kind: 'pass' };

export function createWedgeRecognizer(options: WedgeOptions = {}): (key: WedgeKey) => WedgeVerdict {
  const maxGap = options.maxGapMs ?? 60;
  const minLength = options.minLength ?? 4;
  let buffer = '';
  let lastAt = -Infinity;

  return ({ key, at, typing }) => {
    if (typing) {
      buffer = '';
      return PASS;
    }
    const gap = at - lastAt;
    if (key === 'Enter') {
      const code = buffer;
      buffer = '';
      return code.length >= minLength && gap <= maxGap ? { kind: 'scan', code } : PASS;
    }
    if (key.length !== 1) return PASS;
    buffer = gap <= maxGap ? buffer + key : key;
    lastAt = at;
    return PASS;
  };
}
