import { CASH_METHOD_KEY } from '../../src-shared/pricing/index.ts';
import { foldLetters } from '../../src-shared/search/index.ts';
import { sql, type Expression, type ExpressionBuilder } from 'kysely';
import { all, first, q, type TillDatabase, type TillSchema } from '../db/index.ts';
import { perCatalog } from './per-catalog.ts';
import { editedCustomerIds, withEdits } from './customer-edits.ts';

export interface CustomerRow {
  id: string;
  name: string;
  phone_prefix: string;
  phone: string;
  email: string;
}

// Printable ASCII and whitespace: lower-casing folds it completely.
const PLAIN = /^[\t\n\r -~]*$/;

/**
 * Text folded for a substring match: any case, Latin accents dropped, and
 * the Arabic spellings people mix up (أ/إ/آ → ا, ى → ي, ة → ه, harakat)
 * made one, so "SARA", "sára" and "ساره" find what they look like. Unlike
 * product search, separators are kept: an email or a phone matches as typed.
 */
export function foldForMatch(text: string): string {
  // Most names and every email are plain ASCII: lower-casing is all they need, and this runs once per row per keystroke.
  if (PLAIN.test(text)) return text.toLowerCase();
  return foldLetters(text);
}

// SQLite's LIKE folds ASCII only; the replica's connection gets our fold as a function, once.
const FOLD = 'till_fold';
const withFold = new WeakSet<TillDatabase>();
function registerFold(db: TillDatabase): void {
  if (withFold.has(db)) return;
  db.function(FOLD, { deterministic: true }, (text: unknown) => (typeof text === 'string' ? foldForMatch(text) : text));
  withFold.add(db);
}

/** A phone number as a cashier may type it: "+966 50 123 4567", "0501234567", "٠٥٠١". */
const PHONE_LIKE = /^[+\d\u0660-\u0669\u06F0-\u06F9\s()-]+$/;

/**
 * Active customers whose name, phone or email contains `query` (folded as
 * above), or whose id is `query`; with no query, the first ones by name.
 * A phone matches with or without its country code and with the local
 * leading 0. Names that start with the query come first.
 */
export function findCustomers(db: TillDatabase, query: string, limit: number): CustomerRow[] {
  // A customer corrected here is shown (and found) by its new fields until the service has them (customer-edits.ts).
  const matches = customerMatcher(query);
  const found = withEdits(db, findServiceCustomers(db, query, limit)).filter(matches);
  const edited = editedCustomers(db).filter((row) => matches(row) && !found.some((f) => f.id === row.id));
  const fromService = [...found, ...edited].slice(0, limit);
  if (fromService.length >= limit) return fromService;
  return [...fromService, ...findCounterCustomers(db, query, fromService).slice(0, limit - fromService.length)];
}

/** Whether a customer's name, email or phone holds `query` (folded as findCustomers does), or its id is `query`; every one for no query. */
function customerMatcher(query: string): (row: CustomerRow) => boolean {
  const text = query.trim();
  const folded = foldForMatch(text);
  const digits = PHONE_LIKE.test(text) ? folded.replace(/\D/g, '') : '';
  return (row) =>
    text === '' ||
    row.id === text ||
    foldForMatch(row.name).includes(folded) ||
    foldForMatch(row.email).includes(folded) ||
    (digits !== '' && (`${row.phone_prefix}${row.phone}`.includes(digits) || `0${row.phone}`.includes(digits)));
}

/** The replica's customers with an edit made here over them (the ones a search by the new fields must still find). */
function editedCustomers(db: TillDatabase): CustomerRow[] {
  const ids = editedCustomerIds(db);
  if (ids.length === 0) return [];
  return withEdits(
    db,
    all(db, q.selectFrom('customers').select(['id', 'name', 'phone_prefix', 'phone', 'email']).where('is_active', '=', 1).where('id', 'in', ids)),
  );
}

/**
 * Customers added on this till that the replica does not hold yet (the
 * pull brings them once uploaded), matched like the replica's.
 */
function findCounterCustomers(db: TillDatabase, query: string, shown: CustomerRow[]): CustomerRow[] {
  const matches = customerMatcher(query);
  const shownIds = new Set(shown.map((row) => row.id));
  const rows = all(
    db,
    q
      .selectFrom('counter_customers')
      .select(['id', 'name', 'phone_prefix', 'phone', 'email'])
      .where('state', '<>', 'rejected')
      .where((eb) => eb.or([eb('service_id', 'is', null), eb('service_id', 'not in', eb.selectFrom('customers').select('id'))]))
      .orderBy('name')
      .orderBy('id'),
  );
  return rows.filter((row) => !shownIds.has(row.id) && matches(row));
}

function findServiceCustomers(db: TillDatabase, query: string, limit: number): CustomerRow[] {
  registerFold(db);
  const text = query.trim();
  const customers = q.selectFrom('customers').select(['id', 'name', 'phone_prefix', 'phone', 'email']).where('is_active', '=', 1);
  if (text === '') return all(db, customers.orderBy('name').orderBy('id').limit(limit));
  const folded = foldForMatch(text);
  // The digits only, for a phone: empty unless the query looks like one, so "5" in a name search matches no phone.
  const digits = PHONE_LIKE.test(text) ? folded.replace(/\D/g, '') : '';
  type Customers = ExpressionBuilder<TillSchema, 'customers'>;
  // Where `needle` starts in `haystack`, 1-based; 0 when it is not there.
  const instr = (eb: Customers, haystack: Expression<string>, needle: string) => eb.fn<number>('instr', [haystack, eb.val(needle)]);
  const foldedName = (eb: Customers) => eb.fn<string>(FOLD, [eb.ref('name')]);
  return all(
    db,
    customers
      .where((eb) =>
        eb.or([
          eb('id', '=', text),
          eb(instr(eb, foldedName(eb), folded), '>', 0),
          eb(instr(eb, eb.fn<string>(FOLD, [eb.ref('email')]), folded), '>', 0),
          eb.and([
            eb(eb.val(digits), '<>', ''),
            eb.or([eb(instr(eb, sql<string>`phone_prefix || phone`, digits), '>', 0), eb(instr(eb, sql<string>`'0' || phone`, digits), '>', 0)]),
          ]),
        ]),
      )
      .orderBy((eb) => eb(instr(eb, foldedName(eb), folded), '<>', 1))
      .orderBy('name')
      .orderBy('id')
      .limit(limit),
  );
}

/**
 * The payment methods the catalog prices some product or modifier for by
 * their own key (a delivery app's menu). CASH is the fallback list every
 * product has, so it is never among them. Every price row is read
 * (priceable_id is in no index), so it is worked out once a catalog.
 */
export const methodsWithOwnPrices: (db: TillDatabase) => ReadonlySet<string> = perCatalog((db) => {
  const rows = all(
    db,
    q.selectFrom('prices').select('priceable_id as key').distinct().where('priceable_type', '=', 'PAYMENT_METHOD').where('priceable_id', '<>', CASH_METHOD_KEY),
  );
  return new Set(rows.map((row) => row.key));
});

/** Whether `id` names a customer of the replica or one added on this till (and not refused by the service). */
export function hasCustomer(db: TillDatabase, id: string): boolean {
  if (first(db, q.selectFrom('customers').select('id').where('id', '=', id)) !== undefined) return true;
  return first(db, q.selectFrom('counter_customers').select('id').where('id', '=', id).where('state', '<>', 'rejected')) !== undefined;
}
