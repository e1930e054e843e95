import { describe, expect, it } from 'vitest';
import { parseInput } from '../../../src-shared/api/index.ts';

// A coupon or reward code: the contract states no limit, so a real chain's codes are taken as they are (issue 35).
describe('a coupon or reward code as the till takes it', () => {
  it('takes codes a real chain prints or an app shows: spaces, = and @, a long QR token', () => {
    const token = `eyJhbGciOiJIUzI1NiJ9.${'a'.repeat(300)}.sig_-==`;
    for (const code of ['SUMMER 2026', 'GIFT=50', 'vip@branch', token, 'رمضان10']) {
      expect(parseInput('applyCode', { source: 'coupon', code }).code).toBe(code);
    }
    expect(parseInput('applyCode', { source: 'reward', code: '  R-1  ' }).code).toBe('R-1');
  });

  it('refuses what is not one line of text, and what only a hostile sender would send', () => {
    for (const code of ['', '   ', 'A\nB', 'A\u0000B', 'A\u202EB', 'x'.repeat(2_001)]) {
      expect(() => parseInput('applyCode', { source: 'coupon', code })).toThrow();
    }
  });
});
