import { readFileSync, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { settingsCommand } from '../../../src-main/cli/commands/settings-command.ts';
import { FileSecretStore } from '../../../src-main/secrets/index.ts';
import { readOrder } from '../../../src-main/orders/index.ts';
import { buildSyncBatches } from '../../../src-main/sync/push/index.ts';
import { formatMinor } from '../../../src-shared/money/index.ts';
import type { AppliedDiscount } from '../../../src-shared/pricing/index.ts';
import { PromotionService, type PromotionServiceOptions } from '../../../src-main/promotions/index.ts';
import { setSetting, setSettingFromText } from '../../../src-main/settings/index.ts';
import { ServiceClient } from '../../../src-main/upstream/index.ts';
import { translate, type MessageKey } from '../../../src-shared/i18n/index.ts';
import { capturedIo } from '../../support/captured-io.ts';
import { refusal } from '../../support/refusal.ts';
import { openCheckoutShop, type CheckoutShop } from '../../support/checkout-shop.ts';

// Coupons and loyalty rewards at the counter (issue 35, items 2 and 3), against the emulator over loopback HTTP with a real SQLite file.

const LOYALTY_TOKEN = 'emulated-loyalty-token';
/** 2026-03-15 09:07:05 in Riyadh (UTC+3). */
const CHECKED_AT = Date.UTC(2026, 2, 15, 6, 7, 5);

/** The coupons and rewards among a cart's or an order's discounts: one list with the service's others (issue 35). */
function codesOn(view: { discounts?: AppliedDiscount[] }): AppliedDiscount[] {
  return (view.discounts ?? []).filter((d) => d.source !== null);
}

/** A service on loopback that answers every request with `status` and `body` as given (a page, a bare 404), and counts them. */
async function answering(status: number, contentType: string, body: string): Promise<{ baseUrl: string; requests: () => number; server: Server }> {
  let requests = 0;
  const server = createServer((request, response) => {
    requests += 1;
    request.resume();
    request.on('end', () => {
      response.writeHead(status, { 'Content-Type': contentType });
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests: () => requests, server };
}

describe('coupons and loyalty rewards at the counter', () => {
  let shop: CheckoutShop | undefined;
  let stub: Server | undefined;
  afterEach(async () => {
    await shop?.close();
    shop = undefined;
    await new Promise((resolve) => (stub ? stub.close(resolve) : resolve(undefined)));
    stub = undefined;
  });

  async function counter(extra: Partial<PromotionServiceOptions> = {}) {
    shop = await openCheckoutShop();
    const { db, emulator, till } = shop;
    const secrets = new FileSecretStore(db);
    setSetting(db, 'session', { base_url: emulator.baseUrl, api_version: '2.0.0' });
    secrets.set('token', emulator.token);
    const promotions = new PromotionService({ db, secrets, selling: till.selling, now: () => CHECKED_AT, timeZone: () => 'Asia/Riyadh', ...extra });
    const product = shop.products[0]!;
    await till.addItem({ product_id: product.id, quantity: 2 });
    return { db, emulator, till, secrets, promotions, product };
  }

  it('verifies a coupon online, applies its discount and records it on the order', async () => {
    const { promotions, till, emulator, db } = await counter();
    const before = await till.cart();
    const cart = await promotions.applyCode({ source: 'coupon', code: 'RAMADAN10' });
    expect(emulator.promotions.verifyRequests.map((r) => r.body)).toEqual([{ code: 'RAMADAN10', branch_id: emulator.branchId }]);
    // 10% of what the cashier's own discounts left (half away from zero).
    const tenth = Math.round((before.subtotal - before.discount_total) / 10);
    expect(codesOn(cart)).toEqual([
      expect.objectContaining({ source: 'coupon', code: 'RAMADAN10', verified: true, amount: tenth, kind: 'PERCENT', value: 1000 }),
    ]);
    expect(cart.total).toBe(before.total - tenth);
    const order = await till.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] });
    const record = readOrder(db, order.uuid)!;
    expect(codesOn(record)).toEqual([expect.objectContaining({ code: 'RAMADAN10', source: 'coupon', verified: true, amount: tenth })]);
    // The uploaded order names it, with its code and what it took off.
    const [batch] = buildSyncBatches([record]);
    await shop!.client().post('/orders/sync', batch);
    expect(emulator.orders.get(order.uuid)!.order.discounts).toEqual([
      {
        discount_id: 'b2a1c6f0-0000-4000-8000-00000000c001',
        name_en: 'Ramadan 10%',
        name_ar: 'خصم رمضان ١٠٪',
        scope: 'ORDER',
        amount: formatMinor(tenth),
        code: 'RAMADAN10',
        source: 'coupon',
        verified: true,
      },
    ]);
  });

  it('refuses a coupon the service refuses, in the cashier’s words, and the sale goes on without it', async () => {
    const { promotions, till } = await counter();
    const error = await refusal(promotions.applyCode({ source: 'coupon', code: 'NOPE' }));
    expect(error.code).toBe('code_refused');
    expect(error.reason).toEqual({ code: 'coupon.refused', params: { code: 'NOPE' } });
    expect(translate('ar', `reason.${error.reason!.code}` as MessageKey, error.reason!.params)).toContain('NOPE');
    const cart = await till.cart();
    expect(codesOn(cart)).toEqual([]);
    await till.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] });
  });

  it('offline: refuses a coupon under coupons.offline = refuse, and under replica accepts a replica code once, unverified', async () => {
    const replica = new Map([['FLYER5', { kind: 'AMOUNT' as const, value: 500, max_amount: null, discount_id: 'd-5', name_en: 'Flyer', name_ar: 'نشرة' }]]);
    const { promotions, till, emulator, db } = await counter({ couponInReplica: (code) => replica.get(code) ?? null });
    await emulator.close();
    expect((await refusal(promotions.applyCode({ source: 'coupon', code: 'FLYER5' }))).reason?.code).toBe('coupon.offline');

    setSettingFromText(db, 'coupons.offline', 'replica');
    expect((await refusal(promotions.applyCode({ source: 'coupon', code: 'UNKNOWN' }))).reason?.code).toBe('coupon.not_in_replica');
    const cart = await promotions.applyCode({ source: 'coupon', code: 'FLYER5' });
    expect(codesOn(cart)).toEqual([expect.objectContaining({ code: 'FLYER5', verified: false, amount: 500, discount_id: 'd-5' })]);
    expect((await refusal(promotions.applyCode({ source: 'coupon', code: 'FLYER5' }))).reason?.code).toBe('promotion.already_applied');
    expect(codesOn(await till.cart())).toHaveLength(1);
    const order = await till.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] });
    const record = readOrder(db, order.uuid)!;
    expect(codesOn(record)).toEqual([expect.objectContaining({ code: 'FLYER5', verified: false })]);
    // Marked unverified on the uploaded order, for the service to judge.
    expect(buildSyncBatches([record])[0]!.orders[0]!.discounts).toEqual([
      { discount_id: 'd-5', name_en: 'Flyer', name_ar: 'نشرة', scope: 'ORDER', amount: '5.00', code: 'FLYER5', source: 'coupon', verified: false },
    ]);
  });

  it('checks a reward exactly as the contract shows (header, body, date format), applies it once and never twice on one order', async () => {
    const { promotions, till, emulator, db, secrets } = await counter();
    setSettingFromText(db, 'loyalty.provider', 'acme-loyalty');
    secrets.set('loyalty_api_token', LOYALTY_TOKEN);

    const cart = await promotions.applyCode({ source: 'reward', code: 'APP-REWARD-5' });
    const [received] = emulator.promotions.rewardRequests;
    expect(emulator.promotions.rewardRequests).toHaveLength(1);
    expect(received!.path).toMatch(/\/api\/v2\/sync\/acme-loyalty\/check_reward$/);
    expect(received!.headers['api-token']).toBe(LOYALTY_TOKEN);
    expect(received!.headers.authorization).toBeUndefined();
    expect(received!.body).toEqual({
      reward_code: 'APP-REWARD-5',
      business_refrence: emulator.marketId,
      branch_id: emulator.branchId,
      date: '2026-03-15 09:07:05',
      timestamp: String(CHECKED_AT),
    });
    expect(codesOn(cart)).toEqual([expect.objectContaining({ source: 'reward', code: 'APP-REWARD-5', amount: 500, verified: true })]);

    // Once: a second check of the same code on the same order asks nothing and adds nothing.
    const again = await refusal(promotions.applyCode({ source: 'reward', code: 'APP-REWARD-5' }));
    expect(again.reason?.code).toBe('promotion.already_applied');
    expect(emulator.promotions.rewardRequests).toHaveLength(1);
    expect(codesOn(await till.cart())).toHaveLength(1);
    const order = await till.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] });
    expect(codesOn(readOrder(db, order.uuid)!)).toEqual([expect.objectContaining({ source: 'reward', code: 'APP-REWARD-5', amount: 500 })]);

    // And on a later order: redeemed once, refused here before the provider is asked.
    await till.addItem({ product_id: shop!.products[0]!.id, quantity: 1 });
    const used = await refusal(promotions.applyCode({ source: 'reward', code: 'APP-REWARD-5' }));
    expect(used.reason).toEqual({ code: 'reward.used', params: { code: 'APP-REWARD-5', number: order.number } });
    expect(emulator.promotions.rewardRequests).toHaveLength(1);
  });

  it('tells the cashier why a reward gives nothing (refused, wrong token, offline, not set up) and the sale goes on', async () => {
    const { promotions, till, emulator, db, secrets } = await counter();
    expect((await refusal(promotions.applyCode({ source: 'reward', code: 'APP-REWARD-5' }))).reason?.code).toBe('reward.not_set_up');
    setSettingFromText(db, 'loyalty.provider', 'acme-loyalty');
    secrets.set('loyalty_api_token', LOYALTY_TOKEN);
    expect((await refusal(promotions.applyCode({ source: 'reward', code: 'UNKNOWN-REWARD' }))).reason?.code).toBe('reward.refused');
    secrets.set('loyalty_api_token', 'a-wrong-token');
    const wrongToken = await refusal(promotions.applyCode({ source: 'reward', code: 'APP-REWARD-5' }));
    // Not the code's fault: the cashier is told the till's token was refused, not that the reward was.
    expect(wrongToken.reason?.code).toBe('reward.token_refused');
    expect(wrongToken.message).not.toContain('a-wrong-token');
    await emulator.close();
    secrets.set('loyalty_api_token', LOYALTY_TOKEN);
    expect((await refusal(promotions.applyCode({ source: 'reward', code: 'APP-REWARD-5' }))).reason?.code).toBe('reward.offline');
    const cart = await till.cart();
    expect(codesOn(cart)).toEqual([]);
    const order = await till.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] });
    expect(codesOn(readOrder(db, order.uuid)!)).toEqual([]);
  });

  it('gives nothing from an answer it cannot read: a 200 page is neither "offline" (no replica coupon) nor a refusal', async () => {
    const page = await answering(200, 'text/html', '<html><body>Welcome to the hotel Wi-Fi</body></html>');
    stub = page.server;
    const replica = { kind: 'AMOUNT' as const, value: 500, max_amount: null, discount_id: 'd-5', name_en: 'Flyer', name_ar: 'نشرة' };
    const client = new ServiceClient({ baseUrl: page.baseUrl, token: 't', apiVersion: '2.0.0' });
    const { promotions, till, db, secrets } = await counter({ client, couponInReplica: () => replica });
    setSettingFromText(db, 'coupons.offline', 'replica');
    expect((await refusal(promotions.applyCode({ source: 'coupon', code: 'FLYER5' }))).reason?.code).toBe('coupon.unreadable');
    setSettingFromText(db, 'loyalty.provider', 'acme-loyalty');
    secrets.set('loyalty_api_token', LOYALTY_TOKEN);
    expect((await refusal(promotions.applyCode({ source: 'reward', code: 'APP-REWARD-5' }))).reason?.code).toBe('reward.unreadable');
    expect(page.requests()).toBe(2);
    expect(codesOn(await till.cart())).toEqual([]);
  });

  it('a 404 is not taken for a judgement of the code: a reward names the provider to check, a coupon’s 404 page is unreadable', async () => {
    const missing = await answering(
      404,
      'application/json',
      JSON.stringify({ meta: { code: 404, status: 'error', message: 'Resource not found.' }, data: null }),
    );
    stub = missing.server;
    const client = new ServiceClient({ baseUrl: missing.baseUrl, token: 't', apiVersion: '2.0.0' });
    const { promotions, till, db, secrets } = await counter({ client });
    setSettingFromText(db, 'loyalty.provider', 'no-such-provider');
    secrets.set('loyalty_api_token', LOYALTY_TOKEN);
    const reward = await refusal(promotions.applyCode({ source: 'reward', code: 'APP-REWARD-5' }));
    expect(reward.reason?.code).toBe('reward.not_found');
    expect(reward.message).toContain('loyalty.provider');
    expect(reward.message).not.toContain(LOYALTY_TOKEN);
    // A coupon's Verify path is a setting: the refusal names it, for whoever reads the log.
    const coupon = await refusal(promotions.applyCode({ source: 'coupon', code: 'NOPE' }));
    expect(coupon.reason?.code).toBe('coupon.refused');
    expect(coupon.message).toContain('coupons.verify_path');
    await new Promise((resolve) => missing.server.close(resolve));

    const proxyPage = await answering(404, 'text/html', '<html><body>404 Not Found</body></html>');
    stub = proxyPage.server;
    const viaProxy = new PromotionService({
      db,
      secrets,
      selling: till.selling,
      now: () => CHECKED_AT,
      timeZone: () => 'UTC',
      client: new ServiceClient({ baseUrl: proxyPage.baseUrl, token: 't', apiVersion: '2.0.0' }),
    });
    expect((await refusal(viaProxy.applyCode({ source: 'coupon', code: 'NOPE' }))).reason?.code).toBe('coupon.unreadable');
    // The reward's path is the contract's own: a 404 of any body is that path missing under this provider.
    expect((await refusal(viaProxy.applyCode({ source: 'reward', code: 'APP-REWARD-5' }))).reason?.code).toBe('reward.not_found');
    expect(codesOn(await till.cart())).toEqual([]);
  });

  it('keeps loyalty.api_token out of the database file, its WAL and the command’s output', async () => {
    shop = await openCheckoutShop();
    const file = shop.db.name;
    const secret = 'loyalty-token-7f3a9c2e-never-in-the-db';
    const io = { ...capturedIo(), env: { POS_SECRET: secret } };
    expect(await settingsCommand(['--db', file, 'set', 'loyalty.api_token', '-'], io)).toBe(0);
    expect(await settingsCommand(['--db', file, 'set', 'loyalty.provider', 'acme-loyalty'], io)).toBe(0);
    expect(await settingsCommand(['--db', file], io)).toBe(0);
    expect(io.stdout.find((line) => /^loyalty\.api_token\s+\(/.test(line))).toMatch(/\(hidden\)\s+\[set\]/);
    expect([...io.stdout, ...io.stderr].join('\n')).not.toContain(secret);
    expect(new FileSecretStore(shop.db).get('loyalty_api_token')).toBe(secret);
    // Written by the settings store, it is refused: a secret never goes to the settings table.
    expect(() => setSettingFromText(shop!.db, 'loyalty.api_token', 'x')).toThrow(/secret/);
    shop.db.pragma('wal_checkpoint(TRUNCATE)');
    for (const path of [file, `${file}-wal`]) {
      if (existsSync(path)) expect(readFileSync(path).includes(Buffer.from(secret))).toBe(false);
    }
  });
});
