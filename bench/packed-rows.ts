/**
 * A products page's staged rows as the parse bench hands them between
 * threads: per replica table of the products resource (in its `tables`
 * order), a flat array of the values Staging.pushValues binds for each row
 * (`row[column]` in `table.columns` order; the generation and the parent's
 * row, which the pull adds itself, left out). Packed for a worker's answer:
 * one string of every string value and a few typed arrays, because the
 * structured clone of one string or a typed array is a copy of its bytes,
 * where that of many small objects builds each one again.
 */
import { CATALOG_RESOURCES, type CatalogResource, type Stage } from '../src-main/sync/catalog-resources.ts';

export const PRODUCTS: CatalogResource = CATALOG_RESOURCES.find((resource) => resource.name === 'products')!;

/** The values of a page's rows, one flat array per table of PRODUCTS.tables. */
export type TableValues = unknown[][];

/** A page's records staged as the pull stages them (soft-deleted ones left out), as bind-ready values per table. */
export function stageValues(records: readonly unknown[], firstPosition: number): TableValues {
  const tables = PRODUCTS.tables;
  const values: TableValues = tables.map(() => []);
  const put: Stage = (table, row) => {
    const into = values[tables.indexOf(table)]!;
    const columns = table.columns;
    for (let i = 0; i < columns.length; i++) into.push((row as Record<string, unknown>)[columns[i]!]);
  };
  for (let index = 0; index < records.length; index++) {
    const record = records[index];
    if ((record as { deleted_at?: number | null }).deleted_at != null) continue;
    PRODUCTS.stage(record, firstPosition + index, put);
  }
  return values;
}

const NULL = 0;
const NUMBER = 1;
/** A string of Latin-1 characters only, in `latin1`. */
const STRING = 2;
/** A string with a character past Latin-1 (Arabic), in `wide`. */
const WIDE = 3;
const PAST_LATIN1 = /[^\u0000-\u00ff]/;

/** TableValues as a worker sends them: `buffers` go in postMessage's transfer list. */
export interface PackedValues {
  /** Values per table, in PRODUCTS.tables order. */
  counts: Uint32Array;
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

export function packValues(values: TableValues): PackedValues {
  let total = 0;
  for (const table of values) total += table.length;
  const kinds = new Uint8Array(total);
  const numbers: number[] = [];
  const ends: number[] = [];
  const latin1: string[] = [];
  const wide: string[] = [];
  let latin1Length = 0;
  let wideLength = 0;
  let at = 0;
  for (const table of values) {
    for (const value of table) {
      if (value === null) kinds[at++] = NULL;
      else if (typeof value === 'number') {
        kinds[at++] = NUMBER;
        numbers.push(value);
      } else if (typeof value === 'string') {
        if (PAST_LATIN1.test(value)) {
          kinds[at++] = WIDE;
          wide.push(value);
          ends.push((wideLength += value.length));
        } else {
          kinds[at++] = STRING;
          latin1.push(value);
          ends.push((latin1Length += value.length));
        }
      } else throw new TypeError(`a staged value neither null, a number nor a string: ${typeof value}`);
    }
  }
  return {
    counts: Uint32Array.from(values, (table) => table.length),
    kinds,
    numbers: Float64Array.from(numbers),
    ends: Uint32Array.from(ends),
    latin1: latin1.join(''),
    wide: wide.join(''),
  };
}

/** What to transfer with a PackedValues (its typed arrays' buffers). */
export const buffersOf = (packed: PackedValues): ArrayBuffer[] =>
  [packed.counts, packed.kinds, packed.numbers, packed.ends].map((array) => array.buffer as ArrayBuffer);

export function unpackValues(packed: PackedValues): TableValues {
  const { counts, kinds, numbers, ends, latin1, wide } = packed;
  const values: TableValues = [];
  let at = 0;
  let number = 0;
  let string = 0;
  let latin1Start = 0;
  let wideStart = 0;
  for (let table = 0; table < counts.length; table++) {
    const count = counts[table]!;
    // Made at its size, nulls in it (NULL needs no write): half the time of pushing each value (0.2 against 0.5 ms a page).
    const into: unknown[] = new Array(count).fill(null);
    for (let i = 0; i < count; i++, at++) {
      const kind = kinds[at];
      if (kind === NUMBER) into[i] = numbers[number++];
      else if (kind === STRING) {
        const end = ends[string++]!;
        into[i] = latin1.slice(latin1Start, end);
        latin1Start = end;
      } else if (kind === WIDE) {
        const end = ends[string++]!;
        into[i] = wide.slice(wideStart, end);
        wideStart = end;
      }
    }
    values.push(into);
  }
  return values;
}

/** Throws unless `actual` holds exactly the values of `expected` (Object.is, table by table). */
export function assertSameValues(actual: TableValues, expected: TableValues, what: string): void {
  if (actual.length !== expected.length) throw new Error(`${what}: ${actual.length} tables, expected ${expected.length}`);
  expected.forEach((table, t) => {
    const got = actual[t]!;
    if (got.length !== table.length) throw new Error(`${what}: table ${PRODUCTS.tables[t]!.name} has ${got.length} values, expected ${table.length}`);
    table.forEach((value, i) => {
      if (!Object.is(got[i], value)) throw new Error(`${what}: table ${PRODUCTS.tables[t]!.name} value ${i} is ${String(got[i])}, expected ${String(value)}`);
    });
  });
}
