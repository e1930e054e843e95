import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { all, first, q, run, type TillDatabase } from '../db/index.ts';
import type { CounterCustomerView } from '../../src-shared/selling/index.ts';
import type { CustomerRow } from './customers.ts';

/** A customer added at the counter, with its upload state (migrations/0023_counter_customers.sql). */
export interface CounterCustomer extends CustomerRow {
  created_at: number;
  state: 'pending' | 'synced' | 'rejected';
  /** The service's id, once its answer named it. */
  service_id: string | null;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
}

/** A customer with this phone already known to the till: the service's (replica) or one added here. */
export function customerWithPhone(db: TillDatabase, prefix: string, number: string): CustomerRow | undefined {
  const full = prefix + number;
  const known = first(
    db,
    q
      .selectFrom('customers')
      .select(['id', 'name', 'phone_prefix', 'phone', 'email'])
      .where('is_active', '=', 1)
      // The replica's phones may carry the local leading 0 or the prefix again: compare digits with the prefix.
      .where((eb) => eb.or([eb(sql<string>`phone_prefix || ltrim(phone, '0')`, '=', full), eb('phone', '=', full)])),
  );
  if (known) return known;
  return first(
    db,
    q.selectFrom('counter_customers').select(['id', 'name', 'phone_prefix', 'phone', 'email']).where('phone_prefix', '=', prefix).where('phone', '=', number),
  );
}

/** Keeps a new customer on this till, pending upload; its id is the till's uuid. */
export function insertCounterCustomer(
  db: TillDatabase,
  customer: { name: string; phone_prefix: string; phone: string; email: string },
  now: number,
): CounterCustomer {
  const id = randomUUID();
  run(db, q.insertInto('counter_customers').values({ id, ...customer, created_at: now, state: 'pending', attempts: 0, next_attempt_at: now }));
  return readCounterCustomer(db, id)!;
}

const COLUMNS = ['id', 'name', 'phone_prefix', 'phone', 'email', 'created_at', 'state', 'service_id', 'attempts', 'next_attempt_at', 'last_error'] as const;

export function readCounterCustomer(db: TillDatabase, id: string): CounterCustomer | undefined {
  return first(db, q.selectFrom('counter_customers').select(COLUMNS).where('id', '=', id));
}

/** Every customer added on this till, newest first. */
export function counterCustomers(db: TillDatabase): CounterCustomer[] {
  return all(db, q.selectFrom('counter_customers').select(COLUMNS).orderBy('created_at', 'desc').orderBy('id'));
}

/** Pending customers due by `now`, oldest first. */
export function dueCounterCustomers(db: TillDatabase, now: number, limit: number): CounterCustomer[] {
  return all(
    db,
    q
      .selectFrom('counter_customers')
      .select(COLUMNS)
      .where('state', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit),
  );
}

export function earliestCounterCustomerAttempt(db: TillDatabase): number | null {
  const row = first(
    db,
    q
      .selectFrom('counter_customers')
      .select((eb) => eb.fn.min<number | null>('next_attempt_at').as('at'))
      .where('state', '=', 'pending'),
  );
  return row?.at ?? null;
}

export function makeCounterCustomersDue(db: TillDatabase, now: number): void {
  run(db, q.updateTable('counter_customers').set({ next_attempt_at: now }).where('state', '=', 'pending').where('next_attempt_at', '>', now));
}

/** The service named its id: the customer is on the service, and orders naming it carry that id. Only a pending row changes. */
export function markCounterCustomerSynced(db: TillDatabase, id: string, serviceId: string, now: number): void {
  run(
    db,
    q
      .updateTable('counter_customers')
      .set((eb) => ({ state: 'synced', service_id: serviceId, synced_at: now, attempts: eb('attempts', '+', 1), last_error: null }))
      .where('id', '=', id)
      .where('state', '=', 'pending'),
  );
}

export function markCounterCustomerRejected(db: TillDatabase, id: string, reason: string): void {
  run(
    db,
    q
      .updateTable('counter_customers')
      .set((eb) => ({ state: 'rejected', attempts: eb('attempts', '+', 1), last_error: reason }))
      .where('id', '=', id)
      .where('state', '=', 'pending'),
  );
}

export function deferCounterCustomer(db: TillDatabase, id: string, nextAttemptAt: number, reason: string): void {
  run(
    db,
    q
      .updateTable('counter_customers')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: nextAttemptAt, last_error: reason }))
      .where('id', '=', id)
      .where('state', '=', 'pending'),
  );
}

export function counterCustomerCounts(db: TillDatabase): { pending: number; synced: number; rejected: number } {
  const counts = { pending: 0, synced: 0, rejected: 0 };
  for (const row of all(
    db,
    q
      .selectFrom('counter_customers')
      .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('state'),
  )) {
    counts[row.state] = row.n;
  }
  return counts;
}

/**
 * What an order naming `customerId` sends as its customer: the id itself
 * when it is not one added here (the service's own), the service's id once
 * the upload named it, `wait` while it is on its way, and null when the
 * service refused the customer (the sale still goes, without it).
 */
export function customerIdForUpload(db: TillDatabase, customerId: string): string | null | { wait: number } {
  const local = readCounterCustomer(db, customerId);
  if (!local) return customerId;
  if (local.state === 'synced') return local.service_id;
  if (local.state === 'rejected') return null;
  return { wait: local.next_attempt_at };
}

/** The calling codes of the replica's customers: how this market's phones start. */
export function knownPhonePrefixes(db: TillDatabase): string[] {
  return all(db, q.selectFrom('customers').select('phone_prefix').distinct()).map((row) => row.phone_prefix);
}

export function counterCustomerView(row: CounterCustomer): CounterCustomerView {
  return {
    id: row.id,
    name: row.name,
    phone_prefix: row.phone_prefix,
    phone: row.phone,
    email: row.email,
    upload: { state: row.state, service_id: row.service_id, last_error: row.last_error },
  };
}
