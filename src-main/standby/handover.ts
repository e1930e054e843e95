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

const MAX_SECRETS = 16;
const NAME = /^[A-Za-z0-9_.:-]{1,120}$/;

/** A handover's secrets as the wire carries them, checked; null for anything else. */
export function handedSecrets(value: unknown): Record<string, string | null> | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > MAX_SECRETS) return null;
  const secrets: Record<string, string | null> = {};
  for (const [name, secret] of entries) {
    if (!NAME.test(name) || (secret !== null && (typeof secret !== 'string' || secret.length > 16_384))) return null;
    secrets[name] = secret;
  }
  return secrets;
}

/** A record a standby says of itself, checked for shape only (the caller checks what it means); null for anything else. */
export function peerRecordOf(value: unknown): Record<string, unknown> | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  return JSON.stringify(value).length <= 16_384 ? (value as Record<string, unknown>) : null;
}
