import type { ClientContext } from './client-context.ts';

/** A manager's approval of one visit to the Branch screen: who approved, and the connection (or browser session) it was given to. */
export interface BranchVisit {
  by: string;
  client: string;
}

/**
 * The Branch screen opened with a manager's approval (a PIN on the
 * approval sheet), by station: that one visit's Branch calls (its saves)
 * pass on it, each still audited. It is never a blanket grant: only the
 * screen (connection or session) it was given to, never a paired device,
 * only 'branch-settings' calls; and it ends when the visit does (the
 * screen closes, leaveBranch; the Branch screen is asked to open again;
 * someone signs in or out there; a call of another screen), so the
 * next visit asks again.
 */
export class BranchVisits {
  private readonly visits = new Map<string, BranchVisit>();

  begin(station: string, client: ClientContext, by: string): void {
    if (client.kind === 'paired-device') return;
    this.visits.set(station, { by, client: client.id });
  }

  end(station: string): void {
    this.visits.delete(station);
  }

  /** The station's visit, when this connection is the one it was given to. */
  of(station: string, client: ClientContext): BranchVisit | null {
    const visit = this.visits.get(station);
    if (!visit || client.kind === 'paired-device' || visit.client !== client.id) return null;
    return visit;
  }
}
