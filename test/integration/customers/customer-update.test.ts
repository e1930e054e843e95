import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../emulator/index.ts';
import { customerEdits, readCounterCustomer } from '../../../src-main/catalog/index.ts';
import { tillUploadKinds, UploadEngine } from '../../../src-main/sync/push/index.ts';
import { ServiceClient } from '../../../src-main/upstream/index.ts';
import { TillError } from '../../../src-shared/errors/index.ts';
import { translate } from '../../../src-shared/i18n/index.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { openCheckoutShop, type CheckoutShop } from '../../support/checkout-shop.ts';
import { refusal } from '../../support/refusal.ts';

// Customers corrected at the counter (issue 35, Customers Update), against the
// emulator over loopback HTTP with a real SQLite file: kept at once, the change
// not lost offline, uploaded through the one outbox exactly once.
describe('a customer corrected at the counter', () => {
  let shop: CheckoutShop | undefined;
  let engine: UploadEngine | undefined;
  let restarted: RunningEmulator | undefined;
  let closeServer: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await closeServer?.();
    closeServer = undefined;
    await engine?.stop();
    await restarted?.close();
    await shop?.close();
    restarted = undefined;
  });

  /** The shop with its service gone: the engine's first round fails, and the service comes back on the same port. */
  async function offline() {
    shop = await openCheckoutShop();
    const port = Number(new URL(shop.emulator.baseUrl).port);
    const clock = new ManualClock(Date.now());
    engine = new UploadEngine({ client: shop.client(), kinds: tillUploadKinds(shop.db), clock, random: () => 1 });
    await shop.emulator.close();
    return {
      shop,
      clock,
      engine,
      async back() {
        restarted = await startEmulator({ port });
        // Past every backoff: what waits is due again.
        clock.advance(3_600_000);
        return restarted;
      },
    };
  }

  it('edited twice offline: shown and found by its new fields at once, then exactly one Update with the final fields', async () => {
    const { shop, engine, back } = await offline();
    const known = shop.emulator.tenant.customers.find((c) => c.is_active)!;
    await shop.till.setCustomer({ customer_id: known.id });

    const first = await shop.till.updateCustomer({ id: known.id, name: 'Layla Haddad' });
    expect(first.customer).toMatchObject({ id: known.id, name: 'Layla Haddad', phone: known.phone, upload: { state: 'pending' } });
    expect(first.cart?.customer_id).toBe(known.id);
    const second = await shop.till.updateCustomer({ id: known.id, phone: '+966 55 123 9876', email: 'layla@mail.example' });
    expect(second.customer).toMatchObject({ name: 'Layla Haddad', phone_prefix: '966', phone: '551239876', email: 'layla@mail.example' });
    // Kept at once: a search by the new name or phone finds the customer with the new fields; the old name no longer does.
    expect(await shop.till.customers({ query: 'layla' })).toEqual([
      { id: known.id, name: 'Layla Haddad', phone_prefix: '966', phone: '551239876', email: 'layla@mail.example' },
    ]);
    expect((await shop.till.customers({ query: '0551239876' })).map((c) => c.id)).toEqual([known.id]);
    expect((await shop.till.customers({ query: known.name })).map((c) => c.id)).not.toContain(known.id);
    // One edit waits: the second changed it.
    expect(customerEdits(shop.db)).toHaveLength(1);

    // Offline: nothing is lost, the edit waits.
    const failed = await engine.uploadDue();
    expect(failed.stopped).toBe('failed');
    expect(customerEdits(shop.db)[0]).toMatchObject({ state: 'pending', revision: 2 });

    const service = await back();
    await engine.uploadDue();
    expect(service.customerUpdates).toEqual([
      { id: known.id, body: { name: 'Layla Haddad', phone_prefix: '966', phone: '551239876', email: 'layla@mail.example' }, status: 200 },
    ]);
    expect(service.tenant.customers.find((c) => c.id === known.id)).toMatchObject({ name: 'Layla Haddad', phone: '551239876' });
    expect(customerEdits(shop.db)[0]).toMatchObject({ state: 'synced' });
    // Exactly once: another round sends nothing more.
    await engine.uploadDue();
    expect(service.customerUpdates).toHaveLength(1);
  });

  it('made and edited offline: its Create goes first, then one Update by the service id, the service holding the final fields', async () => {
    const { shop, engine, back } = await offline();
    const { customer } = await shop.till.addCustomer({ name: 'Noura', phone: '+966 50 987 6543' });
    const edited = await shop.till.updateCustomer({ id: customer.id, name: 'Noura Al-Saud', email: 'noura@mail.example' });
    expect(edited.customer).toMatchObject({ id: customer.id, name: 'Noura Al-Saud', email: 'noura@mail.example' });
    expect(await shop.till.customers({ query: 'Noura' })).toEqual([expect.objectContaining({ id: customer.id, name: 'Noura Al-Saud' })]);
    await engine.uploadDue();

    const service = await back();
    await engine.uploadDue();
    const created = service.tenant.customers.filter((c) => c.phone === '509876543');
    expect(created).toHaveLength(1);
    expect(readCounterCustomer(shop.db, customer.id)).toMatchObject({ state: 'synced', service_id: created[0]!.id });
    // The Update names the id the Create got (so it went after it), once, with the final fields.
    expect(service.customerUpdates).toEqual([
      { id: created[0]!.id, body: { name: 'Noura Al-Saud', phone_prefix: '966', phone: '509876543', email: 'noura@mail.example' }, status: 200 },
    ]);
    expect(created[0]).toMatchObject({ name: 'Noura Al-Saud', email: 'noura@mail.example' });
    await engine.uploadDue();
    expect(service.customerUpdates).toHaveLength(1);
    expect(service.tenant.customers.filter((c) => c.phone === '509876543')).toHaveLength(1);
  });

  it('added here, corrected by its own id after its Create went, then a pull: found by the new name under the service’s id', async () => {
    shop = await openCheckoutShop();
    engine = new UploadEngine({ client: shop.client(), kinds: tillUploadKinds(shop.db), clock: new ManualClock(Date.now()), random: () => 1 });
    const { customer } = await shop.till.addCustomer({ name: 'Huda', phone: '+966 50 111 2233' });
    await engine.uploadDue();
    const serviceId = readCounterCustomer(shop.db, customer.id)!.service_id;
    expect(serviceId).toEqual(expect.any(String));
    await shop.till.updateCustomer({ id: customer.id, name: 'Huda Zamzami' });
    // The pull brings the service's customer with the Create's fields; the correction still waits for its Update.
    await shop.service.pull(shop.db);
    expect(await shop.till.customers({ query: 'Zamzami' })).toEqual([expect.objectContaining({ id: serviceId, name: 'Huda Zamzami' })]);
  });

  it('an edit made while the Update before it is on its way goes next: the service ends with the last fields', async () => {
    shop = await openCheckoutShop();
    const clock = new ManualClock(Date.now());
    engine = new UploadEngine({ client: shop.client(), kinds: tillUploadKinds(shop.db), clock, random: () => 1 });
    const known = shop.emulator.tenant.customers.find((c) => c.is_active)!;
    await shop.till.updateCustomer({ id: known.id, name: 'First Correction' });
    const hold = shop.emulator.hold('POST', '/customers/:customerId');
    const round = engine.uploadDue();
    await hold.arrived;
    await shop.till.updateCustomer({ id: known.id, name: 'Second Correction' });
    hold.release();
    // The answer was to the first: the second is not marked sent by it, and goes next (in the same call: it is due).
    await round;
    clock.advance(3_600_000);
    await engine.uploadDue();
    expect(shop.emulator.customerUpdates.map((u) => (u.body as { name: string }).name)).toEqual(['First Correction', 'Second Correction']);
    expect(shop.emulator.tenant.customers.find((c) => c.id === known.id)!.name).toBe('Second Correction');
    expect(customerEdits(shop.db)).toEqual([expect.objectContaining({ state: 'synced' })]);
  });

  it('the variant service answers an Update with 204 and no body: taken as done, sent once', async () => {
    shop = await openCheckoutShop({ profile: 'variant' });
    const clock = new ManualClock(Date.now());
    engine = new UploadEngine({ client: shop.client(), kinds: tillUploadKinds(shop.db), clock, random: () => 1 });
    const known = shop.emulator.tenant.customers.find((c) => c.is_active)!;
    await shop.till.updateCustomer({ id: known.id, email: 'new@mail.example' });
    const report = await engine.uploadDue();
    expect(report).toMatchObject({ created: 1, deferred: 0, rejected: 0 });
    expect(customerEdits(shop.db)).toEqual([expect.objectContaining({ state: 'synced' })]);
    expect(shop.emulator.customerUpdates).toHaveLength(1);
    expect(shop.emulator.tenant.customers.find((c) => c.id === known.id)!.email).toBe('new@mail.example');
  });

  it('a service answering the Update with plain text ("OK") has taken it: sent once, never again', async () => {
    shop = await openCheckoutShop();
    const requests: string[] = [];
    const server = createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      req.resume();
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('OK');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closeServer = () => new Promise((resolve) => server.close(() => resolve()));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    engine = new UploadEngine({
      client: new ServiceClient({ baseUrl, token: 't', timeoutMs: 5_000 }),
      kinds: tillUploadKinds(shop.db),
      clock: new ManualClock(Date.now()),
      random: () => 1,
    });
    const known = shop.emulator.tenant.customers.find((c) => c.is_active)!;
    await shop.till.updateCustomer({ id: known.id, name: 'Plain Text' });
    await engine.uploadDue();
    await engine.uploadDue();
    expect(requests).toEqual([`POST /customers/${known.id}`]);
    expect(customerEdits(shop.db)).toEqual([expect.objectContaining({ state: 'synced' })]);
  });

  it('a 404 (the customer removed on the service, or a wrong path) keeps the edit waiting with both named: never taken, never lost', async () => {
    shop = await openCheckoutShop();
    const clock = new ManualClock(Date.now());
    engine = new UploadEngine({ client: shop.client(), kinds: tillUploadKinds(shop.db), clock, random: () => 1 });
    const known = shop.emulator.tenant.customers.find((c) => c.is_active)!;
    await shop.till.updateCustomer({ id: known.id, name: 'Gone Meanwhile' });
    known.deleted_at = clock.now();
    expect(await engine.uploadDue()).toMatchObject({ created: 0, deferred: 1, rejected: 0 });
    expect(shop.emulator.customerUpdates).toEqual([expect.objectContaining({ id: known.id, status: 404 })]);
    const [edit] = customerEdits(shop.db);
    expect(edit).toMatchObject({ state: 'pending', name: 'Gone Meanwhile' });
    expect(edit!.last_error).toContain(`no customer ${known.id}`);
    expect(edit!.last_error).toContain('upload.customer_update_path');
  });

  it('a 2xx whose envelope says it failed is not taken: the edit is refused with the service’s words, sent once', async () => {
    shop = await openCheckoutShop();
    const requests: string[] = [];
    const server = createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      req.resume();
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ meta: { code: 422, status: 'error', message: 'The phone has already been taken.' }, data: null }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closeServer = () => new Promise((resolve) => server.close(() => resolve()));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    engine = new UploadEngine({
      client: new ServiceClient({ baseUrl, token: 't', timeoutMs: 5_000 }),
      kinds: tillUploadKinds(shop.db),
      clock: new ManualClock(Date.now()),
      random: () => 1,
    });
    const known = shop.emulator.tenant.customers.find((c) => c.is_active)!;
    await shop.till.updateCustomer({ id: known.id, name: 'Failed Envelope' });
    expect(await engine.uploadDue()).toMatchObject({ created: 0, rejected: 1 });
    await engine.uploadDue();
    expect(requests).toEqual([`POST /customers/${known.id}`]);
    expect(customerEdits(shop.db)).toEqual([
      expect.objectContaining({ state: 'rejected', last_error: expect.stringContaining('The phone has already been taken.') }),
    ]);
  });

  it('refuses a phone another customer has and a customer the till does not know, in the cashier’s words, changing nothing', async () => {
    shop = await openCheckoutShop();
    const [a, b] = shop.emulator.tenant.customers.filter((c) => c.is_active);
    const taken = await refusal(shop.till.updateCustomer({ id: a!.id, phone: `+${b!.phone_prefix} ${b!.phone}` }));
    expect(taken).toBeInstanceOf(TillError);
    expect(taken).toMatchObject({ code: 'customer_exists', reason: { code: 'customer_phone_taken', params: { id: b!.id, name: b!.name } } });
    expect(translate('en', 'reason.customer_phone_taken', { name: b!.name })).toContain(b!.name);
    expect(translate('ar', 'reason.customer_phone_taken', { name: b!.name })).toContain(b!.name);
    const unknown = await refusal(shop.till.updateCustomer({ id: 'no-such-customer', name: 'X' }));
    expect(unknown).toMatchObject({ code: 'not_found', reason: { code: 'customer_unknown' } });
    await expect(shop.till.updateCustomer({ id: a!.id })).rejects.toThrow(/a name, a phone or an email to change/);
    await expect(shop.till.updateCustomer({ id: a!.id, phone: '0550001111' })).rejects.toMatchObject({ reason: { code: 'customer_phone_format' } });
    expect(customerEdits(shop.db)).toEqual([]);
  });
});
