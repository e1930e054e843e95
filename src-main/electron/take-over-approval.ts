import type { TillDatabase } from '../db/index.ts';
import { clientLabel, recordAudit, type AuditEntry, type ClientContext } from '../host/index.ts';
import { hasCashiers, listCashiers, pinDelayMs, verifyPin } from '../staff/index.ts';

/** The audit table's name for a manager making this standby the hub (docs/security.md, "Who may do what"). */
export const TAKE_OVER_ACTION = 'standby-promote';

/** The till's own screens; never a device paired with a code (a paired device is a cashier, never more). */
const HOST_SCREENS: ReadonlySet<string> = new Set(['electron-window', 'manager-session', 'local']);

export type TakeOverDecision = { approved: true; by: string } | { approved: false; code: string };

/**
 * Who may make this standby the hub (`standby-promote`): the till's own
 * screen, with an active manager's PIN (on a till with no cashiers yet, its
 * own screen alone, as the approval rule says); a paired device never.
 * A standby's database refuses every write until it takes over (its
 * fence), so neither the till's PIN throttle nor the audit table can be
 * written here: wrong PINs are counted in memory with the same waits
 * (`pinDelayMs`: free tries, then doubling), and every decision is logged
 * at once and kept, then written to the audit table, in order, when the
 * take-over has lifted the fence (`flush`).
 */
export class TakeOverApproval {
  private failures = 0;
  private nextTryAt = 0;
  private readonly kept: AuditEntry[] = [];

  constructor(private readonly options: { db: TillDatabase; now: () => number; log: (line: string) => void }) {}

  /** Decides one request from `client` with the PIN typed (null: none); `detail` says what was asked (the hub, how long silent). */
  async decide(client: ClientContext, pin: string | null, detail: string): Promise<TakeOverDecision> {
    const now = this.options.now();
    const refuse = (code: string, why: string): TakeOverDecision => {
      this.keep({ at: now, who: clientLabel(client), action: TAKE_OVER_ACTION, outcome: 'refused', detail: `${detail}: ${why}` });
      return { approved: false, code };
    };
    if (!HOST_SCREENS.has(client.kind)) return refuse('standby.takeOverScreen', 'only the till’s own screen may take over as the hub');
    const { db } = this.options;
    const approve = (by: string): TakeOverDecision => {
      this.keep({ at: now, who: clientLabel(client), action: TAKE_OVER_ACTION, outcome: 'approved', approvedBy: by, detail });
      return { approved: true, by };
    };
    if (!hasCashiers(db)) return approve(`manager screen (${client.kind}, no cashiers yet)`);
    if (!pin) return refuse('standby.takeOverPin', "a manager's PIN is needed");
    if (now < this.nextTryAt) return refuse('approval.pin_throttled', `too many wrong PINs: try again in ${Math.ceil((this.nextTryAt - now) / 1000)} s`);
    // Counted before the slow hash, as the till's throttle does: a burst of guesses meets the wait after the free tries.
    this.failures += 1;
    this.nextTryAt = now + pinDelayMs(this.failures);
    for (const manager of listCashiers(db).filter((c) => c.role === 'manager' && c.active)) {
      if (await verifyPin(pin, manager.pin_hash)) {
        this.failures = 0;
        this.nextTryAt = 0;
        return approve(`manager ${manager.name} (PIN)`);
      }
    }
    return refuse('approval.wrong_pin', "that is not an active manager's PIN");
  }

  /** Writes every kept decision to the audit table; called once this till is the hub (its connection no longer fenced). */
  flush(): void {
    for (let entry = this.kept[0]; entry; entry = this.kept[0]) {
      recordAudit(this.options.db, entry);
      this.kept.shift();
    }
  }

  private keep(entry: AuditEntry): void {
    this.kept.push(entry);
    this.options.log(
      `Audit (written once this till is the hub): ${entry.action} ${entry.outcome} for ${entry.who}${entry.approvedBy ? ` by ${entry.approvedBy}` : ''}: ${entry.detail ?? ''}`,
    );
  }
}
