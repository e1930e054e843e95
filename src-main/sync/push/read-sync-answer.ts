// The Orders Sync answer, read tolerantly. The spec names the operation but
// shows neither its body nor its answer (DESIGN.md, "The order upload
// contract"), so a real service may answer in several plausible shapes. The
// rule that matters: no shape may ever drop an order from the outbox
// unsynced. So:
//   - per-order results, wherever a plausible service puts them, are used;
//     an order they do not mention goes again later;
//   - a 2xx success envelope (`meta.status: "success"`) without results
//     means the whole batch was accepted;
//   - anything else means the batch goes again with the same uuids (they are
//     idempotency keys, so a batch that did arrive is answered `duplicate`).

import type { OrderSyncResult } from '../../../src-shared/wire/index.ts';

export type SyncAnswer =
  /** Per-order outcomes; orders of the batch missing from them are retried. */
  | { kind: 'results'; results: OrderSyncResult[]; ignored: number }
  /** A success envelope without per-order results: every order of the batch was accepted. */
  | { kind: 'accepted'; message: string | null }
  /** Not an answer the till can act on: retry the batch, saying why. */
  | { kind: 'unreadable'; reason: string };

const CREATED = new Set(['created', 'success', 'successful', 'synced', 'accepted', 'ok', 'saved', 'stored', 'inserted', 'new']);
const DUPLICATE = new Set(['duplicate', 'duplicated', 'exists', 'existing', 'already_exists', 'already_synced', 'already_exist', 'skipped', 'unchanged']);
const REJECTED = new Set(['rejected', 'invalid', 'refused', 'declined']);

/** Where a plausible service lists per-order outcomes. */
const RESULT_LISTS: readonly (readonly string[])[] = [['data', 'results'], ['data', 'orders'], ['data', 'items'], ['data'], ['results'], ['orders']];
const UUID_MEMBERS = ['uuid', 'order_uuid', 'client_uuid', 'local_uuid', 'reference'] as const;
const ID_MEMBERS = ['id', 'order_id', 'service_id'] as const;
const STATUS_MEMBERS = ['status', 'result', 'state', 'outcome'] as const;
const ERROR_MEMBERS = ['errors', 'error', 'message', 'reason'] as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function at(body: unknown, path: readonly string[]): unknown {
  let value = body;
  for (const key of path) {
    if (!isObject(value)) return undefined;
    value = value[key];
  }
  return value;
}

function firstString(item: Record<string, unknown>, members: readonly string[]): string | undefined {
  for (const member of members) {
    const value = item[member];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return undefined;
}

/** `errors` as the 422 convention (field → messages), from an object, a list or a single message. */
function readErrors(item: Record<string, unknown>): Record<string, string[]> | undefined {
  for (const member of ERROR_MEMBERS) {
    const value = item[member];
    if (typeof value === 'string' && value.trim() !== '') return { order: [value.slice(0, 500)] };
    if (Array.isArray(value)) {
      const messages = value.filter((m): m is string => typeof m === 'string').map((m) => m.slice(0, 500));
      if (messages.length > 0) return { order: messages };
    }
    if (isObject(value)) {
      const errors: Record<string, string[]> = {};
      for (const [field, messages] of Object.entries(value)) {
        const list = (Array.isArray(messages) ? messages : [messages]).filter((m): m is string => typeof m === 'string').map((m) => m.slice(0, 500));
        if (list.length > 0) errors[field.slice(0, 200)] = list;
      }
      if (Object.keys(errors).length > 0) return errors;
    }
  }
  return undefined;
}

/** One per-order outcome, or null when the entry is not one the till can act on (its order is then retried). */
function readResult(item: unknown): OrderSyncResult | null {
  if (!isObject(item)) return null;
  const uuid = firstString(item, UUID_MEMBERS);
  if (!uuid) return null;
  const statusText = firstString(item, STATUS_MEMBERS)
    ?.toLowerCase()
    .replace(/[\s-]+/g, '_');
  let status: OrderSyncResult['status'] | null = null;
  if (statusText !== undefined) {
    if (CREATED.has(statusText)) status = 'created';
    else if (DUPLICATE.has(statusText)) status = 'duplicate';
    else if (REJECTED.has(statusText)) status = 'rejected';
  } else if (item.success === true || item.synced === true) status = 'created';
  else if (item.duplicate === true) status = 'duplicate';
  if (status === null) return null;
  const id = firstString(
    item,
    ID_MEMBERS.filter((m) => m !== 'id' || item.id !== uuid),
  );
  const errors = status === 'rejected' ? readErrors(item) : undefined;
  return { uuid, status, ...(id !== undefined ? { id } : {}), ...(errors !== undefined ? { errors } : {}) };
}

function isSuccessEnvelope(body: unknown): body is { meta: { status: string; message?: unknown } } {
  return isObject(body) && isObject(body.meta) && typeof body.meta.status === 'string' && body.meta.status.toLowerCase() === 'success';
}

/**
 * Reads the body of a 2xx answer to the Orders Sync request. `batch` is the
 * uuids sent: results are looked for by them, and a list holding none of
 * them is not taken for per-order results (it may be something else).
 */
export function readSyncAnswer(body: unknown, batch: readonly string[]): SyncAnswer {
  const sent = new Set(batch);
  for (const path of RESULT_LISTS) {
    const list = at(body, path);
    if (!Array.isArray(list)) continue;
    // An explicit, empty list of outcomes (`results`, `orders`, `items`) answers for no order: all of them go again.
    // Only a bare `data: []` (a framework's "nothing to say") counts as no results at all.
    if (list.length === 0) {
      if (path.length > 1 || path[0] !== 'data') return { kind: 'results', results: [], ignored: 0 };
      continue;
    }
    const results: OrderSyncResult[] = [];
    let ignored = 0;
    let mentioned = 0;
    for (const item of list) {
      const result = readResult(item);
      if (isObject(item) && firstString(item, UUID_MEMBERS) !== undefined && sent.has(firstString(item, UUID_MEMBERS)!)) mentioned++;
      if (result && sent.has(result.uuid)) results.push(result);
      else ignored++;
    }
    // A list that names orders of this batch is the per-order answer, even if some entries are unreadable (those orders go again).
    if (mentioned > 0) return { kind: 'results', results, ignored };
  }
  if (isSuccessEnvelope(body)) {
    const message = typeof body.meta.message === 'string' ? body.meta.message.slice(0, 200) : null;
    return { kind: 'accepted', message };
  }
  const shown =
    body === null || body === undefined
      ? 'an empty body'
      : isObject(body)
        ? `an object with ${Object.keys(body).slice(0, 6).join(', ') || 'no members'}`
        : `a ${Array.isArray(body) ? 'list' : typeof body}`;
  return { kind: 'unreadable', reason: `neither per-order results nor a success envelope (got ${shown})` };
}
