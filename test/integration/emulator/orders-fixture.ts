import { randomUUID } from 'node:crypto';
import type { RunningEmulator, UploadedOrder } from '../../../emulator/index.ts';

/**
 * A valid order for the demo tenant: two lattes with oat milk, paid in cash.
 * 16.00 + 4.00 = 20.00 a cup, 40.00 in all, VAT included (5.22).
 */
export function validOrder(emulator: RunningEmulator, overrides: Partial<UploadedOrder> = {}): UploadedOrder {
  const latte = emulator.tenant.products.find((p) => p.name_en === 'Caffè latte')!;
  const oat = latte.modifiers.find((m) => m.name_en === 'Oat milk')!;
  return {
    uuid: randomUUID(),
    market_id: emulator.marketId,
    branch_id: emulator.branchId,
    number: '042',
    type: 'TAKEAWAY',
    table_id: null,
    customer_id: null,
    created_at: Date.now(),
    items: [{ product_id: latte.id, quantity: 2, unit_price: '20.00', modifiers: [{ modifier_id: oat.id }], notes: null, total: '40.00' }],
    subtotal: '40.00',
    discount_total: '0.00',
    tax: '5.22',
    total: '40.00',
    payments: [{ payment_method_key: 'CASH', amount: '40.00' }],
    status: 'PAID',
    refund_of: null,
    ...overrides,
  };
}
