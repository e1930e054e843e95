import { describe, expect, it } from 'vitest';
import { createWedgeRecognizer, type WedgeVerdict } from '../../../src-renderer/state/wedge-recognizer.ts';

/** Feeds `keys` pressed `gapMs` apart (Enter included) and returns the verdict for each. */
function press(keys: string[], gapMs: number | number[], options?: Parameters<typeof createWedgeRecognizer>[0], typing = false): WedgeVerdict[] {
  const recognize = createWedgeRecognizer(options);
  let at = 1_000;
  return keys.map((key, i) => {
    at += Array.isArray(gapMs) ? gapMs[i]! : gapMs;
    return recognize({ key, at, typing });
  });
}

const scans = (verdicts: WedgeVerdict[]) => verdicts.flatMap((v) => (v.kind === 'scan' ? [v.code] : []));
const code = [...'6281000000013'];

describe('telling a scanner from a person by the keys’ own time stamps', () => {
  it('a burst of 13 digits 8 ms apart ending in Enter is one scan', () => {
    expect(scans(press([...code, 'Enter'], 8))).toEqual(['6281000000013']);
  });

  it('the same keys at a person’s pace (150 ms apart) are typing, and Enter is left to the page', () => {
    const verdicts = press([...code, 'Enter'], 150);
    expect(scans(verdicts)).toEqual([]);
    expect(verdicts.at(-1)).toEqual({ kind: 'pass' });
  });

  it('a pause inside the burst starts a new one: only the keys after it count', () => {
    const gaps = code.map((_, i) => (i === 5 ? 500 : 8));
    expect(scans(press([...code, 'Enter'], [...gaps, 8]))).toEqual([code.slice(5).join('')]);
  });

  it('a short burst (three keys) is a person pressing keys, not a scan', () => {
    expect(scans(press(['1', '2', '3', 'Enter'], 5))).toEqual([]);
  });

  it('an Enter long after the last key is a person’s Enter', () => {
    expect(scans(press([...code, 'Enter'], [...code.map(() => 8), 400]))).toEqual([]);
  });

  it('keys typed into a text field or with a modifier held are never a scan', () => {
    expect(scans(press([...code, 'Enter'], 8, {}, true))).toEqual([]);
  });

  it('the gap and the length are options, for scanners that are slower or codes that are shorter', () => {
    expect(scans(press([...'123', 'Enter'], 90, { maxGapMs: 100, minLength: 3 }))).toEqual(['123']);
  });

  it('keys that are not characters (Shift, arrows) neither join nor break a burst', () => {
    const keys = ['6', '2', 'Shift', '8', '1', 'Enter'];
    expect(scans(press(keys, 8))).toEqual(['6281']);
  });

  it('two scans in a row are two codes', () => {
    expect(scans(press([...'1234', 'Enter', ...'5678', 'Enter'], 8))).toEqual(['1234', '5678']);
  });
});
