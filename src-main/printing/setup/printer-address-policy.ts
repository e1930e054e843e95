// Which printer addresses this till will connect to. A printer address is
// text someone else may have chosen (the service sends one, a binding is
// typed into a screen), and the till opens a TCP connection and writes
// bytes there: unchecked, that is a way to reach the till's own loopback
// services or the cloud metadata address. So: printer ports only (9100–9109,
// 515, 631) unless the operator allows another, no loopback or link-local
// hosts unless the operator runs the demo or a test (`--allow-loopback`),
// and host names are resolved and every answer checked before connecting.

import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { TillDatabase } from '../../db/index.ts';
import { getSetting } from '../../settings/index.ts';
import { PrinterSendError, parsePrinterAddress, type PrinterAddress } from '../transport/send-to-printer.ts';

/** Raw-print (JetDirect) 9100–9109, LPD 515, IPP 631. */
export const PRINTER_PORTS: readonly number[] = [9100, 9101, 9102, 9103, 9104, 9105, 9106, 9107, 9108, 9109, 515, 631];

/** Local setting: more TCP ports the operator allows for printers (an array of numbers). */
export const ALLOWED_PORTS_SETTING = 'printing.allowed_ports' as const;

export interface PrinterAddressPolicy {
  /**
   * Loopback hosts (127.0.0.0/8, ::1, localhost) on any port: only for the
   * demo's virtual printers and tests, whose sinks listen on ephemeral ports.
   */
  allowLoopback: boolean;
  /** Ports allowed beside PRINTER_PORTS (the setting and `--allow-port`). */
  extraPorts: readonly number[];
}

export const STRICT_POLICY: PrinterAddressPolicy = { allowLoopback: false, extraPorts: [] };

/**
 * The process's policy (flags, demo) plus the ports the setting allows. A
 * stored setting that fails its check is an error naming it (SettingError),
 * never half-trusted.
 */
export function effectiveAddressPolicy(db: TillDatabase, base: PrinterAddressPolicy = STRICT_POLICY): PrinterAddressPolicy {
  const fromSetting = getSetting(db, ALLOWED_PORTS_SETTING) ?? [];
  return { allowLoopback: base.allowLoopback, extraPorts: [...new Set([...base.extraPorts, ...fromSetting])] };
}

export function isPort(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 65535;
}

function refused(address: string, why: string): PrinterSendError {
  return new PrinterSendError('address-not-allowed', address, `printer address ${JSON.stringify(address)} is not allowed: ${why}`);
}

/** 127.0.0.0/8, ::1, and IPv4-mapped forms of them. */
function isLoopbackIp(ip: string): boolean {
  const v4 = ipv4Of(ip);
  if (v4) return v4[0] === 127;
  return normalizeV6(ip) === '0:0:0:0:0:0:0:1';
}

/** Never a printer: link-local (169.254/16 holds cloud metadata; fe80::/10), unspecified, multicast, broadcast. */
function neverAPrinter(ip: string): string | null {
  const v4 = ipv4Of(ip);
  if (v4) {
    const [a, b] = v4 as [number, number, number, number];
    if (a === 169 && b === 254) return 'it is link-local (169.254.0.0/16)';
    if (a === 0) return 'it is not a host address (0.0.0.0/8)';
    if (a >= 224) return 'it is multicast or reserved (224.0.0.0 and up)';
    return null;
  }
  const full = normalizeV6(ip);
  if (full === null) return 'it is not an IP address';
  const first = parseInt(full.split(':')[0]!, 16);
  if ((first & 0xffc0) === 0xfe80) return 'it is link-local (fe80::/10)';
  if ((first & 0xff00) === 0xff00) return 'it is multicast (ff00::/8)';
  if (full === '0:0:0:0:0:0:0:0') return 'it is the unspecified address (::)';
  return null;
}

/** The four bytes of an IPv4 address, also when written as IPv4-mapped IPv6 (::ffff:127.0.0.1, ::ffff:7f00:1). */
function ipv4Of(ip: string): number[] | null {
  if (isIP(ip) === 4) return ip.split('.').map(Number);
  const full = normalizeV6(ip);
  if (full === null || !full.startsWith('0:0:0:0:0:ffff:')) return null;
  const [hi, lo] = full
    .split(':')
    .slice(6)
    .map((h) => parseInt(h, 16)) as [number, number];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255];
}

/** Eight hex groups without leading zeros, or null when not IPv6. */
function normalizeV6(ip: string): string | null {
  if (isIP(ip) !== 6) return null;
  let text = ip.toLowerCase().replace(/%.*$/, '');
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number];
    text = text.slice(0, -tail[1]!.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const left = head === '' ? [] : head.split(':');
  const right = rest === undefined ? [] : rest === '' ? [] : rest.split(':');
  const fill = rest === undefined ? [] : new Array(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((group) => parseInt(group, 16).toString(16)).join(':');
}

function checkIp(ip: string, address: string, policy: PrinterAddressPolicy): void {
  if (isLoopbackIp(ip)) {
    if (!policy.allowLoopback) throw refused(address, 'it is this machine (loopback); only the demo and tests may print there (--allow-loopback)');
    return;
  }
  const why = neverAPrinter(ip);
  if (why) throw refused(address, why);
}

function isLoopbackName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * Checks what can be checked without the network: the form, the port, and
 * the host when it is an IP address or a loopback name. Throws a
 * PrinterSendError('address-not-allowed' | 'invalid-address') naming the address and why.
 */
export function checkPrinterAddress(address: string, policy: PrinterAddressPolicy): PrinterAddress {
  const parsed = parsePrinterAddress(address);
  const loopbackHost = isLoopbackName(parsed.host) || (isIP(parsed.host) !== 0 && isLoopbackIp(parsed.host));
  if (loopbackHost) {
    if (!policy.allowLoopback) throw refused(address, 'it is this machine (loopback); only the demo and tests may print there (--allow-loopback)');
    return parsed; // the demo's and the tests' sinks listen on ephemeral ports
  }
  if (isIP(parsed.host) !== 0) checkIp(parsed.host, address, policy);
  if (!PRINTER_PORTS.includes(parsed.port) && !policy.extraPorts.includes(parsed.port)) {
    throw refused(
      address,
      `port ${parsed.port} is not a printer port (9100–9109, 515, 631); allow it with the setting ${ALLOWED_PORTS_SETTING} or --allow-port ${parsed.port}`,
    );
  }
  return parsed;
}

export type Lookup = (host: string) => Promise<{ address: string }[]>;

const systemLookup: Lookup = (host) => dnsLookup(host, { all: true, verbatim: true });

/**
 * checkPrinterAddress, then a host name is resolved and every address it
 * resolves to is checked; the connection goes to the checked IP, so a name
 * that answers differently a second time (DNS rebinding) cannot slip past.
 */
export async function resolvePrinterAddress(address: string, policy: PrinterAddressPolicy, lookup: Lookup = systemLookup): Promise<PrinterAddress> {
  const parsed = checkPrinterAddress(address, policy);
  if (isIP(parsed.host) !== 0 || isLoopbackName(parsed.host)) return parsed;
  let answers: { address: string }[];
  try {
    answers = await lookup(parsed.host);
  } catch (error) {
    throw new PrinterSendError(
      'unreachable',
      address,
      `printer host ${parsed.host} could not be resolved (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
      { cause: error },
    );
  }
  if (answers.length === 0) throw new PrinterSendError('unreachable', address, `printer host ${parsed.host} resolves to no address`);
  for (const answer of answers) checkIp(answer.address, address, policy);
  return { host: answers[0]!.address, port: parsed.port };
}
