import { CASH_METHOD_KEY } from '../../src-shared/pricing/index.ts';
import { foldLetters } from '../../src-shared/search/index.ts';
import { statement, type TillDatabase } from '../db/index.ts';

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
  registerFold(db);
  const text = query.trim();
  if (text === '') {
    return statement(db, 'SELECT id, name, phone_prefix, phone, email FROM customers WHERE is_active = 1 ORDER BY name, id LIMIT ?').all(
      limit,
    ) as CustomerRow[];
  }
  const folded = foldForMatch(text);
  // The digits only, for a phone: empty unless the query looks like one, so "5" in a name search matches no phone.
  const digits = PHONE_LIKE.test(text) ? folded.replace(/\D/g, '') : '';
  return statement(
    db,
    `SELECT id, name, phone_prefix, phone, email FROM customers
     WHERE is_active = 1 AND (
       id = :id
       OR instr(${FOLD}(name), :folded) > 0
       OR instr(${FOLD}(email), :folded) > 0
       OR (:digits <> '' AND (instr(phone_prefix || phone, :digits) > 0 OR instr('0' || phone, :digits) > 0))
     )
     ORDER BY instr(${FOLD}(name), :folded) <> 1, name, id
     LIMIT :limit`,
  ).all({ id: text, folded, digits, limit }) as CustomerRow[];
}

/**
 * The payment methods the catalog prices some product or modifier for by
 * their own key (a delivery app's menu). CASH is the fallback list every
 * product has, so it is never among them.
 */
export function methodsWithOwnPrices(db: TillDatabase): Set<string> {
  const rows = statement(db, "SELECT DISTINCT priceable_id AS key FROM prices WHERE priceable_type = 'PAYMENT_METHOD' AND priceable_id <> ?").all(
    CASH_METHOD_KEY,
  ) as { key: string }[];
  return new Set(rows.map((row) => row.key));
}

export function hasCustomer(db: TillDatabase, id: string): boolean {
  return statement(db, 'SELECT 1 FROM customers WHERE id = ?').get(id) !== undefined;
}
