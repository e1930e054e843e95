import type { Modifier, Price } from '../../src-shared/catalog/index.ts';
import { readListPage, WireValidationError, type ListResource, type QuarantinedRecord } from '../../src-shared/wire/index.ts';
import { NotFoundError, paginate, ServiceError, UnauthenticatedError, type RequestWindow, type RetryPolicy, type ServiceClient } from '../upstream/index.ts';
import { adjustAfterRefusal, MAX_ADJUSTMENTS, type ListRequest } from './list-request-adjustment.ts';

// `includes[]=prices` is not in the spec: a service may answer a products
// page without prices (or without modifiers). Then each such product's
// prices come from the spec's own `GET /products/{id}/prices` (and
// modifiers from `GET /products/{id}/modifiers`), a few products in flight,
// written with the product into the same generation, so its pin stays all or nothing.

export type PerProductPart = 'prices' | 'modifiers';

export interface PerProductNeed {
  productId: string;
  parts: readonly PerProductPart[];
}

export interface PerProductResult {
  productId: string;
  prices?: Price[];
  modifiers?: Modifier[];
}

export interface PerProductOptions {
  client: ServiceClient;
  perPage: number;
  /** Decimal places of the market's currency (default 2). */
  decimals?: number;
  retry?: RetryPolicy;
  /** The pull's window: its pauses (Retry-After) hold these reads too. */
  window?: RequestWindow;
  signal?: AbortSignal;
  /** Products read at once. */
  concurrency?: number;
  onNote?: (note: string) => void;
}

export const PER_PRODUCT_CONCURRENCY = 4;

const ROUTES: Record<PerProductPart, { resource: ListResource; path: (id: string) => string; query: ListRequest['query'] }> = {
  prices: { resource: 'product_prices', path: (id) => `/products/${encodeURIComponent(id)}/prices`, query: {} },
  // `includes` is marked required on the modifiers page (spec, "Common list parameters").
  modifiers: { resource: 'product_modifiers', path: (id) => `/products/${encodeURIComponent(id)}/modifiers`, query: { includes: ['prices'] } },
};

/** Remembered across products: once a service has said how it wants a list asked for, every product asks that way. */
type Requests = Partial<Record<PerProductPart, ListRequest>>;

async function readPart(
  productId: string,
  part: PerProductPart,
  requests: Requests,
  options: PerProductOptions,
  precisionLost: { count: number },
): Promise<{ records: (Price | Modifier)[]; bad: QuarantinedRecord[] }> {
  const route = ROUTES[part];
  for (let adjustments = 0; ; adjustments++) {
    const request = (requests[part] ??= { query: route.query, perPage: options.perPage });
    const records: (Price | Modifier)[] = [];
    const bad: QuarantinedRecord[] = [];
    try {
      const pages = paginate(options.client, {
        path: route.path(productId),
        query: request.query,
        perPage: request.perPage,
        parse: (body, page) => readListPage(route.resource, options.client.apiVersion, body, page, { parentId: productId, decimals: options.decimals ?? 2 }),
        ...(options.retry ? { retry: options.retry } : {}),
        ...(options.window ? { window: options.window } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      for await (const page of pages) {
        records.push(...(page.records as (Price | Modifier)[]));
        bad.push(...page.quarantined);
        precisionLost.count += page.precisionLost;
      }
      return { records, bad };
    } catch (error) {
      const adjusted = adjustments < MAX_ADJUSTMENTS ? adjustAfterRefusal(error, request) : null;
      if (!adjusted) throw error;
      requests[part] = adjusted.request;
      options.onNote?.(`${route.resource}: ${adjusted.note}`);
    }
  }
}

/**
 * Reads what each product lacks. A product whose read fails, or comes back
 * with a bad record, is reported in `failed` (the pull quarantines it); a
 * 404 on modifiers means the product has none. A 401 stops everything.
 */
export async function readPerProduct(
  needs: readonly PerProductNeed[],
  options: PerProductOptions,
): Promise<{ results: PerProductResult[]; failed: QuarantinedRecord[]; precisionLost: number }> {
  const precisionLost = { count: 0 };
  const results: PerProductResult[] = [];
  const failed: QuarantinedRecord[] = [];
  const requests: Requests = {};
  let next = 0;
  const worker = async () => {
    while (next < needs.length) {
      const need = needs[next++]!;
      const result: PerProductResult = { productId: need.productId };
      let failure: string | null = null;
      for (const part of need.parts) {
        try {
          const { records, bad } = await readPart(need.productId, part, requests, options, precisionLost);
          if (bad.length > 0) {
            failure = `its ${part} list has a bad record: ${bad[0]!.reason}`;
            break;
          }
          if (part === 'prices') result.prices = records as Price[];
          else result.modifiers = records as Modifier[];
        } catch (error) {
          if (error instanceof UnauthenticatedError) throw error;
          if (part === 'modifiers' && error instanceof NotFoundError) {
            result.modifiers = [];
            continue;
          }
          if (!(error instanceof ServiceError) && !(error instanceof WireValidationError)) throw error;
          failure = `its ${part} could not be read: ${(error as Error).message}`;
          break;
        }
      }
      if (failure)
        failed.push({
          list: 'products',
          id: need.productId,
          field: `(${'$'}{need.parts.join(', ')})`,
          reason: `products, record ${need.productId}: ${failure}`,
        });
      else results.push(result);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? PER_PRODUCT_CONCURRENCY, needs.length) }, worker));
  return { results, failed, precisionLost: precisionLost.count };
}
