// `pos customers` (issue 35): list, add and update through the till API, exit 0/1/2, and `pos sync` uploading the
// customers added at the counter before the orders that name them, with the service's id, and the corrections once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src-main/db/index.ts';
import { TillService } from '../../../src-main/host/index.ts';
import { readOrder } from '../../../src-main/orders/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { posInProcess } from '../../support/pos-in-process.ts';
import { sellOneLatte } from '../../support/sell-one-latte.ts';

let service: EmulatedService;
beforeAll(async () => {
  service = await emulatedService({ seed: 35 });
});
afterAll(async () => {
  await service.close();
});

describe('pos customers', () => {
  it('adds a customer, refuses a known phone naming who has it, and pos sync uploads the customer before its order', async () => {
    const db = service.dir.file('customers.db');
    const sync = (...extra: string[]) => posInProcess(service.syncArgs(db, 2000, ...extra));
    expect((await sync()).code).toBe(0);

    const added = await posInProcess([
      'customers',
      '--db',
      db,
      'add',
      'Faisal Al-Mutairi',
      '--phone',
      '+966 56 700 8899',
      '--email',
      'faisal@mail.example',
      '--json',
    ]);
    expect(added.code, added.stderr).toBe(0);
    const customer = JSON.parse(added.stdout) as { id: string; phone_prefix: string; phone: string; upload: { state: string } };
    expect(customer).toMatchObject({ phone_prefix: '966', phone: '567008899', upload: { state: 'pending' } });

    const known = service.emulator.tenant.customers[0]!;
    const duplicate = await posInProcess(['customers', '--db', db, 'add', 'Another', '--phone', `+${known.phone_prefix}${known.phone}`]);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain(known.name);
    expect(duplicate.stderr).toContain(known.id);
    expect((await posInProcess(['customers', '--db', db, 'add', 'Bad', '--phone', '12345'])).code).toBe(1);
    expect((await posInProcess(['customers', '--db', db, 'add'])).code).toBe(2);
    expect((await posInProcess(['customers', '--db', db, '--phone', '+966567008899'])).code).toBe(2);

    const listed = await posInProcess(['customers', '--db', db, 'Faisal']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('Faisal Al-Mutairi  +966 567008899  faisal@mail.example');
    expect(listed.stdout).toContain('added here: pending');

    // A sale naming the new customer, rung up as the counter does.
    const file = openDatabase(db);
    let orderUuid: string;
    try {
      const till = new TillService({ db: file });
      await till.setCustomer({ customer_id: customer.id });
      orderUuid = (await sellOneLatte(till)).uuid;
      expect(readOrder(file, orderUuid)!.customer_id).toBe(customer.id);
    } finally {
      file.close();
    }

    const done = await sync('--json');
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toContain('Customers added at the counter: 1 uploaded, 0 still pending, 0 rejected');
    expect(done.stderr).toContain('Orders: 1 uploaded');
    const created = service.emulator.tenant.customers.filter((c) => c.phone === '567008899');
    expect(created).toHaveLength(1);
    expect(service.emulator.orders.get(orderUuid)!.order.customer_id).toBe(created[0]!.id);

    const after = JSON.parse((await posInProcess(['customers', '--db', db, 'Faisal', '--json'])).stdout) as { upload: { state: string; service_id: string } }[];
    expect(after).toEqual([expect.objectContaining({ upload: expect.objectContaining({ state: 'synced', service_id: created[0]!.id }) })]);
    // Once more: nothing is sent again.
    expect((await sync()).code).toBe(0);
    expect(service.emulator.tenant.customers.filter((c) => c.phone === '567008899')).toHaveLength(1);
  }, 120_000);

  it('updates a customer the replica has: kept at once, shown with its new fields, and pos sync sends one Customers Update', async () => {
    const db = service.dir.file('customers-update.db');
    const sync = () => posInProcess(service.syncArgs(db, 2000));
    expect((await sync()).code).toBe(0);
    const known = service.emulator.tenant.customers.filter((c) => c.is_active)[1]!;
    const before = service.emulator.customerUpdates.length;

    const updated = await posInProcess(['customers', '--db', db, 'update', known.id, '--name', 'Reem Al-Harbi', '--email', 'reem@mail.example', '--json']);
    expect(updated.code, updated.stderr).toBe(0);
    expect(JSON.parse(updated.stdout)).toMatchObject({
      id: known.id,
      name: 'Reem Al-Harbi',
      email: 'reem@mail.example',
      phone: known.phone,
      upload: { state: 'pending' },
    });
    const listed = await posInProcess(['customers', '--db', db, 'Reem']);
    expect(listed.stdout).toContain(`Reem Al-Harbi  +${known.phone_prefix} ${known.phone}  reem@mail.example  (${known.id})`);
    expect((await posInProcess(['customers', '--db', db, 'update', known.id])).code).toBe(2);
    expect((await posInProcess(['customers', '--db', db, '--name', 'X'])).code).toBe(2);
    expect((await posInProcess(['customers', '--db', db, 'update', 'nobody', '--name', 'X'])).code).toBe(1);

    const done = await sync();
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toContain('Customers corrected at the counter: 1 sent, 0 still pending, 0 rejected');
    expect(done.stderr).toContain('Orders: 0 uploaded');
    expect(service.emulator.customerUpdates.slice(before)).toEqual([
      { id: known.id, body: { name: 'Reem Al-Harbi', phone_prefix: known.phone_prefix, phone: known.phone, email: 'reem@mail.example' }, status: 200 },
    ]);
    expect((await sync()).code).toBe(0);
    expect(service.emulator.customerUpdates.length).toBe(before + 1);
  }, 120_000);
});
