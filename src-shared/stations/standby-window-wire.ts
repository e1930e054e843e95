/**
 * The desktop standby's own window (issue 36) asks Electron's main process,
 * over the app shell's port (beside the hub choice), what this till is in
 * its pair and, once the hub has been silent `hub.failover_seconds`, to take
 * over as the hub with a manager's PIN. Main checks every message
 * (src-main/electron/standby-window.ts); these are the shapes both sides
 * agree on. `pos serve` has no such port.
 */
export type StandbyWindowRequest = { kind: 'standby-read' } | { kind: 'take-over'; manager_pin: string };

/**
 * What the window shows: the standby (the hub it follows, how far behind,
 * the epoch, how long the hub has been silent and after how long a take-over
 * is offered), an old hub that stepped down (the hub now), or nothing (a hub:
 * the Stations tab says the rest).
 */
export interface StandbyWindowView {
  role: 'standby' | 'fenced';
  epoch: number;
  hub: string | null;
  /** Changes the hub has that this copy has not applied yet (as a standby). */
  behind: number;
  hub_silent_ms: number;
  failover_ms: number;
  /** The hub has been silent `failover_ms`: a manager may take over here. */
  may_take_over: boolean;
}

/** Main's answer to one request, matched by `id`: the view now (null: this till is the hub), or why not, as a reason code. */
export type StandbyWindowReply =
  | { id: number; ok: true; view: StandbyWindowView | null; took_over?: { epoch: number } }
  | { id: number | null; ok: false; reason: { code: string; params?: Record<string, string> } };
