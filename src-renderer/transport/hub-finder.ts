/** What a till answers at `/standby/where` (docs/standby.md): its role, its epoch, the hub it knows, its standby. */
export interface WhereAnswer {
  role: 'hub' | 'standby' | 'fenced';
  epoch: number;
  hub: string | null;
  standby: string | null;
}

/** Asks one till where the hub is; null when it does not answer (or answers nonsense). */
export type AskWhere = (origin: string) => Promise<WhereAnswer | null>;

/** An http(s) origin, or null: an address from a till's answer is checked before a screen goes there. */
export function originOf(text: unknown): string | null {
  if (typeof text !== 'string' || text.length > 200) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** Reads a `/standby/where` body tolerantly: role and epoch required, addresses checked, anything else ignored. */
export function readWhere(body: unknown): WhereAnswer | null {
  if (!body || typeof body !== 'object') return null;
  const { role, epoch, hub, standby } = body as Record<string, unknown>;
  if (role !== 'hub' && role !== 'standby' && role !== 'fenced') return null;
  if (typeof epoch !== 'number' || !Number.isSafeInteger(epoch) || epoch < 1) return null;
  return { role, epoch, hub: originOf(hub), standby: originOf(standby) };
}

/**
 * Where a screen goes when its hub stops answering (issue 36). It learns
 * the standby's address from its hub while connected, and on loss asks
 * every till it knows: it follows a hub with the highest epoch it has seen
 * (never an older one: that is a hub a takeover left behind), else a
 * standby that answers (its screens are what lets it take over: the
 * failover rule's majority; it refuses calls until it does).
 */
export class HubFinder {
  private readonly known = new Set<string>();
  private highestEpoch = 0;

  constructor(
    private current: string,
    private readonly ask: AskWhere,
  ) {
    this.known.add(current);
  }

  get hub(): string {
    return this.current;
  }

  get epoch(): number {
    return this.highestEpoch;
  }

  /** Every address learnt so far (the current hub first). */
  get addresses(): string[] {
    return [this.current, ...[...this.known].filter((a) => a !== this.current)];
  }

  /** What the connected hub said: its standby's address and the epoch. */
  learn(from: string, answer: WhereAnswer): void {
    this.highestEpoch = Math.max(this.highestEpoch, answer.epoch);
    for (const address of [from, answer.hub, answer.standby]) if (address) this.known.add(address);
  }

  /** Asks the connected hub (after each connection) so the standby's address is known before it is needed. */
  async refresh(): Promise<void> {
    const answer = await this.ask(this.current);
    if (answer) this.learn(this.current, answer);
  }

  /**
   * Where to connect now: the current hub again while it is still the hub
   * of the highest epoch, else the till this finder moved to (also kept as
   * `hub`), or null when nobody answers.
   */
  async next(): Promise<string | null> {
    const answers = new Map<string, WhereAnswer>();
    // A fenced hub names the new one: ask what it names too (a few rounds at most).
    for (let round = 0; round < 3; round++) {
      const unasked = [...this.known].filter((a) => !answers.has(a));
      if (unasked.length === 0) break;
      const replies = await Promise.all(unasked.map(async (a) => [a, await this.ask(a)] as const));
      for (const [address, answer] of replies) {
        if (!answer) continue;
        answers.set(address, answer);
        this.learn(address, answer);
      }
    }
    const hubs = [...answers].filter(([, a]) => a.role === 'hub' && a.epoch >= this.highestEpoch);
    const chosen =
      hubs.find(([address]) => address === this.current) ?? hubs[0] ?? [...answers].find(([, a]) => a.role === 'standby' && a.epoch >= this.highestEpoch);
    if (!chosen) return null;
    this.current = chosen[0];
    return this.current;
  }
}
