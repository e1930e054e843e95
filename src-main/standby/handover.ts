/**
 * What the two machines of a pair tell each other besides the journal,
 * over the authenticated stream (docs/standby.md, "The handover"):
 * - the hub hands its standby the secrets a hub needs to carry on at once
 *   after a takeover (the service session's token; the hub's ZATCA CSID
 *   secret, so the standby can report the documents the hub signed), which
 *   the standby keeps in its own secret store: never in the database (so
 *   never in the journal or a snapshot), never in a log line;
 * - the standby tells its hub what it is (its own ZATCA EGS unit, public
 *   parts only), which the hub records in the shared database.
 * The standby module only carries them; what they mean is the caller's
 * (pos serve's wiring).
 */
import { handedSecretsSchema, peerRecordSchema, readPeer } from './peer-messages.ts';

export interface PairHandover {
  /** On the hub: the secrets to hand over now (name → value; null: the hub has none, the standby forgets its copy). */
  outgoing(): Record<string, string | null>;
  /** On the standby: keep what the hub handed over (names the caller does not expect are the caller's to refuse). */
  received(secrets: Record<string, string | null>): void;
  /** On the standby: what it says of itself (its own ZATCA unit), or null. */
  ownRecord(): Record<string, unknown> | null;
  /** On the hub: what its standby said of itself. */
  peerRecord(record: Record<string, unknown>): void;
}

/** A handover's secrets as the wire carries them, checked (peer-messages.ts); null for anything else. */
export function handedSecrets(value: unknown): Record<string, string | null> | null {
  const read = readPeer(handedSecretsSchema, value);
  return read.ok ? read.value : null;
}

/** A record a standby says of itself, checked for shape only (the caller checks what it means); null for anything else. */
export function peerRecordOf(value: unknown): Record<string, unknown> | null {
  const read = readPeer(peerRecordSchema, value);
  return read.ok ? read.value : null;
}
