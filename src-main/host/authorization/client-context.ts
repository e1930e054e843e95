/**
 * Who is on the other end of one till API connection, as the host saw it
 * when the connection was made (never as the client says it is).
 *
 * - `electron-window`: the app's own window (sender-checked MessagePort).
 * - `manager-session`: a browser that opened the per-launch secret URL
 *   (`/k/…`) printed where `pos serve` was started: the operator's screen.
 * - `paired-device`: a browser that paired with a one-time code (a LAN
 *   cashier screen); it sells, but privileged actions need approval.
 * - `local`: code in the same process (CLI commands, tests).
 */
export type ClientKind = 'electron-window' | 'manager-session' | 'paired-device' | 'local';

export interface ClientContext {
  kind: ClientKind;
  /** Short, stable per connection or session; goes into the audit table. */
  id: string;
  /** The remote address for a browser; null otherwise. */
  address: string | null;
  /** A paired device's station code, bound when it paired (issue 20); other clients' station is chosen per connection. */
  station?: string;
}

export function clientLabel(client: ClientContext): string {
  const kind = { 'electron-window': 'electron window', 'manager-session': 'manager browser', 'paired-device': 'paired device', local: 'local' }[client.kind];
  return `${kind}${client.address ? ` ${client.address}` : ''} (${client.id})`;
}

export const ELECTRON_WINDOW: ClientContext = { kind: 'electron-window', id: 'window', address: null };
