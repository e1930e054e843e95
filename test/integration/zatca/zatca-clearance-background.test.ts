// A standard (B2B) invoice whose clearance answer was lost is asked again
// by the ZATCA engine in the background, over real HTTP against the
// stand-in: the same signed bytes, with backoff through a 500, until ZATCA
// answers (208 with the cleared invoice, its documented answer to a hash it
// already cleared). The invoice is cleared once in ZATCA's log, the sale
// gets ZATCA's QR, and the ZATCA tab's status counts it until then.
import { afterEach, describe, expect, it } from 'vitest';
import { startZatcaStandIn, type RunningZatcaStandIn } from '../../../emulator/zatca/start-zatca-stand-in.ts';
import type { TillDatabase } from '../../../src-main/db/index.ts';
import { FileSecretStore } from '../../../src-main/secrets/index.ts';
import { allDocuments, egsSignerSource, readZatcaSeller, readZatcaStatus, StandardInvoices, ZatcaReporter } from '../../../src-main/zatca/index.ts';
import { CHECKOUT_TRY_MS } from '../../../src-main/zatca/zatca-clearance-kind.ts';
import type { ZatcaBuyerInput } from '../../../src-shared/zatca/index.ts';
import { decodeZatcaPhase2Qr } from '../../../src-shared/zatca/index.ts';
import { openCheckoutShop, type CheckoutShop } from '../../support/checkout-shop.ts';
import { eventually, ManualClock } from '../../support/manual-clock.ts';
import { hostStamp } from '../../support/zatca-egs.ts';
import { onboardAgainstStandIn } from '../../support/zatca-reporting.ts';

const CLEARANCE = '/invoices/clearance/single';
const BUYER: ZatcaBuyerInput = {
  name: 'شركة المدى للتوريد',
  vat_number: '310175397400003',
  crn: '1010202020',
  street: 'Olaya Street',
  building: '2468',
  district: 'Al Olaya',
  city: 'Riyadh',
  postal_code: '12244',
};

let shop: CheckoutShop | undefined;
let zatca: RunningZatcaStandIn | undefined;
let reporter: ZatcaReporter | undefined;
afterEach(async () => {
  await reporter?.stop();
  await zatca?.close().catch(() => undefined);
  await shop?.close();
  reporter = zatca = shop = undefined;
});

/** A till onboarded for B2B whose first standard invoice's clearance answer is dropped on the way back. */
async function saleWithLostClearance(): Promise<{ shop: CheckoutShop; zatca: RunningZatcaStandIn; uuid: string }> {
  shop = await openCheckoutShop({
    stamp: (db) => hostStamp(db),
    hooks: (db: TillDatabase) => ({
      standardInvoices: new StandardInvoices({
        db,
        secrets: () => new FileSecretStore(db),
        signer: egsSignerSource(db, () => new FileSecretStore(db)),
        seller: () => readZatcaSeller(db).seller,
      }),
    }),
  });
  zatca = await startZatcaStandIn();
  await onboardAgainstStandIn(shop.db, zatca, '1100');
  zatca.faults = { ...zatca.faults, dropNext: 1, routes: [CLEARANCE] };
  const sale = await shop.sellLines([{ product: shop.products[0]!, quantity: 1 }], { buyer: BUYER });
  expect((await shop.till.order({ uuid: sale.uuid })).clearance?.state).toBe('unanswered');
  return { shop, zatca, uuid: sale.uuid };
}

describe('clearance asked again in the background', () => {
  it('sends the same invoice again after a 500 and its backoff until ZATCA answers: cleared once, with ZATCA QR, and the tab counts it until then', async () => {
    const { shop, zatca, uuid } = await saleWithLostClearance();
    const [sent] = allDocuments(shop.db);
    expect(sent).toMatchObject({ profile: 'standard', report_state: 'clearing', attempts: 1 });
    expect(readZatcaStatus(shop.db, Date.now())).toMatchObject({ uncleared: 1, unreported: 0 });

    const clock = new ManualClock(Date.now());
    reporter = new ZatcaReporter({
      db: shop.db,
      secrets: () => new FileSecretStore(shop.db),
      clock,
      backoff: { baseDelayMs: 1_000, maxDelayMs: 1_000 },
      random: () => 0.5,
    });
    expect(reporter.status()).toMatchObject({ pending: 1 });
    // ZATCA fails the next ask: the invoice waits out its backoff (0.5 of 1 s), still clearing, saying why.
    zatca.faults = { ...zatca.faults, failNext: 1, routes: [CLEARANCE] };
    expect(await reporter.uploadDue()).toMatchObject({ batches: 1, deferred: 1 });
    expect(allDocuments(shop.db)[0]).toMatchObject({ report_state: 'clearing', attempts: 2, next_attempt_at: clock.now() + 500 });
    expect(allDocuments(shop.db)[0]!.last_error).toMatch(/HTTP 500/);
    expect(await reporter.uploadDue()).toMatchObject({ batches: 0 });
    clock.advance(500);
    expect(await reporter.uploadDue()).toMatchObject({ batches: 1, created: 1 });

    const [cleared] = allDocuments(shop.db);
    expect(cleared).toMatchObject({ report_state: 'cleared', hash: sent!.hash, xml: sent!.xml });
    expect(decodeZatcaPhase2Qr(cleared!.qr).invoiceHash).toBe(sent!.hash);
    expect((await shop.till.order({ uuid })).clearance?.state).toBe('cleared');
    expect(readZatcaStatus(shop.db, clock.now())).toMatchObject({ uncleared: 0 });
    expect(reporter.status()).toMatchObject({ pending: 0, synced: 1, lastError: null });
    // ZATCA's log: cleared once (the answer that was lost), then the same bytes answered as the resubmission (208).
    const log = zatca.received().filter((r) => r.route === 'clearance');
    expect(log.map((r) => [r.httpStatus, r.outcome, r.resubmission])).toEqual([
      [200, 'CLEARED', false],
      [208, 'CLEARED', true],
    ]);
    expect(new Set(log.map((r) => r.xml)).size).toBe(1);
    // Nothing is left to ask.
    expect(await reporter.uploadDue()).toMatchObject({ batches: 0 });
  });

  it('runs in the background loop by itself, and leaves an invoice never answered to checkout until its try is surely over', async () => {
    const { shop, zatca } = await saleWithLostClearance();
    // As if the till died during checkout's own try: the invoice was never answered, nor tried to the end.
    shop.db.prepare("UPDATE zatca_documents SET attempts = 0, last_error = NULL WHERE report_state = 'clearing'").run();
    const issuedAt = allDocuments(shop.db)[0]!.issued_at;
    const clock = new ManualClock(issuedAt + 1_000);
    reporter = new ZatcaReporter({ db: shop.db, secrets: () => new FileSecretStore(shop.db), clock });
    reporter.start();
    await reporter.whenIdle();
    expect(zatca.received().filter((r) => r.route === 'clearance')).toHaveLength(1);
    expect(clock.nextDue()).toBe(issuedAt + CHECKOUT_TRY_MS);
    clock.advanceTo(issuedAt + CHECKOUT_TRY_MS);
    await eventually('the background ask', () => allDocuments(shop.db)[0]!.report_state === 'cleared');
    expect(
      zatca
        .received()
        .filter((r) => r.route === 'clearance')
        .map((r) => r.httpStatus),
    ).toEqual([200, 208]);
  });
});
