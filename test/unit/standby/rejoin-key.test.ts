import { describe, expect, it } from 'vitest';
import { provesRejoin, RejoinChallenges, rejoinProof } from '../../../src-main/standby/rejoin-key.ts';

// Issue 36: the old hub proves it is the other machine of the pair with the
// rejoin key both keep in their secrets files (docs/security.md): an HMAC
// over a one-time challenge, so the key never crosses the wire and a
// recorded answer is worth nothing.

const KEY = 'ab'.repeat(32);
const OTHER = 'cd'.repeat(32);

describe('the rejoin proof', () => {
  it('is accepted only with the pair’s key, for that challenge', () => {
    expect(provesRejoin(KEY, 'n1', rejoinProof(KEY, 'n1'))).toBe(true);
    expect(provesRejoin(KEY, 'n1', rejoinProof(OTHER, 'n1'))).toBe(false);
    expect(provesRejoin(KEY, 'n2', rejoinProof(KEY, 'n1'))).toBe(false);
    // The key itself is not a proof, nor is anything not 64 hex digits.
    expect(provesRejoin(KEY, 'n1', KEY)).toBe(false);
    expect(provesRejoin(KEY, 'n1', undefined)).toBe(false);
    expect(provesRejoin(KEY, 'n1', rejoinProof(KEY, 'n1').toUpperCase())).toBe(false);
  });
});

describe('a rejoin challenge', () => {
  it('is spent once, and only within its minute', () => {
    let now = 1_000;
    const challenges = new RejoinChallenges(() => now);
    const nonce = challenges.issue();
    expect(challenges.spend(nonce)).toBe(true);
    expect(challenges.spend(nonce)).toBe(false);
    const late = challenges.issue();
    now += 60_001;
    expect(challenges.spend(late)).toBe(false);
    expect(challenges.spend('made-up')).toBe(false);
    expect(challenges.spend(42)).toBe(false);
  });

  it('keeps only a few open: a flood of asks forgets the oldest', () => {
    const challenges = new RejoinChallenges(() => 0);
    const first = challenges.issue();
    for (let i = 0; i < 20; i++) challenges.issue();
    expect(challenges.spend(first)).toBe(false);
    expect(challenges.spend(challenges.issue())).toBe(true);
  });
});
