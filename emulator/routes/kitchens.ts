import { serializeKitchen } from '../serialize-kitchen.ts';
import { listAndDetailRoutes } from './list-and-detail.ts';

/**
 * The spec shows printer-kitchen and kitchen-category objects but no path;
 * the till reads them as `GET /kitchens` (emulator/README.md, 17).
 */
export const kitchenRoutes = listAndDetailRoutes(
  '/kitchens',
  'kitchenId',
  (context) => context.state.tenant.kitchens,
  (kitchen, context) => serializeKitchen(kitchen, context.features),
);
