/**
 * The desktop app's "Use another till as hub" screen (issue 20) talks to
 * Electron's main process over a MessagePort of its own, beside the till
 * API's: read the choice, become a station of a hub or its standby, or be
 * the hub again.
 * Main checks every message (src-main/electron/hub-choice-requests.ts);
 * these are the shapes both sides agree on. `pos serve` has no such port.
 */
export type HubRequest =
  { kind: 'read' } | { kind: 'use-hub'; hub: string; code: string } | { kind: 'be-standby'; hub: string; code: string } | { kind: 'be-hub' };

/** What this desktop till is: the branch's hub, a station of the hub at `hub`, or that hub's standby (issue 36). */
export type HubChoiceView = { mode: 'hub' } | { mode: 'station' | 'standby'; hub: string };

/**
 * Main's answer to one request, matched by `id`: the choice now, and whether
 * the app restarts into it; or why not, as a reason code the screen words
 * (`reason.<code>` in src-shared/i18n) and the field it is about.
 */
export type HubReply =
  | { id: number; ok: true; choice: HubChoiceView; relaunching: boolean }
  | { id: number | null; ok: false; field: 'hub' | 'code' | null; reason: { code: string; params?: Record<string, string> } };
