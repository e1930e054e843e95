import type { DiningTable } from '../src-shared/catalog/index.ts';

/** A tenant's table: the canonical record plus the branch it stands in. */
export interface TenantTable extends DiningTable {
  branch_id: string;
}

/**
 * The demo branch's floor (issue 21): eight tables in two areas and a
 * retired one, so a client sees areas, seats and `is_active` at work.
 */
export function demoTables(branchId: string, newId: () => string): TenantTable[] {
  const hall = [2, 2, 4, 4, 6].map((seats, i) => ({ name: `T${i + 1}`, area: 'Hall', seats }));
  const terrace = [2, 4, 4].map((seats, i) => ({ name: `P${i + 1}`, area: 'Terrace', seats }));
  const live = [...hall, ...terrace].map((t) => ({ id: newId(), branch_id: branchId, ...t, is_active: true }));
  return [...live, { id: newId(), branch_id: branchId, name: 'T9', area: 'Hall', seats: 8, is_active: false }];
}
