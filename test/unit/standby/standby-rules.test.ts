import { describe, expect, it } from 'vitest';
import { journalChanges, shouldTakeOver, StandbyCodes } from '../../../src-main/standby/index.ts';

// Issue 36: the rules a standby decides by, on their own.

describe('the failover rule', () => {
  it('takes over only after the failover time AND with a majority of the stations in use', () => {
    const rule = (silentMs: number, stationsHere: number, stationsInUse: number) =>
      shouldTakeOver({ silentMs, failoverMs: 10_000, stationsHere, stationsInUse });
    expect(rule(9_999, 3, 3)).toEqual({ takeOver: false, waitingFor: 'hub_silence' });
    // A split: the hub still serves its stations, none came here.
    expect(rule(60_000, 0, 3)).toEqual({ takeOver: false, waitingFor: 'majority' });
    // Half is no majority: two machines each seeing half the branch must not both write.
    expect(rule(60_000, 2, 4)).toEqual({ takeOver: false, waitingFor: 'majority' });
    expect(rule(10_000, 3, 4)).toEqual({ takeOver: true, waitingFor: null });
    expect(rule(10_000, 1, 1)).toEqual({ takeOver: true, waitingFor: null });
  });
});

describe('a standby code', () => {
  it('pairs once, in time, and five wrong answers burn it', () => {
    let now = 0;
    const codes = new StandbyCodes(() => now);
    const { code } = codes.issue();
    const wrong = code === '000000' ? '000001' : '000000';
    const token = codes.redeem(code);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(codes.redeem(code)).toBeNull();

    const second = codes.issue().code;
    for (let i = 0; i < 5; i++) expect(codes.redeem(second === wrong ? code : wrong)).toBeNull();
    expect(codes.redeem(second)).toBeNull();

    const third = codes.issue().code;
    now += 5 * 60_000;
    expect(codes.redeem(third)).toBeNull();
  });
});

describe('a batch from the hub', () => {
  it('is taken only with every change well formed and in order', () => {
    const insert = { seq: 1, tbl: 'settings', op: 'I', old_key: null, row: '{"key":"a","value":"1"}' };
    const remove = { seq: 2, tbl: 'settings', op: 'D', old_key: '["a"]', row: null };
    expect(journalChanges([insert, remove])).toHaveLength(2);
    expect(journalChanges([remove, insert])).toBeNull();
    expect(journalChanges([{ ...insert, op: 'X' }])).toBeNull();
    expect(journalChanges([{ ...insert, row: { key: 'a' } }])).toBeNull();
    expect(journalChanges([{ ...remove, row: '{}' }])).toBeNull();
    expect(journalChanges('[]')).toBeNull();
  });
});
