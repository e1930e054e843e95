import type { CatalogResource, Stage } from './catalog-resources.ts';

/** A page's records as rows: row `r` of `resource.tables[tableOf[r]]`, its values (in `columns` order) `rows[r]`. */
export interface StagedRows {
  tableOf: number[];
  rows: unknown[][];
  /** Soft-deleted records, left out: gone for the till, like records that vanished upstream. */
  deleted: number;
}

/**
 * Hands each of a page's records to `resource.stage` (`firstPosition` is the
 * first one's place in the list), leaving out the soft-deleted ones, which
 * are gone for the till like records that vanished upstream; returns how
 * many those were. Both the pull's thread and the page reader stage this way.
 */
export function stageEach(resource: CatalogResource, records: readonly unknown[], firstPosition: number, put: Stage): number {
  let deleted = 0;
  for (let index = 0; index < records.length; index++) {
    const record = records[index];
    if ((record as { deleted_at?: number | null }).deleted_at != null) deleted++;
    else resource.stage(record, firstPosition + index, put);
  }
  return deleted;
}

/**
 * Stages `records` as the pull does, each row reduced to its bind-ready
 * values (what Staging.insertRows takes). An array a row, not one for the
 * page: an array that large outgrows V8's young generation as it is filled,
 * and the copies it leaves behind wait for a full collection (`pos sync`
 * of 100,000 products peaked 40 to 50 MB higher, issue 37's thirteenth pass).
 * `firstPosition` is the first record's place in the list.
 */
export function stageRecords(resource: CatalogResource, records: readonly unknown[], firstPosition: number): StagedRows {
  const tables = resource.tables;
  const staged: StagedRows = { tableOf: [], rows: [], deleted: 0 };
  const { tableOf, rows } = staged;
  const put: Stage = (table, row) => {
    tableOf.push(tables.indexOf(table));
    const columns = table.columns;
    const values = new Array<unknown>(columns.length);
    for (let i = 0; i < columns.length; i++) values[i] = (row as Record<string, unknown>)[columns[i]!];
    rows.push(values);
  };
  staged.deleted = stageEach(resource, records, firstPosition, put);
  return staged;
}
