import type { TillDatabase } from '../../db/index.ts';
import { CustomerKind } from './customer-kind.ts';
import { CustomerEditKind } from './customer-edit-kind.ts';
import { OrderKind } from './order-kind.ts';
import { recordKinds } from './record-kind.ts';
import type { UploadKind } from './upload-engine.ts';

/**
 * Everything the till sends exactly once, in the order it goes: customers added at the counter first (an order names
 * them), then the corrections of customers (after their Create), then orders (a settlement needs its order on the service).
 */
export function tillUploadKinds(db: TillDatabase, options: { batchSize?: number } = {}): UploadKind[] {
  return [new CustomerKind(db), new CustomerEditKind(db), new OrderKind(db, options.batchSize), ...recordKinds(db)];
}
