import type { ApiVersion } from '../../../src-shared/api-version.ts';
import type { Product } from '../../../src-shared/catalog/index.ts';
import { readListPage, WireValidationError, type ListResource, type PageInfo, type QuarantinedRecord } from '../../../src-shared/wire/index.ts';
import { utf8Text } from '../../text/index.ts';
import { CATALOG_RESOURCES, needsOwnReads } from '../catalog-resources.ts';
import { stageRecords } from '../stage-records.ts';
import { packRows, type PackedValues } from './packed-values.ts';

/** One page of a list to read and stage: its bytes as they came, and what reading them needs. */
export interface PageReadRequest {
  /** A list whose resource is `readOffThread`. */
  list: ListResource;
  version: ApiVersion;
  page: number;
  /** Decimal places of the market's currency. */
  decimals: number;
  /** The answer's body, UTF-8 (transferred to the reader's thread). */
  bytes: Uint8Array;
}

interface PageReadBase {
  info: PageInfo;
  quarantined: QuarantinedRecord[];
  precisionLost: number;
}

/**
 * A page read and staged: its rows in the order `stage` put them, row `r`
 * of `resource.tables[tableOf[r]]`, their values packed one row after the
 * other (packed-values.ts); soft-deleted records left out and counted.
 */
export interface StagedPageAnswer extends PageReadBase {
  kind: 'staged';
  /** Records on the page that were read (quarantined ones not counted). */
  records: number;
  deleted: number;
  tableOf: Uint8Array;
  packed: PackedValues;
}

/** A page read but not staged: a product on it needs its own reads first (the pull's thread stages it after them). */
export interface RecordsPageAnswer extends PageReadBase {
  kind: 'records';
  records: unknown[];
}

/** Why a page could not be read, as plain data (an Error does not cross threads whole). */
export type PageReadFailure =
  { kind: 'not-json' } | { kind: 'wire'; init: ConstructorParameters<typeof WireValidationError>[0] } | { kind: 'other'; message: string };

export type PageReadAnswer = StagedPageAnswer | RecordsPageAnswer | { kind: 'failed'; failure: PageReadFailure };

/**
 * Reads a page's bytes as the pull does on its own thread (JSON, then
 * readListPage against the contract version), and stages its records as
 * `stagePage` would, reduced to bind-ready values. Run on the page
 * reader's thread; a failure comes back as data, never thrown.
 */
export function readAndStagePage(request: PageReadRequest): PageReadAnswer {
  const resource = CATALOG_RESOURCES.find((candidate) => candidate.name === request.list);
  if (!resource?.readOffThread) return { kind: 'failed', failure: { kind: 'other', message: `the ${request.list} list is not read off the pull's thread` } };
  let body: unknown;
  try {
    const text = utf8Text(request.bytes);
    body = text === '' ? null : JSON.parse(text);
  } catch {
    return { kind: 'failed', failure: { kind: 'not-json' } };
  }
  try {
    const parsed = readListPage(resource.name, request.version, body, request.page, { decimals: request.decimals });
    const { info, quarantined, precisionLost, records } = parsed;
    if (resource.name === 'products' && (records as Product[]).some(needsOwnReads)) return { kind: 'records', info, quarantined, precisionLost, records };
    // The place is not kept for these lists (readOffThread), and it is not known here: pages are read as they come.
    const { tableOf, rows, deleted } = stageRecords(resource, records, Number.NaN);
    return {
      kind: 'staged',
      info,
      quarantined,
      precisionLost,
      records: records.length,
      deleted,
      tableOf: Uint8Array.from(tableOf),
      packed: packRows(rows),
    };
  } catch (error) {
    if (error instanceof WireValidationError) {
      const { message, resource: subject, page, recordId, field } = error;
      return { kind: 'failed', failure: { kind: 'wire', init: { message, resource: subject, page, recordId, field } } };
    }
    return { kind: 'failed', failure: { kind: 'other', message: error instanceof Error ? error.message : String(error) } };
  }
}
