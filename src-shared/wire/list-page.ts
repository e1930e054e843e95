import { z } from 'zod';
import type { ApiVersion } from '../api-version.ts';
import type { CanonicalRecordOf, CanonicalRecords, ListResource } from './list-resource.ts';
import { paginationSchema, successEnvelopeSchema } from './envelope.ts';
import type { PageInfo } from './envelope.ts';
import { perVersion } from './per-version.ts';
import { explainFailure, WireValidationError } from './wire-validation-error.ts';
import { barcodeSchema, normalizeBarcode } from './barcode.ts';
import { categorySchema, normalizeCategory } from './category.ts';
import { customerUserSchema, normalizeCustomer } from './customer.ts';
import { ingredientSchema, normalizeIngredient } from './ingredient.ts';
import { kitchenSchema, normalizeKitchen } from './kitchen.ts';
import { diningTableSchema, normalizeDiningTable } from './dining-table.ts';
import { discountSchema, normalizeDiscount } from './discount.ts';
import { modifierSchema, normalizeModifiers } from './modifier.ts';
import { paymentMethodSchema, normalizePaymentMethod } from './payment-method.ts';
import { normalizePaymentMethodConfig, paymentMethodConfigSchema } from './payment-method-config.ts';
import { normalizePrice, priceSchema } from './price.ts';
import { normalizePrinter, printerSchema } from './printer.ts';
import { normalizeProduct, productSchema } from './product.ts';
import { normalizeProductIngredient, productIngredientSchema } from './product-ingredient.ts';
import { ReadTally } from './read-tally.ts';

/** A record left out of a pull because it breaks a rule: which list, which record, and why. */
export interface QuarantinedRecord {
  list: ListResource;
  /** The record's id when it has a readable one, else `#position`. */
  id: string;
  /** The member at fault ("prices[1].value"), or "(record)". */
  field: string;
  reason: string;
}

export interface ParsedPage<T> {
  info: PageInfo;
  records: T[];
  /** Records that broke a rule and were left out. */
  quarantined: QuarantinedRecord[];
  /** Money values that came with more places than the currency has and were rounded. */
  precisionLost: number;
}

/** What a per-product list (`/products/{id}/prices`) is read for: it stands in for the ids the spec does not show. */
export interface PageContext {
  parentId?: string;
  /** Decimal places of the market's currency: money is read to these (default 2). */
  decimals?: number;
}

type Normalize<T> = (wire: unknown, position: number, tally: ReadTally, parentId?: string) => T;

interface Codec<T> {
  record: (version: ApiVersion) => z.ZodType;
  /** One wire record as one record, or as several (a modifier group record is its options). */
  normalize: Normalize<T> | { many: Normalize<T[]> };
}

type PageReader<T> = (body: unknown, page: number, context: PageContext) => ParsedPage<T>;

const always =
  <S>(schema: S) =>
  (_version: ApiVersion): S =>
    schema;

const envelopeOfAnything = z.compile(successEnvelopeSchema(paginationSchema(z.unknown())));

/**
 * The envelope is read strictly (the spec shows it whole); then each record
 * on its own, so that one bad record is left out and reported instead of
 * failing the page. The explanation of a failure is built only on failure.
 */
function pageReader<R extends ListResource>(resource: R, codec: Codec<CanonicalRecords[R]>): (version: ApiVersion) => PageReader<CanonicalRecords[R]> {
  return perVersion((version) => {
    const item = z.compile(codec.record(version));
    return (body, page, context) => {
      const envelope = envelopeOfAnything.safeParse(body);
      if (!envelope.success) {
        throw explainFailure(body, envelope.error.issues, { subject: resource, page, layout: { at: ['data', 'data'], listed: true } });
      }
      const { current_page, last_page, per_page, total, data } = envelope.data.data as {
        current_page: number;
        last_page: number;
        per_page: number;
        total: number;
        data: unknown[];
      };
      const tally = new ReadTally(context.decimals);
      const records: CanonicalRecords[R][] = [];
      const quarantined: QuarantinedRecord[] = [];
      const first = (current_page - 1) * per_page;
      data.forEach((wire, index) => {
        const position = first + index;
        const parsed = item.safeParse(wire);
        if (!parsed.success) {
          // Explained as a part of the page, so the message names the record's place in it.
          const issues = parsed.error.issues.map((issue) => ({ ...issue, path: ['data', 'data', index, ...issue.path] }));
          const error = explainFailure(body, issues, { subject: resource, page, layout: { at: ['data', 'data'], listed: true } });
          quarantined.push({ list: resource, id: error.recordId ?? `#${position + 1}`, field: error.field, reason: error.message });
          return;
        }
        try {
          const { normalize } = codec;
          if (typeof normalize === 'function') records.push(normalize(parsed.data, position, tally, context.parentId));
          else records.push(...normalize.many(parsed.data, position, tally, context.parentId));
        } catch (error) {
          const id = readableId(wire) ?? `#${position + 1}`;
          quarantined.push({ list: resource, id, field: '(record)', reason: `${resource} page ${page}, record ${id}: ${(error as Error).message}` });
        }
      });
      return { info: { current_page, last_page, per_page, total }, records, quarantined, precisionLost: tally.precisionLost };
    };
  });
}

function readableId(record: unknown): string | null {
  if (record === null || typeof record !== 'object') return null;
  for (const key of ['id', 'key', 'uuid']) {
    const value = (record as Record<string, unknown>)[key];
    if ((typeof value === 'string' && value !== '') || typeof value === 'number') return String(value);
  }
  return null;
}

const plain =
  <T>(normalize: (wire: never) => T): Normalize<T> =>
  (wire) =>
    normalize(wire as never);

const READERS: { [R in ListResource]: (version: ApiVersion) => PageReader<CanonicalRecords[R]> } = {
  categories: pageReader('categories', { record: categorySchema, normalize: plain(normalizeCategory) }),
  products: pageReader('products', { record: productSchema, normalize: normalizeProduct }),
  barcodes: pageReader('barcodes', { record: barcodeSchema, normalize: plain(normalizeBarcode) }),
  payment_methods: pageReader('payment_methods', { record: always(paymentMethodSchema), normalize: plain(normalizePaymentMethod) }),
  payment_method_configs: pageReader('payment_method_configs', {
    record: paymentMethodConfigSchema,
    normalize: plain(normalizePaymentMethodConfig),
  }),
  printers: pageReader('printers', { record: printerSchema, normalize: normalizePrinter }),
  customers: pageReader('customers', { record: always(customerUserSchema), normalize: plain(normalizeCustomer) }),
  product_modifiers: pageReader('product_modifiers', { record: always(modifierSchema), normalize: { many: normalizeModifiers } }),
  product_prices: pageReader('product_prices', { record: priceSchema, normalize: normalizePrice }),
  product_ingredients: pageReader('product_ingredients', {
    record: productIngredientSchema,
    normalize: plain(normalizeProductIngredient),
  }),
  ingredients: pageReader('ingredients', { record: ingredientSchema, normalize: plain(normalizeIngredient) }),
  kitchens: pageReader('kitchens', { record: kitchenSchema, normalize: normalizeKitchen }),
  tables: pageReader('tables', { record: diningTableSchema, normalize: plain(normalizeDiningTable) }),
  discounts: pageReader('discounts', { record: discountSchema, normalize: (wire, position, tally) => normalizeDiscount(wire, position, tally) }),
};

/**
 * Reads one page of a list against the contract `version` the client asked
 * for: a bad envelope throws WireValidationError; a bad record is left out
 * and listed in `quarantined`. `page` is the page that was asked for.
 */
export function readListPage<R extends ListResource>(
  resource: R,
  version: ApiVersion,
  body: unknown,
  page: number,
  context: PageContext = {},
): ParsedPage<CanonicalRecordOf<R>> {
  const read: (version: ApiVersion) => PageReader<CanonicalRecords[R]> = READERS[resource];
  return read(version)(body, page, context);
}

/**
 * Like readListPage, but any bad record fails the whole page: for checks
 * (the emulator's own answers, tests) where nothing may be left out.
 */
export const parseListPage: typeof readListPage = (resource, version, body, page, context) => {
  const parsed = readListPage(resource, version, body, page, context);
  const bad = parsed.quarantined[0];
  if (bad) {
    const more = parsed.quarantined.length > 1 ? ` (and ${parsed.quarantined.length - 1} more bad record${parsed.quarantined.length > 2 ? 's' : ''})` : '';
    throw new WireValidationError({ message: bad.reason + more, resource, page, recordId: bad.id.startsWith('#') ? null : bad.id, field: bad.field });
  }
  return parsed;
};

const RECORD_SCHEMAS: { [R in ListResource]: (version: ApiVersion) => z.ZodType } = {
  categories: categorySchema,
  products: productSchema,
  barcodes: barcodeSchema,
  payment_methods: always(paymentMethodSchema),
  payment_method_configs: paymentMethodConfigSchema,
  printers: printerSchema,
  customers: always(customerUserSchema),
  product_modifiers: always(modifierSchema),
  product_prices: priceSchema,
  product_ingredients: productIngredientSchema,
  ingredients: ingredientSchema,
  kitchens: kitchenSchema,
  tables: diningTableSchema,
  discounts: discountSchema,
};

/** The wire schema of one record of `resource` at `version` (for the emulator to check what it serves). */
export function recordSchema(resource: ListResource, version: ApiVersion): z.ZodType {
  return RECORD_SCHEMAS[resource](version);
}

const pageSchemas = new Map<string, z.ZodType>();

/** The whole answer of a list read: the success envelope around the pagination envelope (uncompiled, for checks). */
export function listPageSchema(resource: ListResource, version: ApiVersion): z.ZodType {
  const key = `${resource}@${version}`;
  let schema = pageSchemas.get(key);
  if (!schema) {
    schema = successEnvelopeSchema(paginationSchema(recordSchema(resource, version)));
    pageSchemas.set(key, schema);
  }
  return schema;
}
