import { describe, expect, it } from 'vitest';
import { timeOrderedUuid } from '../../../src-main/db/index.ts';

describe('timeOrderedUuid', () => {
  it('is a version 7 UUID whose text sorts by the time it was made', () => {
    const times = [Date.UTC(2026, 10, 29, 9), Date.UTC(2026, 10, 29, 9) + 1, Date.UTC(2026, 10, 29, 21), Date.UTC(2031, 0, 1)];
    const uuids = times.map((t) => timeOrderedUuid(t));
    for (const uuid of uuids) expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...uuids].sort()).toEqual(uuids);
    // The first 48 bits are the milliseconds.
    expect(Number.parseInt(uuids[0]!.replace('-', '').slice(0, 12), 16)).toBe(times[0]);
  });

  it('differs every time within one millisecond (74 random bits)', () => {
    const now = Date.UTC(2026, 10, 29, 9);
    const made = new Set(Array.from({ length: 10_000 }, () => timeOrderedUuid(now)));
    expect(made.size).toBe(10_000);
  });
});
