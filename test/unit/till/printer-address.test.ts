import { describe, expect, it } from 'vitest';
import { normalizePrinterAddress } from '../../../src-shared/printing/index.ts';

describe('normalizePrinterAddress: what an owner types, as the till stores and shows it', () => {
  it('a bare IP gets the raw printing port', () => {
    expect(normalizePrinterAddress(' 192.168.1.50 ')).toEqual({ ok: true, address: 'tcp://192.168.1.50:9100' });
  });
  it('host:port and tcp:// without a port are completed', () => {
    expect(normalizePrinterAddress('192.168.1.50:9101')).toEqual({ ok: true, address: 'tcp://192.168.1.50:9101' });
    expect(normalizePrinterAddress('tcp://printer.local')).toEqual({ ok: true, address: 'tcp://printer.local:9100' });
    expect(normalizePrinterAddress('TCP://[fe80::1]:9100/')).toEqual({ ok: true, address: 'tcp://[fe80::1]:9100' });
  });
  it('a device path stays as typed', () => {
    expect(normalizePrinterAddress('/dev/usb/lp0')).toEqual({ ok: true, address: '/dev/usb/lp0' });
  });
  it('says what is wrong', () => {
    expect(normalizePrinterAddress('')).toEqual({ ok: false, problem: 'empty' });
    expect(normalizePrinterAddress('http://192.168.1.50')).toEqual({ ok: false, problem: 'scheme' });
    expect(normalizePrinterAddress('192.168.1.50:99999')).toEqual({ ok: false, problem: 'port' });
    expect(normalizePrinterAddress('192.168.1.50:')).toEqual({ ok: false, problem: 'port' });
    expect(normalizePrinterAddress('my printer')).toEqual({ ok: false, problem: 'host' });
  });
});
