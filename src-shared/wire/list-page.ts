import { z } from 'zod';
import type { ApiVersion } from '../api-version.ts';
import type { CanonicalRecordOf, CanonicalRecords, ListResource } from './list-resource.ts';
import { paginationSchema, successEnvelopeSchema } from './envelope.ts';
import type { PageInfo } from './envelope.ts';
import { perVersion } from './per-version.ts';
import { explainFailure } from './wire-validation-error.ts';
import { barcodeSchema, normalizeBarcode } from './barcode.ts';
import { categorySchema, normalizeCategory } from './category.ts';
import { customerUserSchema, normalizeCustomer } from './customer.ts';
import { ingredientSchema, normalizeIngredient } from './ingredient.ts';
import { kitchenSchema, normalizeKitchen } from './kitchen.ts';
import { modifierSchema, normalizeModifier } from './modifier.ts';
import { paymentMethodSchema, normalizePaymentMethod } from './payment-method.ts';
import { normalizePaymentMethodConfig, paymentMethodConfigSchema } from './payment-method-config.ts';
import { normalizePrice, priceSchema } from './price.ts';
import { normalizePrinter, printerSchema } from './printer.ts';
import { normalizeProduct, productSchema } from './product.ts';
import { normalizeProductIngredient, productIngredientSchema } from './product-ingredient.ts';

export interface ParsedPage<T> {
  info: PageInfo;
  records: T[];
}

interface Codec<W, T> {
  record: (version: ApiVersion) => z.ZodType<W>;
  normalize: (wire: W) => T;
}

type PageReader<T> = (body: unknown, page: number) => ParsedPage<T>;

const always =
  <S>(schema: S) =>
  (_version: ApiVersion): S =>
    schema;

/**
 * One compiled schema per resource and version for the whole page (envelope
 * and records in a single parse, the hot path of a pull), then a plain
 * normalization pass. The explanation of a failure is built only on failure.
 * z.compile generates code with `new Function`; where a CSP forbids that it
 * hands back the schema unchanged, so this stays correct everywhere.
 */
function pageReader<R extends ListResource, W>(
  resource: R,
  codec: Codec<W, CanonicalRecords[R]>,
): (version: ApiVersion) => PageReader<CanonicalRecords[R]> {
  return perVersion((version) => {
    const schema = z.compile(successEnvelopeSchema(paginationSchema(codec.record(version))));
    return (body, page) => {
      const result = schema.safeParse(body);
      if (!result.success) {
        throw explainFailure(body, result.error.issues, {
          subject: resource,
          page,
          layout: { at: ['data', 'data'], listed: true },
        });
      }
      const { current_page, last_page, per_page, total, data } = result.data.data;
      return { info: { current_page, last_page, per_page, total }, records: data.map(codec.normalize) };
    };
  });
}

const READERS: { [R in ListResource]: (version: ApiVersion) => PageReader<CanonicalRecords[R]> } = {
  categories: pageReader('categories', { record: categorySchema, normalize: normalizeCategory }),
  products: pageReader('products', { record: productSchema, normalize: normalizeProduct }),
  barcodes: pageReader('barcodes', { record: barcodeSchema, normalize: normalizeBarcode }),
  payment_methods: pageReader('payment_methods', { record: always(paymentMethodSchema), normalize: normalizePaymentMethod }),
  payment_method_configs: pageReader('payment_method_configs', {
    record: paymentMethodConfigSchema,
    normalize: normalizePaymentMethodConfig,
  }),
  printers: pageReader('printers', { record: printerSchema, normalize: normalizePrinter }),
  customers: pageReader('customers', { record: always(customerUserSchema), normalize: normalizeCustomer }),
  product_modifiers: pageReader('product_modifiers', { record: always(modifierSchema), normalize: normalizeModifier }),
  product_prices: pageReader('product_prices', { record: priceSchema, normalize: normalizePrice }),
  product_ingredients: pageReader('product_ingredients', {
    record: productIngredientSchema,
    normalize: normalizeProductIngredient,
  }),
  ingredients: pageReader('ingredients', { record: ingredientSchema, normalize: normalizeIngredient }),
  kitchens: pageReader('kitchens', { record: kitchenSchema, normalize: normalizeKitchen }),
};

/**
 * Validates one page of a list read against the contract `version` the
 * client asked for and normalizes its records. `page` is the page that was
 * asked for; it only names the page in errors. Throws WireValidationError.
 */
export function parseListPage<R extends ListResource>(
  resource: R,
  version: ApiVersion,
  body: unknown,
  page: number,
): ParsedPage<CanonicalRecordOf<R>> {
  const read: (version: ApiVersion) => PageReader<CanonicalRecords[R]> = READERS[resource];
  return read(version)(body, page);
}

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
