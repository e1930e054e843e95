import { sql, type RawBuilder } from 'kysely';
import { param } from '../db/index.ts';

/**
 * `(SELECT value FROM json_each(@name))`: the values of a JSON list bound as
 * one parameter, for `IN`. Kysely has no builder for json_each; and one list
 * parameter keeps one statement text whatever the list's length, where
 * `IN (?, ?, …)` would compile a new statement per length.
 */
export function jsonList<T = string>(name: string): RawBuilder<T> {
  return sql<T>`(SELECT value FROM json_each(${param<string>(name)}))`;
}
