import { networkInterfaces } from 'node:os';
import { isIP } from 'node:net';

/**
 * The host names and origins this till answers to: the address it was
 * started on with its port (every interface's address for 0.0.0.0 or ::),
 * `localhost` for a loopback bind, and any origin the operator named with
 * `--origin` (a TLS proxy's address). A request whose `Host` is not one of
 * them is a DNS-rebinding attempt or a mistake; a WebSocket whose `Origin` is
 * not one of them is another site's page.
 */
export class HostAllowlist {
  private readonly hosts = new Set<string>();
  private readonly origins = new Set<string>();
  /** Hosts named by an `https://` origin: a session cookie given there is `Secure`. */
  private readonly httpsHosts = new Set<string>();

  constructor(bindHost: string, port: number, extraOrigins: string[] = []) {
    for (const name of addressesFor(bindHost)) {
      const host = hostPart(name);
      this.addHost(port === 80 ? host : `${host}:${port}`, 'http:');
      if (port === 80) this.addHost(`${host}:80`, 'http:');
    }
    for (const origin of extraOrigins) this.addOrigin(origin);
  }

  /** Admits one more origin (`https://till.shop.lan`); throws on anything that is not a bare http(s) origin. */
  addOrigin(origin: string): void {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      throw new Error(`--origin ${origin}: not a URL; give one such as https://till.shop.lan`);
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search || url.hash || url.username) {
      throw new Error(`--origin ${origin}: give only a scheme, host and port, such as https://till.shop.lan:8443`);
    }
    this.hosts.add(url.host.toLowerCase());
    this.origins.add(url.origin.toLowerCase());
    if (url.protocol === 'https:') this.httpsHosts.add(url.host.toLowerCase());
  }

  private addHost(host: string, scheme: string): void {
    this.hosts.add(host.toLowerCase());
    this.origins.add(`${scheme}//${host}`.toLowerCase());
  }

  admitsHost(host: string | undefined): boolean {
    return typeof host === 'string' && this.hosts.has(host.toLowerCase());
  }

  /** Whether the browser reached this host over https (through the operator's TLS proxy). */
  isHttpsHost(host: string | undefined): boolean {
    return typeof host === 'string' && this.httpsHosts.has(host.toLowerCase());
  }

  admitsOrigin(origin: string | undefined): boolean {
    return typeof origin === 'string' && this.origins.has(origin.toLowerCase());
  }

  /** For messages and tests. */
  list(): { hosts: string[]; origins: string[] } {
    return { hosts: [...this.hosts], origins: [...this.origins] };
  }
}

function hostPart(address: string): string {
  return isIP(address) === 6 ? `[${address}]` : address;
}

function addressesFor(bindHost: string): string[] {
  const host = bindHost.replace(/^\[|\]$/g, '');
  if (host === '0.0.0.0' || host === '::') {
    const all = Object.values(networkInterfaces())
      .flat()
      .filter((info): info is NonNullable<typeof info> => Boolean(info))
      .filter((info) => host === '::' || info.family === 'IPv4')
      .map((info) => info.address.split('%')[0]!);
    return [...new Set([...all, 'localhost'])];
  }
  if (isLoopback(host)) return [host, 'localhost', ...(host === 'localhost' ? ['127.0.0.1'] : [])];
  return [host];
}

export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').replace(/^::ffff:(?=\d+\.)/i, '');
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}
