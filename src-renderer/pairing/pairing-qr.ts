/**
 * What a tablet's camera opens to pair: the hub's `/pair` form with the
 * one-time code filled in (the tablet still taps "Pair": a link alone never
 * pairs). `address` is the hub as the tablet reaches it, `http://IP:PORT`
 * or the TLS proxy's `https://NAME`.
 */
export function pairingUrl(address: string, code: string): string {
  return `${address.replace(/\/+$/, '')}/pair?code=${encodeURIComponent(code)}`;
}
