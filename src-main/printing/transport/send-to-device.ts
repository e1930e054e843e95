// A USB printer the kernel exposes as a character device (Linux usblp:
// /dev/usb/lp0). The bytes are written to the device file; nothing is
// created or truncated, and a path that is not a character device is refused.

import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { PrinterSendError } from './send-to-printer.ts';

/** The device files a printer binding may name: usblp, parallel, USB serial adapters. */
const DEVICE_PATH = /^\/dev\/(?:usb\/lp\d{1,3}|lp\d{1,3}|ttyUSB\d{1,3}|ttyACM\d{1,3})$/;

export function isPrinterDevicePath(address: string): boolean {
  return address.startsWith('/');
}

/** Throws unless `path` names a printer device file. */
export function checkPrinterDevicePath(path: string): string {
  if (!DEVICE_PATH.test(path)) {
    throw new PrinterSendError(
      'invalid-address',
      path,
      `printer device ${JSON.stringify(path)} is not a printer device file: use /dev/usb/lpN, /dev/lpN, /dev/ttyUSBN or /dev/ttyACMN`,
    );
  }
  return path;
}

export async function sendToDevice(path: string, bytes: Uint8Array, options: { timeoutMs?: number } = {}): Promise<void> {
  checkPrinterDevicePath(path);
  const timeoutMs = options.timeoutMs ?? 10_000;
  let handle;
  try {
    // No O_CREAT: a missing device is an error, never a new file.
    handle = await open(path, constants.O_WRONLY | constants.O_NOCTTY);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new PrinterSendError(
      'unreachable',
      path,
      `printer device ${path} could not be opened (${code}); is the printer plugged in and may this user write to it?`,
      { cause: error },
    );
  }
  let timer: NodeJS.Timeout | undefined;
  try {
    if (!(await handle.stat()).isCharacterDevice()) throw new PrinterSendError('invalid-address', path, `${path} is not a character device, so not a printer`);
    const write = handle.write(bytes).then(() => undefined);
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new PrinterSendError('write-timeout', path, `printer device ${path} took no data for ${timeoutMs} ms (out of paper or offline?)`)),
        timeoutMs,
      );
    });
    await Promise.race([write, timeout]);
  } catch (error) {
    if (error instanceof PrinterSendError) throw error;
    throw new PrinterSendError(
      'connection-lost',
      path,
      `printer device ${path} failed while taking the job (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
      { cause: error },
    );
  } finally {
    clearTimeout(timer);
    await handle.close().catch(() => {});
  }
}
