// A till database in a temp folder with orders in its outbox, for the upload tests.
import { openDatabase, type TillDatabase } from '../../../src-main/db/index.ts';
import { insertOrder } from '../../../src-main/till/index.ts';
import type { OrderRecord } from '../../../src-shared/till/index.ts';
import { tempDir } from '../../support/temp-dir.ts';
import { saleDraft, type SellableProduct, type Shop } from './order-drafts.ts';

export const shop: Shop = { marketId: 'market-1', branchId: 'branch-1', tax: { vatRate: 1500, pricesIncludeTax: true }, methodKey: 'CASH' };
export const latte: SellableProduct = { id: 'p-latte', category_id: 1, name_en: 'Latte', name_ar: 'لاتيه', price: 1450 };

export interface OutboxRow {
  order_uuid: string;
  state: string;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  service_id: string | null;
  service_status: string | null;
  rejection: string | null;
  synced_at: number | null;
}

export function tillDatabase(): { db: TillDatabase; sell: (count: number) => OrderRecord[]; row: (uuid: string) => OutboxRow; cleanup: () => void } {
  const dir = tempDir('till-upload-');
  const db = openDatabase(dir.file('till.db'));
  let clock = 1_700_000_000_000;
  return {
    db,
    sell: (count) => Array.from({ length: count }, (_, i) => insertOrder(db, saleDraft(shop, [{ product: latte, quantity: 1 + (i % 4) }], { createdAt: clock++ }))),
    row: (uuid) => db.prepare('SELECT * FROM outbox WHERE order_uuid = ?').get(uuid) as OutboxRow,
    cleanup: () => {
      db.close();
      dir.cleanup();
    },
  };
}
