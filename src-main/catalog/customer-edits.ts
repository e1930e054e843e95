import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { all, first, q, run, type TillDatabase, type TillSchema } from '../db/index.ts';
import { readReplicaMeta } from './replica-meta.ts';

// Customers corrected at the counter (issue 35; migrations/0029): kept at
// once, each customer's waiting edit one row, uploaded with Customers Update.

/** A customer's fields as corrected. */
export interface CustomerFields {
  name: string;
  phone_prefix: string;
  phone: string;
  email: string;
}

/**
 * An edit waiting for (or done with) its upload, as customer_edits keeps it
 * (migrations/0029): `customer_id` is the id the cashier saw, the service's
 * or the till's uuid of a customer added here.
 */
export type CustomerEdit = Selectable<TillSchema['customer_edits']>;

/** The customer as the till knows it now (the replica's or one added here), with any edit made here over it; undefined: unknown. */
export function customerNow(db: TillDatabase, id: string): (CustomerFields & { id: string }) | undefined {
  const fields = ['id', 'name', 'phone_prefix', 'phone', 'email'] as const;
  const row =
    first(db, q.selectFrom('counter_customers').select(fields).where('id', '=', id).where('state', '<>', 'rejected')) ??
    first(db, q.selectFrom('customers').select(fields).where('id', '=', id).where('is_active', '=', 1));
  return row ? withEdits(db, [row])[0] : undefined;
}

function isCounterCustomer(db: TillDatabase, id: string): boolean {
  return first(db, q.selectFrom('counter_customers').select('id').where('id', '=', id)) !== undefined;
}

/**
 * Keeps a correction of a customer at once, in one transaction: a customer
 * added here is changed in its own row (a Create not yet sent then carries
 * the new fields), and the one edit waiting for this customer is made or
 * changed (its revision goes up), so the service gets one Update with the
 * final fields, after the Create of a customer added here.
 */
export function recordCustomerEdit(db: TillDatabase, customerId: string, fields: CustomerFields, now: number): CustomerEdit {
  return db
    .transaction(() => {
      if (isCounterCustomer(db, customerId)) run(db, q.updateTable('counter_customers').set(fields).where('id', '=', customerId));
      const waiting = pendingEdit(db, customerId);
      if (waiting) {
        run(
          db,
          q
            .updateTable('customer_edits')
            .set((eb) => ({ ...fields, edited_at: now, revision: eb('revision', '+', 1), next_attempt_at: now }))
            .where('id', '=', waiting.id),
        );
        return readCustomerEdit(db, waiting.id)!;
      }
      const id = randomUUID();
      run(db, q.insertInto('customer_edits').values({ id, customer_id: customerId, ...fields, edited_at: now, state: 'pending', next_attempt_at: now }));
      return readCustomerEdit(db, id)!;
    })
    .immediate();
}

/** The edit of this customer still waiting for its upload, if any. */
export function pendingEdit(db: TillDatabase, customerId: string): CustomerEdit | undefined {
  return first(db, q.selectFrom('customer_edits').selectAll().where('customer_id', '=', customerId).where('state', '=', 'pending'));
}

export function readCustomerEdit(db: TillDatabase, id: string): CustomerEdit | undefined {
  return first(db, q.selectFrom('customer_edits').selectAll().where('id', '=', id));
}

/** Every edit made on this till, oldest first. */
export function customerEdits(db: TillDatabase): CustomerEdit[] {
  return all(db, q.selectFrom('customer_edits').selectAll().orderBy('edited_at').orderBy('id'));
}

/**
 * The edits the cashier still sees: waiting for their upload, or taken by
 * the service since the last catalog pull (the next pull brings its own
 * fields), oldest first, each with the service's id of a customer added here.
 */
function liveEdits(db: TillDatabase) {
  const lastPullAt = readReplicaMeta(db).lastPull?.at ?? 0;
  return all(
    db,
    q
      .selectFrom('customer_edits')
      .leftJoin('counter_customers', 'counter_customers.id', 'customer_edits.customer_id')
      .select([
        'customer_edits.customer_id',
        'counter_customers.service_id',
        'customer_edits.name',
        'customer_edits.phone_prefix',
        'customer_edits.phone',
        'customer_edits.email',
        'customer_edits.state',
        'customer_edits.synced_at',
      ])
      .where('customer_edits.state', '<>', 'rejected')
      .orderBy('customer_edits.edited_at'),
  ).filter((edit) => edit.state === 'pending' || (edit.synced_at ?? 0) >= lastPullAt);
}

/**
 * The customers as the cashier sees them: each with the latest edit made
 * here over the replica's fields, while that edit waits for its upload, or
 * until a catalog pull after the service took it brings the service's own.
 * An edit of a customer added here is matched by the service id it got too.
 */
export function withEdits<Row extends CustomerFields & { id: string }>(db: TillDatabase, rows: readonly Row[]): Row[] {
  if (rows.length === 0) return [...rows];
  const live = liveEdits(db);
  if (live.length === 0) return [...rows];
  const byId = new Map<string, CustomerFields>();
  for (const edit of live) {
    const fields = { name: edit.name, phone_prefix: edit.phone_prefix, phone: edit.phone, email: edit.email };
    byId.set(edit.customer_id, fields);
    if (edit.service_id) byId.set(edit.service_id, fields);
  }
  return rows.map((row) => {
    const fields = byId.get(row.id);
    return fields ? { ...row, ...fields } : row;
  });
}

/** The ids the customers withEdits changes go by: each id edited, and the service's id of one added here. */
export function editedCustomerIds(db: TillDatabase): string[] {
  return [...new Set(liveEdits(db).flatMap((edit) => (edit.service_id ? [edit.customer_id, edit.service_id] : [edit.customer_id])))];
}

/** The edits' upload counts (`pos sync` reports them). */
export function customerEditCounts(db: TillDatabase): { pending: number; synced: number; rejected: number } {
  const counts = { pending: 0, synced: 0, rejected: 0 };
  for (const row of all(
    db,
    q
      .selectFrom('customer_edits')
      .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('state'),
  )) {
    counts[row.state as keyof typeof counts] = row.n;
  }
  return counts;
}

/** Waiting edits due by `now`, oldest first. */
export function dueCustomerEdits(db: TillDatabase, now: number, limit: number): CustomerEdit[] {
  return all(
    db,
    q
      .selectFrom('customer_edits')
      .selectAll()
      .where('state', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .orderBy('edited_at')
      .orderBy('id')
      .limit(limit),
  );
}

export function earliestCustomerEditAttempt(db: TillDatabase): number | null {
  const row = first(
    db,
    q
      .selectFrom('customer_edits')
      .select((eb) => eb.fn.min<number | null>('next_attempt_at').as('at'))
      .where('state', '=', 'pending'),
  );
  return row?.at ?? null;
}

export function makeCustomerEditsDue(db: TillDatabase, now: number): void {
  run(db, q.updateTable('customer_edits').set({ next_attempt_at: now }).where('state', '=', 'pending').where('next_attempt_at', '>', now));
}

/** The service took the Update sent at `revision`; an edit made since stays waiting, to go next. */
export function markCustomerEditSynced(db: TillDatabase, id: string, revision: number, now: number): boolean {
  const result = run(
    db,
    q
      .updateTable('customer_edits')
      .set((eb) => ({ state: 'synced', synced_at: now, attempts: eb('attempts', '+', 1), last_error: null }))
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .where('revision', '=', revision),
  );
  if (result.changes === 1) return true;
  run(
    db,
    q
      .updateTable('customer_edits')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id),
  );
  return false;
}

export function markCustomerEditRejected(db: TillDatabase, id: string, revision: number, reason: string): void {
  run(
    db,
    q
      .updateTable('customer_edits')
      .set((eb) => ({ state: 'rejected', attempts: eb('attempts', '+', 1), last_error: reason }))
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .where('revision', '=', revision),
  );
}

export function deferCustomerEdit(db: TillDatabase, id: string, nextAttemptAt: number, reason: string): void {
  run(
    db,
    q
      .updateTable('customer_edits')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: nextAttemptAt, last_error: reason }))
      .where('id', '=', id)
      .where('state', '=', 'pending'),
  );
}
