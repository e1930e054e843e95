import type { TillApi } from '../../src-shared/api/index.ts';
import type { StandbyStatusView } from '../../src-shared/stations/index.ts';

/** The hub and standby pair as the Stations tab shows it (issue 36), from the till API's `standbyStatus`. */
export interface StandbyView {
  role: 'hub' | 'standby' | 'fenced';
  epoch: number;
  /** The branch's hub: this till as the hub, else the hub it follows (or the one that replaced it). */
  hub: string | null;
  /** The hub's standby (as the hub) or this till (as the standby); null when none is known. */
  standby: string | null;
  /** As the hub: whether its standby is connected and how far behind it is. */
  connected: boolean;
  lagChanges: number | null;
  lagSeconds: number | null;
  /** As the hub: ZATCA documents its standby signed when it was the hub, still reported from its set-aside file (0 or null: none). */
  standbyZatcaWaiting: number | null;
  /** As the hub: orders its standby sold alone when it was the hub, still uploaded from its set-aside file (0 or null: none). */
  standbyOrdersWaiting: number | null;
}

/** A standby code the hub made: typed on the standby machine, good until `expiresAt`, once. */
export interface StandbyCode {
  code: string;
  expiresAt: number;
}

/** Where the panel reads the status and makes a code. `no-pair`: this till offers no pair (a desktop till with no standby port). */
export interface StandbySource {
  status(): Promise<StandbyView | 'not-manager' | 'no-pair' | null>;
  makeCode(): Promise<StandbyCode | null>;
}

/** The host's view as the panel shows it; null where this till takes no part. */
export function standbyView(view: StandbyStatusView): StandbyView | null {
  if (view.role === null) return null;
  return {
    role: view.role,
    epoch: view.epoch,
    hub: view.hub,
    standby: view.standby,
    connected: view.connected,
    lagChanges: view.connected ? view.lag_changes : null,
    lagSeconds: view.connected && view.lag_ms !== null ? Math.round(view.lag_ms / 100) / 10 : null,
    // An older hub's answer has no such member.
    standbyZatcaWaiting: view.connected ? (view.standby_zatca_waiting ?? null) : null,
    standbyOrdersWaiting: view.connected ? (view.standby_orders_waiting ?? null) : null,
  };
}

/** A refusal of the manager's approval (the Stations tab is a manager's, 'branch-settings'): the panel says whose screen makes a code. */
function refusedApproval(error: unknown): boolean {
  const { code, reason } = (error ?? {}) as { code?: unknown; reason?: { code?: unknown } };
  return code === 'not_allowed' && !String(reason?.code ?? '').startsWith('standby.');
}

/** The panel's source: the till API, authorized like the rest of the Stations tab. */
export function apiStandbySource(api: () => TillApi): StandbySource {
  return {
    async status() {
      try {
        return standbyView(await api().standbyStatus()) ?? 'no-pair';
      } catch (error) {
        if (refusedApproval(error)) return 'not-manager';
        throw error;
      }
    },
    async makeCode() {
      const made = await api().standbyCode();
      return { code: made.code, expiresAt: made.expires_at };
    },
  };
}
