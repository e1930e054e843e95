import type { PrinterAddressPolicy } from '../printing/index.ts';
import { parseInteger } from './cli-io.ts';

/** The options every command that prints or binds printers takes (`--allow-loopback`, `--allow-port N`, repeatable). */
export const PRINTER_POLICY_OPTIONS = {
  'allow-loopback': { type: 'boolean', default: false },
  'allow-port': { type: 'string', multiple: true },
} as const;

export const PRINTER_POLICY_USAGE = '[--allow-loopback] [--allow-port N]...';

/** The operator's exceptions to the printer address policy, from the flags; a bad port is a usage error. */
export function printerPolicyFromArgs(command: string, values: { 'allow-loopback'?: boolean; 'allow-port'?: string[] }, demo = false): PrinterAddressPolicy {
  const extraPorts = (values['allow-port'] ?? []).map((text) => parseInteger(command, 'allow-port', text, 1, 65_535)!);
  return { allowLoopback: demo || values['allow-loopback'] === true, extraPorts };
}
