// A market-wide token: /me names the market but no branch. The till must not
// sell (an order needs the branch it was sold in, and the market's id is not
// one), says which flag or setting names it, and once named, every order
// carries that branch to the service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TillService } from '../../../src-main/host/index.ts';
import { OrderUploader } from '../../../src-main/sync/push/index.ts';
import { setSettingFromText } from '../../../src-main/settings/index.ts';
import { readOrder } from '../../../src-main/orders/index.ts';
import type { TillDatabase } from '../../../src-main/db/index.ts';
import { TillError } from '../../../src-shared/errors/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { sellOneLatte } from '../../support/sell-one-latte.ts';

let service: EmulatedService;
let db: TillDatabase;
let branchId: string;
beforeAll(async () => {
  service = await emulatedService({ seed: 43 });
  branchId = service.emulator.tenant.me.branch!.id;
  // The token's /me: a market, no branch.
  const me = service.emulator.tenant.me as { branch: unknown };
  const branch = me.branch;
  me.branch = null;
  db = service.open('till.db');
  await service.pull(db);
  me.branch = branch;
});
afterAll(async () => {
  await service.close();
});

describe('no sale without a branch', () => {
  const now = () => Date.UTC(2026, 10, 21, 9, 30);

  it('refuses to sell with a market and no branch, naming --branch-id and the setting', async () => {
    const till = new TillService({ db, now });
    const refusal = await sellOneLatte(till).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(TillError);
    expect(refusal).toMatchObject({ code: 'no_branch' });
    expect((refusal as Error).message).toContain('--branch-id');
    expect((refusal as Error).message).toContain('pos settings set branch_id ID');
    expect(db.prepare('SELECT count(*) AS n FROM orders').get()).toEqual({ n: 0 });
  });

  it('sells in the branch once it is named, and the order reaches the service with that branch', async () => {
    setSettingFromText(db, 'branch_id', branchId);
    const order = await sellOneLatte(new TillService({ db, now }));
    expect(order.branch_id).toBe(branchId);
    expect(order.branch_id).not.toBe(order.market_id);
    const report = await new OrderUploader({ db, client: service.client() }).uploadDue();
    expect(report).toMatchObject({ created: 1, rejected: 0 });
    expect(service.emulator.orders.get(order.uuid)?.order.branch_id).toBe(branchId);
    expect(readOrder(db, order.uuid)?.branch_id).toBe(branchId);
  });
});
