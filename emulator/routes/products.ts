import type { ServedProduct } from '../tenant.ts';
import { detailAnswer, isLive } from '../answers.ts';
import { findLiveProduct } from '../find-product.ts';
import { filters, readPlainListParams } from '../list-params.ts';
import type { ListParams } from '../list-params.ts';
import type { RequestContext, RouteSpec } from '../route-spec.ts';
import { searchMatcher } from '../search-matcher.ts';
import { serializeProduct } from '../serialize-product.ts';
import type { ProductIncludes } from '../serialize-product.ts';
import { checkScope, readScope } from '../subscriber-scope.ts';
import type { Validator } from '../validation.ts';
import { listing, listRoute } from './list-route.ts';

function includesOf(params: ListParams): ProductIncludes {
  return { modifiers: params.includes.includes('modifiers'), prices: params.includes.includes('prices') };
}

/** The product list's own filters, read beside the common list parameters. */
function readProductQuery(context: RequestContext, params: ListParams, v: Validator) {
  const scope = readScope(context, params, v, true);
  let categoryId = filters.integer(params, 'product_category_id', v);
  // `category_id` is the 2.3.0 name of the same filter; older clients never send it.
  if (context.features.renamed) categoryId ??= filters.integer(params, 'category_id', v);
  const isActive = filters.boolean(params, 'is_active', v);
  const ids = filters.strings(params, 'products_ids', v);
  return { scope, categoryId, isActive, ids };
}

function listProducts(context: RequestContext, params: ListParams, { scope, categoryId, isActive, ids }: ReturnType<typeof readProductQuery>) {
  checkScope(context, scope);
  const idSet = ids && new Set(ids);
  const matches = params.search === null ? null : searchMatcher(params.search);
  const { marketId, branchId } = scope;
  const keep = (p: ServedProduct) =>
    isLive(p) &&
    (marketId === undefined || p.market_id === marketId) &&
    (branchId === undefined || p.branch_id === null || p.branch_id === branchId) &&
    (categoryId === undefined || p.category_id === categoryId) &&
    (isActive === undefined || p.is_active === isActive) &&
    (idSet === undefined || idSet.has(p.id)) &&
    (matches === null || matches(p.name_en) || matches(p.name_ar));
  const includes = includesOf(params);
  const branch = context.state.tenant.me.branch;
  return listing(context.state.tenant.products, (p) => serializeProduct(p, context.features, includes, branch), keep);
}

export const productRoutes: RouteSpec[] = [
  listRoute('/products', { query: readProductQuery, list: listProducts }),
  {
    // "Products Detail (GET)": path not shown; the conventional one (emulator/README.md, 25).
    method: 'GET',
    url: '/products/:productId',
    permission: 'read',
    handle: (context) => {
      const params = readPlainListParams(context.input);
      const product = findLiveProduct(context.state.tenant, context.params.productId);
      return detailAnswer(serializeProduct(product, context.features, includesOf(params), context.state.tenant.me.branch));
    },
  },
];
