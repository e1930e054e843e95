import { z } from 'zod';
import { cleanLine, cleanLines } from '../text/index.ts';

// Every leaf carries, as its error, the words for what it expects: a failed
// parse can then say "expected an integer, got "12"" without a second
// description of the schema. The words cost nothing while a parse succeeds.

const expecting = (what: string) => ({ error: what });

/** Money, percentages and ratings on the wire: a decimal string with exactly two places. */
export const DECIMAL_PATTERN = /^-?\d+\.\d{2}$/;

const DECIMAL = 'a decimal string with two places';

export const text = z.string(expecting('a string'));
export const textOrNull = z.string(expecting('a string or null')).nullable();

// Text a person wrote (names, descriptions): control and bidi-override
// characters stripped as it is read (see cleanText). `overwrite` keeps the
// schema a plain string schema; clean text costs one regex test.
export const humanLine = z.string(expecting('a string')).overwrite(cleanLine);
export const humanLineOrNull = z.string(expecting('a string or null')).overwrite(cleanLine).nullable();
export const humanLines = z.string(expecting('a string')).overwrite(cleanLines);
export const humanLinesOrNull = z.string(expecting('a string or null')).overwrite(cleanLines).nullable();

/** UUID-ish ids: any non-empty string; the service's ids are opaque to the till. */
export const id = z.string(expecting('a non-empty string')).min(1, expecting('a non-empty string'));
export const idOrNull = z.string(expecting('a non-empty string or null')).min(1, expecting('a non-empty string or null')).nullable();

export const int = z.number(expecting('an integer')).int(expecting('an integer'));
export const intOrNull = z.number(expecting('an integer or null')).int(expecting('an integer or null')).nullable();

export const number = z.number(expecting('a number'));
export const bool = z.boolean(expecting('a boolean'));

/** Epoch milliseconds. */
export const epochMs = z.number(expecting('an integer (epoch ms)')).int(expecting('an integer (epoch ms)'));
export const epochMsOrNull = z.number(expecting('an integer (epoch ms) or null')).int(expecting('an integer (epoch ms) or null')).nullable();

export const decimal = z.string(expecting(DECIMAL)).regex(DECIMAL_PATTERN, expecting(DECIMAL));

export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, expecting(values.map((v) => `"${v}"`).join(' or ')));
}

export function list<T extends z.ZodType>(item: T) {
  return z.array(item, expecting('an array'));
}

export function listOrNull<T extends z.ZodType>(item: T) {
  return z.array(item, expecting('an array or null')).nullable();
}

/** Unknown members are tolerated and left out of the output (zod's default object behaviour). */
export function record<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.object(shape, expecting('an object'));
}

export function recordOrNull<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.object(shape, expecting('an object or null')).nullable();
}
