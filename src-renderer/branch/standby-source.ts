/** The hub and standby pair as the Stations tab shows it (issue 36), read from `GET /standby/status`. */
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
}

/** A standby code the hub made: typed on the standby machine, good until `expiresAt`, once. */
export interface StandbyCode {
  code: string;
  expiresAt: number;
}

/** Where the panel reads the status and makes a code; null in the desktop window (only `pos serve` takes part). */
export interface StandbySource {
  status(): Promise<StandbyView | 'not-manager' | null>;
  makeCode(): Promise<StandbyCode | null>;
}

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const text = (value: unknown): string | null => (typeof value === 'string' && value.length <= 200 ? value : null);

/** Reads the host's answer tolerantly: role and epoch required, the rest shown only when present and sane. */
export function readStandbyStatus(body: unknown): StandbyView | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  if (b.role !== 'hub' && b.role !== 'standby' && b.role !== 'fenced') return null;
  const epoch = num(b.epoch);
  if (epoch === null) return null;
  const hub = b.hub && typeof b.hub === 'object' ? (b.hub as Record<string, unknown>) : null;
  const connected = hub?.standby_connected === true;
  const lagMs = connected ? num(hub?.lag_ms) : null;
  return {
    role: b.role,
    epoch,
    hub: b.role === 'hub' ? text(b.this_url) : text(b.peer_url),
    standby: b.role === 'hub' ? text(hub?.standby_url) : b.role === 'standby' ? text(b.this_url) : null,
    connected,
    lagChanges: connected ? num(hub?.lag_changes) : null,
    lagSeconds: lagMs === null ? null : Math.round(lagMs / 100) / 10,
  };
}

/** The browser's source: this page's own host (its session cookie says it is a manager's screen). */
export function httpStandbySource(): StandbySource {
  return {
    async status() {
      const response = await fetch('/standby/status', { cache: 'no-store' });
      if (response.status === 403) return 'not-manager';
      return response.ok ? readStandbyStatus(await response.json()) : null;
    },
    async makeCode() {
      const response = await fetch('/standby/code', { cache: 'no-store' });
      if (!response.ok) return null;
      const body = (await response.json()) as Record<string, unknown>;
      const code = typeof body.code === 'string' && /^\d{6}$/.test(body.code) ? body.code : null;
      const expiresAt = num(body.expires_at);
      return code && expiresAt !== null ? { code, expiresAt } : null;
    },
  };
}
