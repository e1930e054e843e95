import type { CatalogResource, Stage } from './catalog-resources.ts';

/** A page's records as rows: row `r` of `resource.tables[tableOf[r]]`, its `columns.length` values next in `values`. */
export interface StagedRows {
  tableOf: number[];
  values: unknown[];
  /** Soft-deleted records, left out: gone for the till, like records that vanished upstream. */
  deleted: number;
}

/**
 * Stages `records` as the pull does, reduced to bind-ready values (what
 * Staging.insertValues takes): one array for the page, no object a row.
 * `firstPosition` is the first record's place in the list.
 */
export function stageRecords(resource: CatalogResource, records: readonly unknown[], firstPosition: number): StagedRows {
  const tables = resource.tables;
  const rows: StagedRows = { tableOf: [], values: [], deleted: 0 };
  const { tableOf, values } = rows;
  const put: Stage = (table, row) => {
    tableOf.push(tables.indexOf(table));
    const columns = table.columns;
    for (let i = 0; i < columns.length; i++) values.push((row as Record<string, unknown>)[columns[i]!]);
  };
  for (let index = 0; index < records.length; index++) {
    const record = records[index];
    if ((record as { deleted_at?: number | null }).deleted_at != null) rows.deleted++;
    else resource.stage(record, firstPosition + index, put);
  }
  return rows;
}
