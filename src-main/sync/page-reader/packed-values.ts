/**
 * A page's staged rows as they cross from the page reader's thread to the
 * pull's: every row's values one after the other, in the order the rows
 * were staged, packed into two strings and a few typed arrays. The
 * structured clone of a string or a typed array is a copy of its bytes,
 * where that of many small objects builds each one again: receiving and
 * unpacking a products page costs the pull's thread 0.9 ms against 6.5 ms
 * for decoding, reading and staging it there (`npm run bench:parse`;
 * docs/performance.md, "Thirteenth pass").
 */

const NULL = 0;
const NUMBER = 1;
/** A string of Latin-1 characters only, in `latin1`. */
const STRING = 2;
/** A string with a character past Latin-1 (Arabic), in `wide`. */
const WIDE = 3;
const PAST_LATIN1 = /[^\u0000-\u00ff]/;

/** Values as the reader's thread sends them: `buffersOf` goes in postMessage's transfer list. */
export interface PackedValues {
  /** Per value: NULL, NUMBER (the next of `numbers`), STRING or WIDE (the next slice of `latin1` or of `wide`). */
  kinds: Uint8Array;
  numbers: Float64Array;
  /** Where each string value ends in its string (it starts where the one before it there ended). */
  ends: Uint32Array;
  /**
   * The string values in two strings: V8 keeps a string of Latin-1 characters
   * one byte a character, any other two, and a slice is made as its parent
   * is. One string for all made every slice two-byte (the menu's Arabic), and
   * binding those cost SQLite's caller 0.3 to 0.4 ms a page more (measured).
   */
  latin1: string;
  wide: string;
}

/** Packs rows of bind-ready values: null (or undefined, bound as NULL all the same), numbers and strings. */
export function packRows(rows: readonly (readonly unknown[])[]): PackedValues {
  let total = 0;
  for (const row of rows) total += row.length;
  const kinds = new Uint8Array(total);
  const numbers: number[] = [];
  const ends: number[] = [];
  const latin1: string[] = [];
  const wide: string[] = [];
  let latin1Length = 0;
  let wideLength = 0;
  let at = 0;
  for (const row of rows) {
    for (let i = 0; i < row.length; i++, at++) {
      const value = row[i];
      if (value === null || value === undefined) kinds[at] = NULL;
      else if (typeof value === 'number') {
        kinds[at] = NUMBER;
        numbers.push(value);
      } else if (typeof value === 'string') {
        if (PAST_LATIN1.test(value)) {
          kinds[at] = WIDE;
          wide.push(value);
          ends.push((wideLength += value.length));
        } else {
          kinds[at] = STRING;
          latin1.push(value);
          ends.push((latin1Length += value.length));
        }
      } else throw new TypeError(`a staged value neither null, a number nor a string: ${typeof value}`);
    }
  }
  return { kinds, numbers: Float64Array.from(numbers), ends: Uint32Array.from(ends), latin1: latin1.join(''), wide: wide.join('') };
}

/** What to transfer with a PackedValues (its typed arrays' memory). */
export const buffersOf = (packed: PackedValues): ArrayBuffer[] => [packed.kinds, packed.numbers, packed.ends].map((array) => array.buffer as ArrayBuffer);

/** The rows packed by packRows, given each row's length (`widths`, in order). */
export function unpackRows(packed: PackedValues, widths: ArrayLike<number>): unknown[][] {
  const { kinds, numbers, ends, latin1, wide } = packed;
  const rows: unknown[][] = new Array(widths.length);
  let at = 0;
  let number = 0;
  let string = 0;
  let latin1Start = 0;
  let wideStart = 0;
  for (let r = 0; r < widths.length; r++) {
    const width = widths[r]!;
    // Made at its size, nulls in it (NULL needs no write).
    const row: unknown[] = new Array(width).fill(null);
    for (let i = 0; i < width; i++, at++) {
      const kind = kinds[at];
      if (kind === NUMBER) row[i] = numbers[number++];
      else if (kind === STRING) {
        const end = ends[string++]!;
        row[i] = latin1.slice(latin1Start, end);
        latin1Start = end;
      } else if (kind === WIDE) {
        const end = ends[string++]!;
        row[i] = wide.slice(wideStart, end);
        wideStart = end;
      }
    }
    rows[r] = row;
  }
  if (at !== kinds.length) throw new Error(`rows of ${at} values in all, packed ${kinds.length}`);
  return rows;
}
