// `pos zatca status` and `pos zatca invoice`: what an accountant or an
// auditor asks the till for, from a real onboarded database.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDocument } from '../../../emulator/zatca/verify-document.ts';
import type { OrderRecord } from '../../../src-shared/selling/index.ts';
import { openCheckoutShop, type CheckoutShop } from '../../support/checkout-shop.ts';
import { hostStamp, onboardForTest } from '../../support/zatca-egs.ts';
import { posInProcess } from '../../support/pos-in-process.ts';

let shop: CheckoutShop;
let dbFile: string;
let before: OrderRecord;
let sale: OrderRecord;
let refund: OrderRecord;
beforeAll(async () => {
  shop = await openCheckoutShop({ stamp: (db) => hostStamp(db) });
  dbFile = shop.service.dir.file('till.db');
  before = (await shop.sell(1))[0]!;
  await onboardForTest(shop.db);
  sale = (await shop.sell(1))[0]!;
  refund = await shop.refund(sale);
});
afterAll(async () => {
  await shop.close();
});

const pos = (...args: string[]) => posInProcess(args);

describe('pos zatca', () => {
  it('status names the EGS unit, the counter, the last hash and what is not reported yet', async () => {
    const json = await pos('zatca', '--db', dbFile, 'status', '--json');
    expect(json.code).toBe(0);
    const status = JSON.parse(json.stdout);
    expect(status).toMatchObject({ onboarded: true, environment: 'sandbox', egs: 'Till-test', next_icv: 3, documents: 2, unreported: 2, rejected: 0 });
    const human = await pos('zatca', '--db', dbFile, 'status');
    expect(human.stdout).toContain('next ICV 3');
    expect(human.stdout).toContain(`last hash ${status.last_hash}`);
  });

  it('invoice writes the signed document as stored, for a sale and for its credit note; xmllint reads both', async () => {
    for (const [order, code] of [
      [sale, '388'],
      [refund, '381'],
    ] as const) {
      const out = shop.service.dir.file(`${order.uuid}.xml`);
      const result = await pos('zatca', '--db', dbFile, 'invoice', '--order', order.uuid, '--xml', out);
      expect(result.code).toBe(0);
      const xml = readFileSync(out, 'utf8');
      expect(xml).toContain(`<cbc:InvoiceTypeCode name="0200000">${code}</cbc:InvoiceTypeCode>`);
      expect(checkDocument(xml).errors).toEqual([]);
      execFileSync('xmllint', ['--noout', out]);
    }
  });

  it('says so, with exit 1, for an order sold before onboarding; a bad subcommand is a usage error (2)', async () => {
    const missing = await pos('zatca', '--db', dbFile, 'invoice', '--order', before.uuid);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('has no ZATCA document');
    expect((await pos('zatca', '--db', dbFile, 'launch')).code).toBe(2);
  });
});
