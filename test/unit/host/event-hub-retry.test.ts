import { describe, expect, it } from 'vitest';
import { EventHub } from '../../../src-main/host/event-hub.ts';
import type { TillEvent } from '../../../src-shared/api/index.ts';
import { ManualClock } from '../../support/manual-clock.ts';

const turns = async (n = 5) => {
  for (let i = 0; i < n; i++) await new Promise<void>((next) => setImmediate(next));
};

describe('events held for the disk', () => {
  it('stay held while the barrier fails, and go out, in order, once it holds again at the retry on the given clock', async () => {
    const clock = new ManualClock();
    const hub = new EventHub();
    const heard: TillEvent[] = [];
    hub.subscribe((event) => heard.push(event));
    let failing = true;
    hub.holdUntil(() => (failing ? Promise.reject(new Error('the disk did not confirm')) : Promise.resolve()), clock);

    const first = { type: 'outbox' } as unknown as TillEvent;
    const second = { type: 'catalog' } as unknown as TillEvent;
    hub.emit(first);
    hub.emit(second);
    await turns();
    expect(heard).toEqual([]);
    expect(clock.waiting).toBe(1);

    clock.advance(1_000);
    await turns();
    expect(heard).toEqual([]);

    failing = false;
    clock.advance(1_000);
    await turns();
    expect(heard).toEqual([first, second]);
  });
});
