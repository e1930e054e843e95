import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type TillDatabase } from '../../../src-main/db/index.ts';
import {
  answeredAloneIn,
  answeredAloneRanges,
  beginAnsweringAlone,
  endAnsweringAlone,
  forgetAnsweredAlone,
  forgetAnsweredAloneThrough,
} from '../../../src-main/standby/answered-alone.ts';
import { tempDir } from '../../support/temp-dir.ts';

// Which changes a hub answered alone (docs/standby.md): the rejoin uploads
// the orders among them from the set-aside file and never those it did not
// answer. The ranges, on a real file, as the hub's replication moves them.

const dir = tempDir('till-alone-');
let db: TillDatabase;
afterEach(() => db?.close());
afterAll(() => dir.cleanup());

describe('the ranges of changes a hub answered alone', () => {
  it('open with no standby, close when one connects, are forgotten once it acknowledges past them', () => {
    db = openDatabase(dir.file(`alone-${Date.now()}-1.db`));
    expect(answeredAloneRanges(db)).toEqual([]);
    // Started with no standby at change 10: what follows is answered alone.
    beginAnsweringAlone(db, 10);
    beginAnsweringAlone(db, 12); // still alone: the range stays as it began
    expect(answeredAloneRanges(db)).toEqual([[10, null]]);
    expect([10, 11, 500].map((seq) => answeredAloneIn(answeredAloneRanges(db), seq))).toEqual([false, true, true]);
    // A standby connects at 20: changes after it wait for the standby (not answered, if the hub dies waiting).
    endAnsweringAlone(db, 20);
    expect(answeredAloneRanges(db)).toEqual([[10, 20]]);
    expect([20, 21].map((seq) => answeredAloneIn(answeredAloneRanges(db), seq))).toEqual([true, false]);
    // Dropped (silent) after acknowledging 25: every waiting answer goes out alone.
    beginAnsweringAlone(db, 25);
    expect(answeredAloneRanges(db)).toEqual([
      [10, 20],
      [25, null],
    ]);
    expect([22, 26].map((seq) => answeredAloneIn(answeredAloneRanges(db), seq))).toEqual([false, true]);
    // Back, it acknowledges through 20: the first range is in the standby, forgotten; the open one stays.
    endAnsweringAlone(db, 30);
    forgetAnsweredAloneThrough(db, 20);
    expect(answeredAloneRanges(db)).toEqual([[25, 30]]);
    forgetAnsweredAloneThrough(db, 30);
    expect(answeredAloneRanges(db)).toEqual([]);
  });

  it("are not copied into a standby's copy of its hub", () => {
    db = openDatabase(dir.file(`alone-${Date.now()}-2.db`));
    beginAnsweringAlone(db, 3);
    forgetAnsweredAlone(db);
    expect(answeredAloneRanges(db)).toEqual([]);
  });
});
