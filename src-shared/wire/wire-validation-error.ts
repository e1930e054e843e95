import type { z } from 'zod';
import type { ListResource } from './list-resource.ts';
import { parseErrorEnvelope } from './error-envelope.ts';

/** What a parse was reading: a list resource (a page or one detail record), `/me`, or the order sync answer. */
export type WireSubject = ListResource | 'me' | 'order_sync';

/** Where the records sit in a body: at `at` itself, or as the items of the array at `at` when `listed`. */
export interface RecordLayout {
  at: readonly string[];
  listed: boolean;
}

export interface WireLocation {
  subject: WireSubject;
  /** The page asked for, or null for a single-record read. */
  page: number | null;
  layout: RecordLayout;
}

/**
 * A body from the service does not have the shape the contract version
 * promises. The message names what was read, the page, the record and the
 * field, and what was expected against what came.
 */
export class WireValidationError extends Error {
  override readonly name = 'WireValidationError';
  readonly resource: WireSubject;
  readonly page: number | null;
  /** The record's `id` (or `key`, `uuid`) when it has a readable one. */
  readonly recordId: string | null;
  /** Path inside the record ("prices[1].value"), or inside the body for the envelope ("data.last_page"). */
  readonly field: string;

  constructor(init: { message: string; resource: WireSubject; page: number | null; recordId: string | null; field: string }) {
    super(init.message);
    this.resource = init.resource;
    this.page = init.page;
    this.recordId = init.recordId;
    this.field = init.field;
  }
}

/** Parses `body` with `schema`, or throws a WireValidationError that explains the first problem. */
export function readBody<T>(schema: z.ZodType<T>, body: unknown, location: WireLocation): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw explainFailure(body, result.error.issues, location);
}

/** Builds the error for a failed parse; only runs on failure, so it may be slow and thorough. */
export function explainFailure(body: unknown, issues: readonly z.core.$ZodIssue[], location: WireLocation): WireValidationError {
  const { subject, page, layout } = location;
  const where = page === null ? subject : `${subject} page ${page}`;
  const base = { resource: subject, page };

  const refusal = parseErrorEnvelope(body);
  if (refusal) {
    return new WireValidationError({
      ...base,
      recordId: null,
      field: 'meta.status',
      message: `${where}: the service answered an error instead of data (${refusal.meta.code} ${refusal.meta.message})`,
    });
  }

  const issue = issues[0];
  if (!issue) {
    return new WireValidationError({ ...base, recordId: null, field: '(body)', message: `${where}: the answer was rejected without a reason` });
  }
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})` : '';
  const path = issue.path;
  const got = valueAt(body, path);
  const problem = got === undefined ? `is required (expected ${issue.message}, got undefined)` : `must be ${issue.message}, got ${describe(got)}`;

  const inRecord = locateRecord(path, layout);
  if (!inRecord) {
    const field = formatPath(path);
    const message = field === '' ? `${where}: the answer ${problem}` : `${where}: envelope field "${field}" ${problem}`;
    return new WireValidationError({ ...base, recordId: null, field: field || '(body)', message: message + more });
  }

  const recordValue = valueAt(body, inRecord.recordPath);
  const recordId = readableId(recordValue);
  const label = recordId !== null ? `, record ${recordId}` : inRecord.index !== null ? `, record at index ${inRecord.index}` : '';
  const field = formatPath(inRecord.fieldPath);
  const message = field === '' ? `${where}${label}: the record ${problem}` : `${where}${label}: field "${field}" ${problem}`;
  return new WireValidationError({ ...base, recordId, field: field || '(record)', message: message + more });
}

function locateRecord(
  path: readonly PropertyKey[],
  layout: RecordLayout,
): { recordPath: PropertyKey[]; fieldPath: PropertyKey[]; index: number | null } | null {
  const { at, listed } = layout;
  if (path.length <= at.length || !at.every((key, i) => path[i] === key)) return null;
  if (!listed) return { recordPath: [...at], fieldPath: path.slice(at.length), index: null };
  const index = path[at.length];
  if (typeof index !== 'number') return null;
  return { recordPath: [...at, index], fieldPath: path.slice(at.length + 1), index };
}

function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let value = body;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function readableId(record: unknown): string | null {
  if (record === null || typeof record !== 'object') return null;
  const fields = record as Record<string, unknown>;
  for (const key of ['id', 'key', 'uuid']) {
    const value = fields[key];
    if ((typeof value === 'string' && value !== '') || (typeof value === 'number' && Number.isFinite(value))) return String(value);
  }
  return null;
}

/** `['prices', 1, 'value']` as `prices[1].value`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  return String(value);
}
