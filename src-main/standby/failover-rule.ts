/**
 * When a standby takes over by itself (docs/standby.md, "Never two hubs
 * writing"): the hub has been silent for `hub.failover_seconds`, AND a
 * majority of the branch's stations in use have come to the standby
 * (screens reach the standby only when they have lost the hub). A standby
 * cut off from a hub that still serves its stations never sees that
 * majority, so a split never makes a second writer; when it cannot tell,
 * a manager decides with `pos standby promote`.
 */
export function shouldTakeOver(input: { silentMs: number; failoverMs: number; stationsHere: number; stationsInUse: number }): {
  takeOver: boolean;
  waitingFor: 'hub_silence' | 'majority' | null;
} {
  if (input.silentMs < input.failoverMs) return { takeOver: false, waitingFor: 'hub_silence' };
  if (input.stationsHere * 2 <= input.stationsInUse) return { takeOver: false, waitingFor: 'majority' };
  return { takeOver: true, waitingFor: null };
}
