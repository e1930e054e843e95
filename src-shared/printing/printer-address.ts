/**
 * A printer address as an owner types it, made the one form the till
 * stores and shows: a bare IP or host becomes `tcp://HOST:9100` (the raw
 * port of network receipt printers), `HOST:PORT` becomes `tcp://HOST:PORT`,
 * a device path (`/dev/usb/lp0`) stays as it is. Used by the Branch screen to
 * check the field as it is typed and by the host before it binds, so what
 * is saved is what is shown.
 */
export type AddressCheck =
  | { ok: true; address: string }
  /** What is wrong, as a code the UI words (`address.<problem>`). */
  | { ok: false; problem: 'empty' | 'scheme' | 'host' | 'port' };

const DEFAULT_PORT = 9100;
// A host name or an IPv4 address; an IPv6 address in brackets.
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])$/;

export function normalizePrinterAddress(typed: string): AddressCheck {
  const text = typed.trim();
  if (text === '') return { ok: false, problem: 'empty' };
  if (text.startsWith('/')) return { ok: true, address: text };
  let rest = text;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(text);
  if (scheme) {
    if (scheme[1]!.toLowerCase() !== 'tcp') return { ok: false, problem: 'scheme' };
    rest = text.slice(scheme[0].length);
  }
  rest = rest.replace(/\/+$/, '');
  const match = /^(\[[^\]]*\]|[^:/]*)(?::(\d*))?$/.exec(rest);
  if (!match) return { ok: false, problem: 'host' };
  const host = match[1]!;
  if (!HOST.test(host)) return { ok: false, problem: 'host' };
  const port = match[2] === undefined ? DEFAULT_PORT : Number(match[2]);
  if (match[2] === '' || !Number.isInteger(port) || port < 1 || port > 65535) return { ok: false, problem: 'port' };
  return { ok: true, address: `tcp://${host}:${port}` };
}
