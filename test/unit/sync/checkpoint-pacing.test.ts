import { describe, expect, it } from 'vitest';
import { CheckpointPacing } from '../../../src-main/catalog/checkpoint-pacing.ts';

// When a pull's slices wait for its WAL checkpoints (issue 37, fourteenth
// pass): beside every other one, the next waited for, started only once the
// one beside has ended, so that the WAL still starts over.

/** A checkpoint that ends when the test says so. */
function heldCheckpoint(everyRows: number) {
  const ended: (() => void)[] = [];
  return { ended, checkpoint: { everyRows, run: () => new Promise<void>((resolve) => ended.push(resolve)) } };
}

const turns = async () => {
  for (let n = 0; n < 5; n++) await new Promise((resolve) => setImmediate(resolve));
};

/** Whether `promise` settles within a few turns of the event loop. */
async function settles(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await turns();
  return settled;
}

describe('the pull’s checkpoint pacing', () => {
  it('starts a checkpoint every everyRows rows written, and every half of that deleted', () => {
    const { ended, checkpoint } = heldCheckpoint(10);
    const pacing = new CheckpointPacing(checkpoint);
    pacing.afterSlice(9, false);
    expect(ended).toHaveLength(0);
    pacing.afterSlice(1, false);
    expect([ended.length, pacing.ended]).toEqual([1, false]);
    const deletes = heldCheckpoint(10);
    new CheckpointPacing(deletes.checkpoint).afterSlice(5, true);
    expect(deletes.ended).toHaveLength(1);
  });

  it('lets a slice go beside a running checkpoint, then waits for the next, which starts after it', async () => {
    const { ended, checkpoint } = heldCheckpoint(2);
    const pacing = new CheckpointPacing(checkpoint);
    pacing.afterSlice(2, false); // the first checkpoint starts
    expect(await settles(pacing.waitedOrBeside())).toBe(true); // beside it
    pacing.afterSlice(2, false); // due again: queued behind the first, not joined to it
    expect(ended).toHaveLength(1);
    const next = pacing.waitedOrBeside();
    expect(await settles(next)).toBe(false); // waits for both
    ended[0]!();
    await turns();
    expect(ended).toHaveLength(2); // the second started once the first had ended
    expect(pacing.ended).toBe(false); // and runs: a flush of full slices queues its rows behind it
    expect(await settles(next)).toBe(false);
    ended[1]!();
    expect(await settles(next)).toBe(true);
    expect(pacing.ended).toBe(true);
  });

  it('waits for the one beside too when a slice must wait (before the pin, at the end)', async () => {
    const { ended, checkpoint } = heldCheckpoint(2);
    const pacing = new CheckpointPacing(checkpoint);
    pacing.afterSlice(2, false);
    await pacing.waitedOrBeside(); // beside
    const waited = pacing.waited();
    expect(await settles(waited)).toBe(false);
    ended[0]!();
    expect(await settles(waited)).toBe(true);
  });

  it('with no checkpoint never waits', async () => {
    const pacing = new CheckpointPacing(undefined);
    pacing.afterSlice(1_000_000, true);
    expect(await settles(pacing.waitedOrBeside())).toBe(true);
    expect(await settles(pacing.now())).toBe(true);
  });
});
