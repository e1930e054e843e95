import { describe, expect, it } from 'vitest';
import { RequestWindow, retryAfterMs } from '../../../src-main/upstream/index.ts';
import { ManualClock } from '../../support/manual-clock.ts';

describe('the request window (AIMD)', () => {
  it('halves on push-back once per round of requests, and grows back by one per window of answers', () => {
    const window = new RequestWindow(8, new ManualClock());
    expect(window.size).toBe(8);
    const epoch = window.epoch;
    // Four requests of the same round all refused: one halving, not four.
    for (let i = 0; i < 4; i++) window.pushedBack(epoch, 0);
    expect(window.size).toBe(4);
    window.pushedBack(window.epoch, 0);
    window.pushedBack(window.epoch, 0);
    window.pushedBack(window.epoch, 0);
    expect(window.size).toBe(1);
    window.answered();
    expect(window.size).toBe(2);
    window.answered();
    expect(window.size).toBe(2);
    window.answered();
    expect(window.size).toBe(3);
    for (let i = 0; i < 100; i++) window.answered();
    expect(window.size).toBe(8);
  });

  it('holds every request until a pause has passed on its clock', async () => {
    const clock = new ManualClock();
    const window = new RequestWindow(4, clock);
    window.pushedBack(window.epoch, 5_000);
    let ready = false;
    const waiting = window.ready().then(() => (ready = true));
    clock.advance(4_999);
    await Promise.resolve();
    expect(ready).toBe(false);
    clock.advance(1);
    await waiting;
    expect(ready).toBe(true);
    await window.ready();
    expect(clock.waiting).toBe(0);
  });

  it('ends a wait when the pull is aborted', async () => {
    const window = new RequestWindow(2, new ManualClock());
    window.pushedBack(window.epoch, 60_000);
    const controller = new AbortController();
    const waiting = window.ready(controller.signal);
    controller.abort(new Error('stopped'));
    await expect(waiting).rejects.toThrow('stopped');
  });

  it('refuses a size below one', () => {
    expect(() => new RequestWindow(0)).toThrow('requests in flight must be a whole number of at least 1, got 0');
  });
});

describe('Retry-After', () => {
  const now = Date.UTC(2026, 10, 21, 9, 30);
  it('reads delay-seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs(new Date(now + 45_000).toUTCString(), now)).toBe(45_000);
    expect(retryAfterMs('Sat, 21 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('-5', now)).toBeNull();
    expect(retryAfterMs('1.5', now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });
});
