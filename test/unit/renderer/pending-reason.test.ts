// Issue 19: the status bar says why orders are still pending, in words, in
// both languages, from the lines the uploader itself writes.
import { afterEach, describe, expect, it } from 'vitest';
import { translate } from '../../../src-shared/i18n/index.ts';
import { pendingReasonKey } from '../../../src-renderer/status/pending-reason.ts';
import { OrderUploader } from '../../../src-main/sync/push/index.ts';
import { ServerError } from '../../../src-main/upstream/index.ts';
import { StubService } from '../upload/stub-service.ts';
import { openCheckoutShop, type CheckoutShop } from '../../support/checkout-shop.ts';
import { ManualClock } from '../../support/manual-clock.ts';

describe('why orders are still pending, as the cashier reads it', () => {
  let shop: CheckoutShop | undefined;
  afterEach(async () => shop?.close());

  it('names the kind of reason the uploader gave, in English and Arabic', async () => {
    shop = await openCheckoutShop();
    await shop.sell(2);
    const service = new StubService();
    const uploader = new OrderUploader({ db: shop.db, client: service.client, clock: new ManualClock(1_800_000_000_000), random: () => 0.5 });
    // A count below the batch, then a 5xx for the halves and the singles.
    service.answer = (batch) => {
      if (batch.length > 1) return { data: { accepted: 1 } };
      throw new ServerError('POST /orders/sync', 503, 'Service Unavailable');
    };
    await uploader.uploadDue();
    const failing = pendingReasonKey(uploader.status().pending, uploader.status().lastError);
    expect(failing).toBe('status.pendingWhy.serviceFailing');

    const unproven = pendingReasonKey(2, 'The answer to POST /orders/sync does not prove the service stored these orders: ...');
    expect(unproven).toBe('status.pendingWhy.unproven');
    for (const key of [failing!, unproven!, 'status.pendingWhy.tooMany', 'status.pendingWhy.other'] as const) {
      expect(translate('en', key)).toMatch(/^Waiting/);
      expect(translate('ar', key)).toMatch(/^بانتظار الرفع/);
    }
    expect(pendingReasonKey(0, 'anything')).toBeNull();
    expect(pendingReasonKey(3, null)).toBeNull();
  });
});
