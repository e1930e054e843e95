// The Orders Sync answer, read for evidence. The spec names the operation but
// shows neither its body nor its answer (docs/decisions.md, "The order upload
// contract"), so a real service may answer in many plausible shapes. The
// rule: an order is synced only on evidence (the answer names it with a
// success, or unambiguously accepts the whole batch); a named failure is a
// rejection with its reason; anything else leaves the order unconfirmed, and
// the uploader sends it again in a smaller batch, down to one order, where a
// 2xx that names no failure is unambiguous. docs/service-contract.md, "What the till
// needs from the service" lists every shape read here.

/** What an answer says about one order it names. */
export type OrderEvidence =
  | { status: 'created' | 'duplicate'; id?: string }
  | { status: 'rejected'; errors: Record<string, string[]> }
  /** Named, but with nothing the till can take as stored or refused (`queued`, or two contradicting statuses). */
  | { status: 'unclear'; said: string };

/** What an answer says about the batch as a whole. */
export type WholeBatch =
  /** Every order it does not name was accepted: a count equal to the batch, or a success envelope naming no order at all. */
  | { kind: 'accepted'; by: 'count' | 'envelope' }
  /** A count of accepted orders that is not the batch's size. */
  | { kind: 'count'; accepted: number }
  /** A failure envelope (`meta.status: "error"`, `success: false`) inside a 2xx. */
  | { kind: 'failed'; message: string }
  /** Nothing the till can read as a verdict on the batch. */
  | { kind: 'silent'; reason: string };

export interface SyncAnswer {
  /** The orders of the batch the answer names, with what it says of each. */
  named: Map<string, OrderEvidence>;
  /** Whether the answer holds per-order entries at all (for this batch or not): a success envelope then no longer accepts the rest. */
  namesOrders: boolean;
  whole: WholeBatch;
}

/** What the till concludes from an answer, order by order. */
export interface BatchJudgement {
  synced: { uuid: string; status: 'created' | 'duplicate'; id: string | null }[];
  rejected: { uuid: string; errors: Record<string, string[]> }[];
  /** Neither: sent again (in a smaller batch when possible). */
  unconfirmed: string[];
  /** Why the unconfirmed orders are not settled, in words; null when none are left. */
  why: string | null;
}

const SUCCESS_WORDS = new Set([
  'created',
  'create',
  'success',
  'successful',
  'succeeded',
  'successes',
  'synced',
  'sync',
  'accepted',
  'accept',
  'ok',
  'saved',
  'stored',
  'inserted',
  'new',
  'processed',
  'imported',
  'completed',
  'done',
  'updated',
  'recorded',
]);
const DUPLICATE_WORDS = new Set([
  'duplicate',
  'duplicated',
  'duplicates',
  'exists',
  'existing',
  'already_exists',
  'already_exist',
  'already_synced',
  'already_received',
  'already_created',
  'skipped',
  'unchanged',
  'known',
]);
const FAILURE_WORDS = new Set([
  'rejected',
  'reject',
  'rejections',
  'invalid',
  'refused',
  'declined',
  'failed',
  'failure',
  'failures',
  'fail',
  'error',
  'errors',
  'denied',
  'unprocessable',
  'not_saved',
  'not_created',
]);
/** Members that say nothing about the outcome (containers). */
const NEUTRAL = new Set(['data', 'results', 'result', 'orders', 'items', 'order', 'outcomes', 'records', 'response', 'payload', 'body', 'details']);

/** Members that hold a per-order answer when they are lists. */
const PER_ORDER_LISTS = new Set(['results', 'orders', 'items', 'outcomes', 'records']);
const UUID_MEMBERS = ['uuid', 'order_uuid', 'client_uuid', 'local_uuid', 'uuid_client', 'external_id', 'reference', 'client_reference', 'idempotency_key'];
const ID_MEMBERS = ['id', 'order_id', 'service_id', 'server_id', 'remote_id'];
const STATUS_MEMBERS = ['status', 'result', 'state', 'outcome', 'action'];
const ERROR_MEMBERS = ['errors', 'error', 'messages', 'message', 'reason', 'reasons', 'error_message', 'failure_reason', 'detail', 'details', 'description'];
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LARAVEL_ORDER_FIELD = /^orders\.(\d+)(?:\.(.+))?$/;
const MAX_DEPTH = 6;

type Verdict = 'success' | 'duplicate' | 'failure';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function normalize(word: string): string {
  return word
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
    .trim();
}

/** What a status word or a member name (`created`, `Already Exists`, `failed_orders`) says, if anything. */
function verdictOf(word: string): Verdict | null {
  const text = normalize(word);
  if (DUPLICATE_WORDS.has(text)) return 'duplicate';
  if (FAILURE_WORDS.has(text)) return 'failure';
  if (SUCCESS_WORDS.has(text)) return 'success';
  // A member name of several words (`synced_uuids`, `failed_orders`): its first word that says something.
  for (const part of text.split('_')) {
    if (DUPLICATE_WORDS.has(part)) return 'duplicate';
    if (FAILURE_WORDS.has(part)) return 'failure';
    if (SUCCESS_WORDS.has(part)) return 'success';
  }
  return null;
}

function firstText(item: Record<string, unknown>, members: readonly string[]): string | undefined {
  for (const member of members) {
    const value = item[member];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return undefined;
}

const bounded = (text: string, max = 500) => text.slice(0, max);

/** Messages from a string, a list, or a field → messages object, as the 422 convention (field → messages). */
function messagesOf(value: unknown, field: string): Record<string, string[]> | undefined {
  if (typeof value === 'string' && value.trim() !== '') return { [field]: [bounded(value.trim())] };
  if (Array.isArray(value)) {
    const list = value.flatMap((m) => (typeof m === 'string' ? [bounded(m)] : isObject(m) ? Object.values(messagesOf(m, field) ?? {}).flat() : []));
    return list.length > 0 ? { [field]: list } : undefined;
  }
  if (isObject(value)) {
    const errors: Record<string, string[]> = {};
    for (const [key, messages] of Object.entries(value)) {
      const list = (Array.isArray(messages) ? messages : [messages]).filter((m): m is string => typeof m === 'string').map((m) => bounded(m));
      if (list.length > 0) errors[bounded(key, 200)] = list;
    }
    return Object.keys(errors).length > 0 ? errors : undefined;
  }
  return undefined;
}

/** The reasons an entry gives, under whichever member carries them. */
function reasonsOf(item: Record<string, unknown>): Record<string, string[]> | undefined {
  for (const member of ERROR_MEMBERS) {
    const errors = messagesOf(item[member], 'order');
    if (errors) return errors;
  }
  return undefined;
}

/** One entry that names an order (`{uuid, status, errors}`, or the value under its uuid), read in the light of the member it sits under. */
function readEntry(value: unknown, context: Verdict | null, ownUuid: string | null): OrderEvidence {
  if (typeof value === 'string') {
    const verdict = verdictOf(value);
    if (verdict === 'failure') return { status: 'rejected', errors: { order: [bounded(value)] } };
    if (verdict !== null) return evidence(verdict, undefined, {});
    // A sentence under a failure member (`errors: {uuid: "no such product"}`) is the reason.
    if (context === 'failure') return { status: 'rejected', errors: { order: [bounded(value)] } };
    if (context !== null) return evidence(context, undefined, {});
    return { status: 'unclear', said: bounded(value, 80) };
  }
  if (typeof value === 'boolean') {
    if (value) return context === 'failure' ? { status: 'rejected', errors: {} } : evidence(context ?? 'success', undefined, {});
    return { status: 'rejected', errors: {} };
  }
  if (Array.isArray(value)) {
    if (context === 'failure') return { status: 'rejected', errors: messagesOf(value, 'order') ?? {} };
    if (context !== null) return evidence(context, undefined, {});
    return { status: 'unclear', said: 'a list' };
  }
  if (value === null) return context !== null ? evidence(context, undefined, {}) : { status: 'unclear', said: 'listed without a status' };
  if (!isObject(value)) return { status: 'unclear', said: bounded(String(value), 80) };
  const id = firstText(
    value,
    ID_MEMBERS.filter((m) => m !== 'id' || value.id !== ownUuid),
  );
  const reasons = reasonsOf(value);
  const statusText = firstText(value, STATUS_MEMBERS);
  if (statusText !== undefined) {
    const verdict = verdictOf(statusText);
    if (verdict !== null) return evidence(verdict, id, reasons ?? {});
    return { status: 'unclear', said: bounded(statusText, 80) };
  }
  for (const flag of ['success', 'ok', 'synced', 'accepted', 'created', 'saved']) {
    if (value[flag] === true) return evidence('success', id, {});
    if (value[flag] === false) return { status: 'rejected', errors: reasons ?? {} };
  }
  if (value.duplicate === true || value.exists === true) return evidence('duplicate', id, {});
  if (value.rejected === true || value.failed === true || value.error === true) return { status: 'rejected', errors: reasons ?? {} };
  if (context === 'failure') return { status: 'rejected', errors: reasons ?? messagesOf(value, 'order') ?? {} };
  if (reasons) return { status: 'rejected', errors: reasons };
  if (context !== null) return evidence(context, id, {});
  // Named with the service's own id and nothing against it: stored.
  if (id !== undefined) return { status: 'created', id };
  return { status: 'unclear', said: 'no status' };
}

function evidence(verdict: Verdict, id: string | undefined, errors: Record<string, string[]>): OrderEvidence {
  if (verdict === 'failure') return { status: 'rejected', errors };
  return { status: verdict === 'duplicate' ? 'duplicate' : 'created', ...(id !== undefined ? { id } : {}) };
}

class Reader {
  readonly named = new Map<string, OrderEvidence>();
  namesOrders = false;
  private readonly sent: Set<string>;

  constructor(private readonly batch: readonly string[]) {
    this.sent = new Set(batch);
  }

  /** Two statements about one order that disagree make it unclear: never synced on a contradiction. */
  private note(uuid: string, found: OrderEvidence): void {
    this.namesOrders = true;
    if (!this.sent.has(uuid)) return;
    const before = this.named.get(uuid);
    if (!before) {
      this.named.set(uuid, found);
      return;
    }
    const same = (a: OrderEvidence) => (a.status === 'duplicate' ? 'created' : a.status);
    if (same(before) !== same(found)) this.named.set(uuid, { status: 'unclear', said: `both ${before.status} and ${found.status}` });
    else if (before.status === 'rejected' && found.status === 'rejected')
      this.named.set(uuid, { status: 'rejected', errors: { ...before.errors, ...found.errors } });
  }

  private isOrderKey(key: string): boolean {
    return this.sent.has(key) || UUID_SHAPE.test(key);
  }

  walk(value: unknown, member: string, context: Verdict | null, depth: number): void {
    if (depth > MAX_DEPTH) return;
    const here = NEUTRAL.has(normalize(member)) ? context : (verdictOf(member) ?? context);
    if (Array.isArray(value)) {
      // An explicit list of outcomes, even empty, is a per-order answer: the orders it leaves out are not accepted by the envelope.
      if (PER_ORDER_LISTS.has(normalize(member))) this.namesOrders = true;
      for (const item of value) {
        if (typeof item === 'string' && this.isOrderKey(item)) this.note(item, readEntry(null, here, item));
        else if (isObject(item)) {
          const uuid = firstText(item, UUID_MEMBERS) ?? (typeof item.id === 'string' && this.sent.has(item.id) ? item.id : undefined);
          if (uuid !== undefined && (this.isOrderKey(uuid) || firstText(item, STATUS_MEMBERS) !== undefined)) this.note(uuid, readEntry(item, here, uuid));
          else this.walk(item, member, here, depth + 1);
        }
      }
      return;
    }
    if (!isObject(value)) return;
    // One sent item's own outcome as an object (`data: {uuid, status}`), the answer to a request that sent one record.
    const own = firstText(value, UUID_MEMBERS);
    if (own !== undefined && this.sent.has(own) && firstText(value, STATUS_MEMBERS) !== undefined) {
      this.note(own, readEntry(value, here, own));
      return;
    }
    for (const [key, inner] of Object.entries(value)) {
      if (this.isOrderKey(key)) {
        this.note(key, readEntry(inner, here, key));
        continue;
      }
      // Laravel's field keys inside a 2xx (`errors: {"orders.3.total": [...]}`): the order at that place in the batch.
      const field = here === 'failure' ? LARAVEL_ORDER_FIELD.exec(key) : null;
      if (field) {
        const uuid = this.batch[Number(field[1])];
        if (uuid !== undefined) this.note(uuid, { status: 'rejected', errors: messagesOf(inner, field[2] ?? 'order') ?? {} });
        continue;
      }
      if (key === 'meta') continue;
      this.walk(inner, key, here, depth + 1);
    }
  }
}

/** A whole number from a number or a string of digits. */
function count(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  if (typeof value === 'string' && /^\d{1,9}$/.test(value.trim())) return Number(value.trim());
  return null;
}

/** Counts at the top, in `data`, `meta` or a `summary`: the largest success count, duplicates, failures. */
function readCounts(body: Record<string, unknown>): { success: number | null; duplicate: number | null; failure: number | null } {
  const out = { success: null as number | null, duplicate: null as number | null, failure: null as number | null };
  const places = [body, body.data, body.meta, body.summary, isObject(body.data) ? body.data.summary : undefined].filter(isObject);
  for (const place of places) {
    for (const [key, value] of Object.entries(place)) {
      const n = count(value);
      if (n === null) continue;
      const name = normalize(key)
        .replace(/_(count|total|orders)$/, '')
        .replace(/^(count|total|number)_(of_)?/, '');
      // The whole name must say it (`created_at` is no count of created orders).
      const verdict = DUPLICATE_WORDS.has(name) ? 'duplicate' : FAILURE_WORDS.has(name) ? 'failure' : SUCCESS_WORDS.has(name) ? 'success' : null;
      if (verdict === null) continue;
      const slot = verdict === 'success' ? 'success' : verdict;
      out[slot] = Math.max(out[slot] ?? 0, n);
    }
  }
  return out;
}

function envelopeStatus(body: Record<string, unknown>): { ok: boolean; message: string | null } | null {
  const meta = isObject(body.meta) ? body.meta : {};
  const message = [meta.message, body.message, body.error].find((m): m is string => typeof m === 'string' && m.trim() !== '') ?? null;
  for (const status of [meta.status, body.status]) {
    if (typeof status !== 'string') continue;
    const verdict = verdictOf(status);
    if (verdict === 'failure') return { ok: false, message };
    if (verdict !== null) return { ok: true, message };
  }
  for (const flag of [body.success, body.ok, meta.success]) {
    if (flag === true) return { ok: true, message };
    if (flag === false) return { ok: false, message };
  }
  return null;
}

/** A 2xx answer whose envelope says it failed (`meta.status: "error"`, `success: false`): its words, or null when it says no such thing. */
export function failureEnvelope(body: unknown): { message: string | null } | null {
  if (!isObject(body)) return null;
  const envelope = envelopeStatus(body);
  return envelope?.ok === false ? { message: envelope.message === null ? null : bounded(envelope.message) } : null;
}

function shown(body: unknown): string {
  if (body === null || body === undefined) return 'an empty body';
  if (isObject(body)) return `an object with ${Object.keys(body).slice(0, 6).join(', ') || 'no members'}`;
  return `a ${Array.isArray(body) ? 'list' : typeof body}`;
}

/**
 * Reads the body of a 2xx answer to the Orders Sync request. `batch` is the
 * uuids sent, in order (Laravel's `orders.N` keys point into it).
 */
export function readSyncAnswer(body: unknown, batch: readonly string[]): SyncAnswer {
  const reader = new Reader(batch);
  reader.walk(body, 'body', null, 0);
  const { named, namesOrders } = reader;
  if (!isObject(body)) return { named, namesOrders, whole: { kind: 'silent', reason: `the answer is ${shown(body)}` } };
  const envelope = envelopeStatus(body);
  if (envelope?.ok === false) {
    return { named, namesOrders, whole: { kind: 'failed', message: bounded(envelope.message ?? 'the service said the sync failed, without a reason') } };
  }
  const counts = readCounts(body);
  const failed = counts.failure ?? 0;
  if (counts.success !== null || counts.duplicate !== null) {
    const success = counts.success ?? 0;
    const duplicate = counts.duplicate ?? 0;
    const whole = failed === 0 && [success, duplicate, success + duplicate].includes(batch.length);
    return { named, namesOrders, whole: whole ? { kind: 'accepted', by: 'count' } : { kind: 'count', accepted: success + duplicate } };
  }
  // Only failures counted: the rest of the batch is what was accepted.
  if (failed > 0) return { named, namesOrders, whole: { kind: 'count', accepted: Math.max(0, batch.length - failed) } };
  if (envelope?.ok === true && !namesOrders) return { named, namesOrders, whole: { kind: 'accepted', by: 'envelope' } };
  const reason = namesOrders ? 'it names orders but not these' : `neither per-order results, a count nor a success envelope (got ${shown(body)})`;
  return { named, namesOrders, whole: { kind: 'silent', reason } };
}

/** A 2xx whose body the till could not parse at all (not JSON): it says nothing about any order. */
export function unreadableAnswer(reason: string): SyncAnswer {
  return { named: new Map(), namesOrders: false, whole: { kind: 'silent', reason } };
}

/**
 * The rule, order by order. Named orders take what the answer says of them;
 * the others are synced only when the batch as a whole was unambiguously
 * accepted, or when the batch is one order and the 2xx names no failure;
 * a failure envelope or a count of 0 for one order is its rejection.
 */
export function judgeBatch(answer: SyncAnswer, batch: readonly string[]): BatchJudgement {
  const out: BatchJudgement = { synced: [], rejected: [], unconfirmed: [], why: null };
  const { whole } = answer;
  const named = [...answer.named.values()];
  const namedAgainst = named.some((e) => e.status !== 'created' && e.status !== 'duplicate');
  const namedRejected = named.filter((e) => e.status === 'rejected').length;
  const unclear = named.some((e) => e.status === 'unclear');
  // A count of accepted orders and the rejections it names that add up to the batch account for every order.
  const acceptsTheRest =
    (whole.kind === 'accepted' && (whole.by === 'envelope' ? !answer.namesOrders : !namedAgainst)) ||
    (whole.kind === 'count' && !unclear && namedRejected > 0 && whole.accepted + namedRejected === batch.length);
  const unclearSaid: string[] = [];
  for (const uuid of batch) {
    const found = answer.named.get(uuid);
    if (found?.status === 'created' || found?.status === 'duplicate') out.synced.push({ uuid, status: found.status, id: found.id ?? null });
    else if (found?.status === 'rejected') out.rejected.push({ uuid, errors: found.errors });
    else if (found?.status === 'unclear') {
      out.unconfirmed.push(uuid);
      unclearSaid.push(found.said);
    } else if (acceptsTheRest) out.synced.push({ uuid, status: 'created', id: null });
    else if (batch.length === 1) {
      // One order: the answer can only be about it.
      if (whole.kind === 'failed') out.rejected.push({ uuid, errors: { order: [whole.message] } });
      else if (whole.kind === 'count' && whole.accepted === 0)
        out.rejected.push({ uuid, errors: { order: ['the service answered that it accepted none of this order, without a reason'] } });
      else out.synced.push({ uuid, status: 'created', id: null });
    } else out.unconfirmed.push(uuid);
  }
  if (out.unconfirmed.length > 0) {
    out.why =
      unclearSaid.length > 0
        ? `the service named ${unclearSaid.length === 1 ? 'this order' : 'these orders'} with a status that says neither stored nor refused ("${unclearSaid[0]}")`
        : whole.kind === 'count'
          ? `the service counted ${whole.accepted} of ${batch.length} orders accepted without naming them`
          : whole.kind === 'failed'
            ? `the service answered that the batch failed (${whole.message}) without naming the orders`
            : whole.kind === 'accepted'
              ? 'the answer names some orders of the batch and not others'
              : `the answer does not say which orders the service stored (${whole.reason})`;
  }
  return out;
}
