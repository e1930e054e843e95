import { listAndDetailRoutes } from './list-and-detail.ts';

/**
 * The spec names Discounts (List, Detail, Verify) without a path or fields;
 * the till reads them as `GET /discounts` (emulator/README.md, "Discounts").
 * Each is served as the tenant holds it.
 */
export const discountRoutes = listAndDetailRoutes(
  '/discounts',
  'discountId',
  (context) => context.state.tenant.discounts,
  (discount) => ({ ...discount }),
);
