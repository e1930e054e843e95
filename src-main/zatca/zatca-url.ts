/**
 * Where the till may send its CSID: every call to ZATCA carries the unit's
 * secret (Basic authentication), so an address in plain http is refused
 * unless it stays on this machine (a stand-in on loopback: 127.0.0.0/8,
 * ::1, localhost). ZATCA's own gateway is https.
 */

/** 127.0.0.0/8, ::1 (and ::ffff:127.x) or localhost. */
export function isLoopbackHost(hostname: string): boolean {
  const bare = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/^::ffff:(?=\d+\.)/i, '')
    .toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/** Why `url` is not an address the till sends its CSID to, or null when it is (https anywhere, http on loopback only). */
export function zatcaUrlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `"${url}" is not a URL`;
  }
  if (parsed.username || parsed.password) return `"${url}" carries a user name or password; give the address only`;
  if (parsed.protocol === 'https:') return null;
  if (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname)) return null;
  if (parsed.protocol === 'http:')
    return `"${url}" is plain http off this machine: the CSID secret would cross the network in clear; use https (plain http is for a stand-in on loopback only)`;
  return `"${url}" is not an http(s) address`;
}
