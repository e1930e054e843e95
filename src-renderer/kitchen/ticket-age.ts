/** How a ticket's age reads on the board: calm, running late (warn_minutes), late (late_minutes). */
export type AgeTone = 'fresh' | 'warn' | 'late';

export interface TicketAge {
  /** Whole minutes since the ticket reached the kitchen (never negative: a display's clock may run behind the hub's). */
  minutes: number;
  tone: AgeTone;
}

/** The age of a ticket made at `createdAt`, at `now` (epoch ms), against the board's two thresholds in minutes. */
export function ticketAge(createdAt: number, now: number, warnMinutes: number, lateMinutes: number): TicketAge {
  const minutes = Math.max(0, Math.floor((now - createdAt) / 60_000));
  const tone: AgeTone = minutes >= lateMinutes ? 'late' : minutes >= warnMinutes ? 'warn' : 'fresh';
  return { minutes, tone };
}
