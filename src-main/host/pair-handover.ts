/**
 * What a hub (`pos serve` or the desktop app) hands between the two machines of a standby pair
 * (src-main/standby/handover.ts): the hub's service session token, so a
 * standby that takes over uploads at once without a manager signing in
 * again, and the ZATCA part (zatca/unit-handover.ts). Kept in each
 * machine's own secret store, never the database (docs/security.md,
 * "The standby hub").
 */
import type { TillDatabase } from '../db/index.ts';
import type { SecretStore } from '../secrets/index.ts';
import { acceptPeerUnit, keepHandedZatcaSecret, ownUnitRecord, zatcaSecretsToHandOver } from '../zatca/index.ts';
import { SERVICE_TOKEN_SECRET } from './service-session.ts';

/**
 * The standby module's PairHandover (src-main/standby/handover.ts), spelt
 * here: the host knows nothing of the standby, the roots hand this to it.
 */
export interface SecretsHandover {
  outgoing(): Record<string, string | null>;
  received(secrets: Record<string, string | null>): void;
  ownRecord(): Record<string, unknown> | null;
  peerRecord(record: Record<string, unknown>): void;
}

/** `log`: a failure is said (never a secret's value) and the stream goes on; the next change is handed over again. */
export function pairHandover(db: TillDatabase, secrets: SecretStore, log: (line: string) => void): SecretsHandover {
  const safely = (what: string, act: () => void) => {
    try {
      act();
    } catch (error) {
      log(`Standby: ${what} failed (${(error as Error).message}).`);
    }
  };
  return {
    outgoing: () => ({ [SERVICE_TOKEN_SECRET]: secrets.get(SERVICE_TOKEN_SECRET), ...zatcaSecretsToHandOver(db, secrets) }),
    received: (handed) =>
      safely('keeping what the hub handed over', () => {
        for (const [name, value] of Object.entries(handed)) {
          if (name === SERVICE_TOKEN_SECRET) {
            // The hub's session, mirrored: a new sign-in replaces it, a sign-out removes it (written only when it differs).
            if (secrets.get(name) !== value) secrets.set(name, value);
          } else keepHandedZatcaSecret(db, secrets, name, value);
        }
      }),
    ownRecord: () => ownUnitRecord(db),
    peerRecord: (record) => safely("recording the standby's ZATCA unit", () => void acceptPeerUnit(db, record)),
  };
}
