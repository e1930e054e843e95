// The running till uploads closed shifts through the same engine as orders:
// closing a shift rings it, and the attendance reaches the service once,
// with no `pos sync` and no second loop.
import { afterEach, describe, expect, it } from 'vitest';
import { ELECTRON_WINDOW, EventHub, TillHost, tillFacade } from '../../../src-main/host/index.ts';
import { FileSecretStore } from '../../../src-main/secrets/index.ts';
import { setSetting } from '../../../src-main/settings/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { eventually } from '../../support/manual-clock.ts';

let service: EmulatedService | undefined;
let host: TillHost | undefined;
afterEach(async () => {
  await host?.stop();
  await service?.close();
});

describe('the till host uploads records with its orders', () => {
  it('sends a closed shift as attendance once the shift closes, and a sale of that shift as an order', async () => {
    service = await emulatedService({ seed: 24 });
    const db = service.open('host-records.db');
    host = new TillHost({ db, events: new EventHub(), secrets: new FileSecretStore(db) });
    const till = tillFacade(host, { client: ELECTRON_WINDOW, authorizer: host.authorizer });
    await till.signIn({ base_url: service.emulator.baseUrl, token: service.emulator.token });
    setSetting(db, 'upload.attendance_path', '/attendances/sync');
    host.start();

    await till.addCashier({ name: 'Huda', role: 'manager', pin: '2468' });
    const shift = await till.openShift({ float: 10_000 });
    const [product] = await till.search({ query: 'a', limit: 1 });
    const cart = await till.addItem({ product_id: product!.id, quantity: 1 });
    const order = await till.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] });
    await till.closeShift({ counted: 10_000 + cart.total });

    const emulator = service.emulator;
    await eventually('the attendance and the order on the service', () => emulator.attendances.has(shift.id) && emulator.orders.has(order.uuid));
    expect([...emulator.attendances.keys()]).toEqual([shift.id]);
    expect(emulator.attendances.get(shift.id)!.body).toMatchObject({ uuid: shift.id, orders_count: 1 });
    await eventually(
      'the record marked synced',
      () => (db.prepare('SELECT state FROM record_outbox WHERE uuid = ?').get(shift.id) as { state: string }).state === 'synced',
    );
    expect((await till.syncStatus()).pending).toBe(0);
  });
});
