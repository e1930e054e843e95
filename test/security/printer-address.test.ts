// Issue 9, part 5: a printer address from outside is a suggestion. The till
// connects only to printer ports on hosts that are not itself (loopback)
// and not link-local (cloud metadata lives at 169.254.169.254), resolves
// names and checks every answer, and uses a service-sent address only after
// someone binds it on this till. Before this, a service could make the till
// write receipt bytes to any host and port, loopback included.

import { afterEach, describe, expect, it } from 'vitest';
import {
  bindPrinter,
  PrinterSendError,
  readPrinterBindings,
  startPrinterSink,
  STRICT_POLICY,
  type PrinterAddressPolicy,
} from '../../src-main/printing/index.ts';
import { checkPrinterAddress, resolvePrinterAddress } from '../../src-main/printing/setup/printer-address-policy.ts';
import { readPrintJobs } from '../../src-main/printing/queue/print-job-store.ts';
import { type PrinterSink } from '../../src-main/printing/virtual-printer/printer-sink.ts';
import { setSetting } from '../../src-main/settings/index.ts';
import { openPrintingShop, type PrintingShop } from '../integration/printing/printing-shop.ts';

const open: PrintingShop[] = [];
const sinks: PrinterSink[] = [];
afterEach(async () => {
  for (const sink of sinks.splice(0)) await sink.close();
  for (const shop of open.splice(0)) await shop.close();
});

function refusal(run: () => unknown): PrinterSendError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(PrinterSendError);
    return error as PrinterSendError;
  }
  throw new Error('expected the address to be refused');
}

const LOOPBACK_OK: PrinterAddressPolicy = { allowLoopback: true, extraPorts: [] };

describe('printer address policy', () => {
  it.each([
    'tcp://127.0.0.1:9100',
    'tcp://127.8.9.10:9100',
    'localhost:9100',
    'tcp://printer.localhost:9100',
    'tcp://[::1]:9100',
    'tcp://[::ffff:127.0.0.1]:9100',
    'tcp://[0:0:0:0:0:ffff:7f00:1]:9100',
  ])('refuses loopback %s', (address) => {
    const error = refusal(() => checkPrinterAddress(address, STRICT_POLICY));
    expect(error.code).toBe('address-not-allowed');
    expect(error.message).toContain(JSON.stringify(address));
    expect(error.message).toMatch(/loopback/);
  });

  it.each([
    ['tcp://169.254.169.254:9100', /link-local/],
    ['tcp://[fe80::1]:9100', /link-local/],
    ['tcp://[::ffff:169.254.169.254]:9100', /link-local/],
    ['tcp://0.0.0.0:9100', /not a host address/],
    ['tcp://224.0.0.1:9100', /multicast/],
    ['tcp://255.255.255.255:9100', /multicast or reserved/],
    ['tcp://[::]:9100', /unspecified/],
  ])('refuses %s whatever the operator allows', (address, why) => {
    const error = refusal(() => checkPrinterAddress(address, { allowLoopback: true, extraPorts: [9100] }));
    expect(error.code).toBe('address-not-allowed');
    expect(error.message).toMatch(why);
  });

  it('allows printer ports on LAN hosts and names, and other ports only when the operator allows them', () => {
    for (const port of [9100, 9109, 515, 631]) {
      expect(checkPrinterAddress(`tcp://192.168.1.40:${port}`, STRICT_POLICY)).toEqual({ host: '192.168.1.40', port });
    }
    expect(checkPrinterAddress('kitchen-printer.lan', STRICT_POLICY)).toEqual({ host: 'kitchen-printer.lan', port: 9100 });
    expect(checkPrinterAddress('tcp://[fd00::7]:9100', STRICT_POLICY)).toEqual({ host: 'fd00::7', port: 9100 });
    for (const address of ['tcp://192.168.1.40:22', 'tcp://10.0.0.5:80', 'tcp://10.0.0.5:9110', 'tcp://printer.lan:6379']) {
      const error = refusal(() => checkPrinterAddress(address, STRICT_POLICY));
      expect(error.message).toMatch(/is not a printer port .*printing\.allowed_ports or --allow-port/);
    }
    expect(checkPrinterAddress('tcp://10.0.0.5:4000', { allowLoopback: false, extraPorts: [4000] })).toEqual({ host: '10.0.0.5', port: 4000 });
  });

  it('allows loopback only when the demo or a test asks for it', () => {
    expect(checkPrinterAddress('tcp://127.0.0.1:40123', LOOPBACK_OK)).toEqual({ host: '127.0.0.1', port: 40123 });
  });

  it('resolves a host name and refuses it when any answer is loopback or link-local, connecting to the checked IP', async () => {
    const answers: Record<string, string[]> = {
      'evil.example': ['10.0.0.9', '127.0.0.1'],
      'metadata.example': ['169.254.169.254'],
      'printer.example': ['192.168.7.20'],
    };
    const lookup = async (host: string) => (answers[host] ?? []).map((address) => ({ address }));
    await expect(resolvePrinterAddress('tcp://evil.example:9100', STRICT_POLICY, lookup)).rejects.toMatchObject({ code: 'address-not-allowed' });
    await expect(resolvePrinterAddress('tcp://metadata.example:9100', STRICT_POLICY, lookup)).rejects.toThrow(/link-local/);
    await expect(resolvePrinterAddress('tcp://nothing.example:9100', STRICT_POLICY, lookup)).rejects.toMatchObject({ code: 'unreachable' });
    await expect(resolvePrinterAddress('tcp://printer.example:9101', STRICT_POLICY, lookup)).resolves.toEqual({ host: '192.168.7.20', port: 9101 });
  });

  it('refuses to bind a loopback or off-port address and a file that is not a printer device, and changes nothing', async () => {
    const shop = await openPrintingShop({ bind: [], startQueue: false });
    open.push(shop);
    const id = shop.printer('Cashier').id;
    for (const address of ['tcp://127.0.0.1:9100', 'tcp://169.254.169.254:9100', 'tcp://10.0.0.2:22', '/etc/passwd', '/dev/sda', '/dev/usb/../sda']) {
      expect(() => bindPrinter(shop.db, id, { address })).toThrow(PrinterSendError);
    }
    expect(readPrinterBindings(shop.db).size).toBe(0);
    expect(bindPrinter(shop.db, id, { address: '/dev/usb/lp0' }).address).toBe('/dev/usb/lp0');
    expect(() => bindPrinter(shop.db, id, { address: 'tcp://10.0.0.2:4000' })).toThrow(/port 4000 is not a printer port/);
    // The operator allows a port in the settings.
    setSetting(shop.db, 'printing.allowed_ports', [4000]);
    expect(bindPrinter(shop.db, id, { address: 'tcp://10.0.0.2:4000' }).address).toBe('tcp://10.0.0.2:4000');
  });

  it('never prints to the address a service sends until it is bound here, and never to loopback without leave', async () => {
    const shop = await openPrintingShop({ bind: [], flags: { Cashier: ['PRINT_AUTO'] }, queue: { addressPolicy: STRICT_POLICY } });
    open.push(shop);
    const target = await startPrinterSink({ port: 0, outDir: shop.service.dir.file('ssrf-target') });
    sinks.push(target);
    // The service names a loopback "printer": a local service on this till, for all it knows.
    shop.service.emulator.tenant.printers.find((p) => p.name === 'Cashier')!.address = `tcp://127.0.0.1:${target.port}`;
    await shop.service.pull(shop.db);
    expect(shop.printer('Cashier')).toMatchObject({ address: null, suggestedAddress: `tcp://127.0.0.1:${target.port}`, bound: false });
    await shop.sell({ items: [{ categoryId: 1 }] });
    await shop.settle();
    expect(target.jobs).toHaveLength(0);

    // Even a binding written while loopback was allowed (the demo) is refused by a queue that does not allow it.
    bindPrinter(shop.db, shop.printer('Cashier').id, { address: shop.printer('Cashier').suggestedAddress }, LOOPBACK_OK);
    const order = await shop.sell({ items: [{ categoryId: 1 }] });
    await shop.settle();
    expect(target.jobs).toHaveLength(0);
    const [job] = readPrintJobs(shop.db, order.uuid);
    expect(job).toMatchObject({ state: 'failed' });
    expect(job!.last_error).toMatch(/is not allowed: it is this machine \(loopback\)/);
  });

  it('an unreadable printing.allowed_ports fails the job with a message naming the setting', async () => {
    const shop = await openPrintingShop({ bind: [], flags: { Cashier: ['PRINT_AUTO'] }, queue: { addressPolicy: STRICT_POLICY } });
    open.push(shop);
    bindPrinter(shop.db, shop.printer('Cashier').id, { address: 'tcp://192.0.2.10:9100' });
    // Written past the settings store (which refuses it), as a hand edit of the file would.
    shop.db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run('printing.allowed_ports', JSON.stringify(['22; rm -rf /']));
    const order = await shop.sell({ items: [{ categoryId: 1 }] });
    await shop.settle();
    const [job] = readPrintJobs(shop.db, order.uuid);
    expect(job).toMatchObject({ state: 'failed' });
    expect(job!.last_error).toMatch(/stored setting: printing\.allowed_ports must be a comma-separated list of TCP ports/);
  });
});
