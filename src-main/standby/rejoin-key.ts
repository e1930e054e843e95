import { createHmac, randomBytes } from 'node:crypto';
import { sameHex } from './standby-codes.ts';

/**
 * The pair's rejoin key (docs/security.md, "The standby's rejoin key"): a
 * 256-bit secret the hub makes when a standby pairs with a manager's code
 * and gives it once, over that pairing; each machine keeps it in the
 * secrets file beside its database (never in the database, so neither a
 * snapshot nor a backup carries it). An old hub proves with it, without a
 * new code, that it is the other machine of the pair: it answers a
 * one-time challenge with an HMAC, so the key itself never crosses the wire.
 */
export interface RejoinKeyStore {
  get(): string | null;
  set(key: string): void;
}

/** The name the composition roots keep the key under in the secrets file. */
export const REJOIN_KEY_SECRET = 'standby_rejoin_key';

/** A root's secret store as the pair uses it (the secrets module's SecretStore, structurally: the standby stands below it). */
export interface PairSecrets {
  get(name: string): string | null;
  set(name: string, value: string | null): void;
}

/** The pair's rejoin key, kept under REJOIN_KEY_SECRET in `secrets`. */
export function rejoinKeyIn(secrets: PairSecrets): RejoinKeyStore {
  return { get: () => secrets.get(REJOIN_KEY_SECRET), set: (key) => secrets.set(REJOIN_KEY_SECRET, key) };
}

export const newRejoinKey = (): string => randomBytes(32).toString('hex');

export const isRejoinKey = (text: unknown): text is string => typeof text === 'string' && /^[0-9a-f]{64}$/.test(text);

/** The old hub's answer to the new hub's challenge. */
export function rejoinProof(key: string, nonce: string): string {
  return createHmac('sha256', Buffer.from(key, 'hex')).update(`till-standby-rejoin\n${nonce}`).digest('hex');
}

/** Whether `proof` answers `nonce` with `key` (compared in constant time). */
export function provesRejoin(key: string, nonce: string, proof: unknown): boolean {
  return typeof proof === 'string' && /^[0-9a-f]{64}$/.test(proof) && sameHex(rejoinProof(key, nonce), proof);
}

/** One-time challenges, a minute each, a few at a time (an unanswered one is forgotten first). */
export class RejoinChallenges {
  private readonly open = new Map<string, number>();

  constructor(private readonly now: () => number) {}

  issue(): string {
    const nonce = randomBytes(24).toString('hex');
    for (const [old, at] of this.open) if (at <= this.now() || this.open.size >= 8) this.open.delete(old);
    this.open.set(nonce, this.now() + 60_000);
    return nonce;
  }

  /** Spends `nonce`: true once, while it is fresh. */
  spend(nonce: unknown): nonce is string {
    if (typeof nonce !== 'string') return false;
    const until = this.open.get(nonce);
    this.open.delete(nonce);
    return until !== undefined && until > this.now();
  }
}
