import { listAndDetailRoutes } from './list-and-detail.ts';

/**
 * The spec names Tables (List, Detail, …) without a path or fields; the
 * till reads them as `GET /tables`
 * (emulator/README.md, "Tables"); the demo tenant has one branch.
 */
export const tableRoutes = listAndDetailRoutes(
  '/tables',
  'tableId',
  (context) => context.state.tenant.tables,
  (table) => ({ id: table.id, branch_id: table.branch_id, name: table.name, area: table.area, seats: table.seats, is_active: table.is_active }),
);
