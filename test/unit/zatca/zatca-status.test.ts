import { describe, expect, it } from 'vitest';
import { nextStatusChange, zatcaStatusAt } from '../../../src-main/zatca/index.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MINUTE = 60_000;
const NOW = Date.UTC(2026, 10, 26, 9, 0);
const chain = (oldest: number | null) => ({ documents: 5, unreported: oldest === null ? 0 : 2, rejected: 0, oldestUnreportedAt: oldest });
const egs = (expiresAt: number) => ({ certificate_expires_at: expiresAt });
const FAR = NOW + 365 * DAY;

describe('the oldest unreported document (ZATCA: within 24 hours)', () => {
  it('is fine at 11 h 59, a warning from 12 h, an alarm from 20 h', () => {
    const at = (age: number) => zatcaStatusAt(egs(FAR), chain(NOW - age), NOW);
    expect(at(12 * HOUR - MINUTE)).toMatchObject({ report_level: 'ok', oldest_unreported_hours: 11 });
    expect(at(12 * HOUR)).toMatchObject({ report_level: 'warning', oldest_unreported_hours: 12 });
    expect(at(20 * HOUR - 1)).toMatchObject({ report_level: 'warning', oldest_unreported_hours: 19 });
    expect(at(20 * HOUR)).toMatchObject({ report_level: 'alarm', oldest_unreported_hours: 20 });
    expect(at(30 * HOUR)).toMatchObject({ report_level: 'alarm', oldest_unreported_hours: 30 });
  });

  it('is nothing when all is reported, or when the till is not onboarded', () => {
    expect(zatcaStatusAt(egs(FAR), chain(null), NOW)).toMatchObject({ report_level: 'ok', oldest_unreported_hours: null, onboarded: true });
    expect(zatcaStatusAt(null, chain(NOW - 30 * HOUR), NOW)).toMatchObject({
      onboarded: false,
      report_level: 'ok',
      csid_level: 'ok',
      oldest_unreported_at: null,
      csid_days_left: null,
      not_a_unit: false,
    });
  });

  it('on a hub that took over before it was onboarded (the branch has units): says it signs nothing, and ages what it still reports', () => {
    expect(zatcaStatusAt(null, { ...chain(NOW - 30 * HOUR), units: 1 }, NOW)).toMatchObject({
      onboarded: false,
      not_a_unit: true,
      report_level: 'alarm',
      oldest_unreported_hours: 30,
      csid_level: 'ok',
    });
    expect(zatcaStatusAt(egs(FAR), { ...chain(null), units: 2 }, NOW)).toMatchObject({ not_a_unit: false });
  });
});

describe('the CSID expiry (warned 30 days ahead)', () => {
  it('is fine at 31 days, a warning at 30 days and below, expired at its end', () => {
    const at = (left: number) => zatcaStatusAt(egs(NOW + left), chain(null), NOW);
    expect(at(31 * DAY)).toMatchObject({ csid_level: 'ok', csid_days_left: 31 });
    expect(at(30 * DAY + MINUTE)).toMatchObject({ csid_level: 'ok', csid_days_left: 31 });
    expect(at(30 * DAY)).toMatchObject({ csid_level: 'warning', csid_days_left: 30 });
    expect(at(DAY)).toMatchObject({ csid_level: 'warning', csid_days_left: 1 });
    expect(at(1)).toMatchObject({ csid_level: 'warning', csid_days_left: 1 });
    expect(at(0)).toMatchObject({ csid_level: 'expired', csid_days_left: 0 });
    expect(at(-DAY)).toMatchObject({ csid_level: 'expired', csid_days_left: -1 });
  });
});

describe('when the status changes next', () => {
  it('is the next whole hour of the age, the warning’s start, or the next day of the CSID count, whichever comes first', () => {
    expect(nextStatusChange(zatcaStatusAt(egs(FAR), chain(NOW - 12 * HOUR + MINUTE), NOW))).toBe(NOW + MINUTE);
    expect(nextStatusChange(zatcaStatusAt(egs(NOW + 30 * DAY + MINUTE), chain(null), NOW))).toBe(NOW + MINUTE);
    expect(nextStatusChange(zatcaStatusAt(egs(NOW + 40.5 * DAY), chain(null), NOW))).toBe(NOW + 0.5 * DAY);
    expect(nextStatusChange(zatcaStatusAt(null, chain(null), NOW))).toBeNull();
  });
});
