import { ServiceError } from '../upstream/index.ts';
import { WireValidationError } from '../../src-shared/wire/index.ts';
import { TillError } from '../../src-shared/errors/index.ts';
import { processIo, UsageError, type CliIo } from './cli-io.ts';
import { catalogCommand } from './commands/catalog-command.ts';
import { demoCommand } from './commands/demo-command.ts';
import { ordersCommand, outboxCommand } from './commands/orders-command.ts';
import { simulateCommand } from './commands/simulate-command.ts';
import { searchCommand } from './commands/search-command.ts';
import { SYNC_USAGE, syncCommand } from './commands/sync-command.ts';
import { SHIFT_USAGE, shiftCommand } from './commands/shift-command.ts';
import { CASHIERS_USAGE, cashiersCommand } from './commands/cashiers-command.ts';
import { STATIONS_USAGE, stationsCommand } from './commands/stations-command.ts';
import { TABLES_USAGE, tablesCommand } from './commands/tables-command.ts';
import { SETTINGS_USAGE, settingsCommand } from './commands/settings-command.ts';
import { DOCTOR_USAGE, doctorCommand } from './commands/doctor-command.ts';
import { ZATCA_USAGE } from './commands/zatca-usage.ts';
import { EMULATOR_COMMAND_LINE } from '../../emulator/usage.ts';

type Command = (argv: string[], io: CliIo) => Promise<number>;

const COMMANDS: Record<string, { run: Command; usage: string }> = {
  demo: { run: demoCommand, usage: 'pos demo [--db FILE] [--port N] [--concurrency N]        run the built-in demo: emulator + a pull into a local replica' },
  emulator: {
    run: async (argv) => (await import('../../emulator/index.ts')).runEmulatorCli(argv),
    usage: EMULATOR_COMMAND_LINE,
  },
  sync: { run: syncCommand, usage: SYNC_USAGE },
  // Loaded on demand: the host pulls in the HTTP server, the emulator and the printer sinks.
  serve: {
    run: async (argv, io) => (await import('./commands/serve-command.ts')).serveCommand(argv, io),
    usage:
      'pos serve [--db FILE] [--port N] [--host ADDR] [--origin URL]... [--behind-proxy] [--demo] [--demo-products N] [--demo-control] [--allow-loopback] [--allow-port N]... [--zatca-url URL] [--dev]',
  },
  print: {
    run: async (argv, io) => (await import('./commands/print-command.ts')).printCommand(argv, io),
    usage: 'pos print --db FILE --order UUID --to tcp://HOST:PORT [--kind receipt|kitchen] [--settings FLAG,FLAG,...] [--width 58|80] [--png OUT]',
  },
  'printer-sink': {
    run: async (argv) => (await import('../printing/index.ts')).runPrinterSinkCli(argv),
    usage: 'pos printer-sink --port N --out DIR        a virtual network printer saving each job as bytes, text and PNGs',
  },
  printers: {
    run: async (argv, io) => (await import('./commands/printers-command.ts')).printersCommand(argv, io),
    usage: 'pos printers --db FILE [--json] | bind PRINTER_ID ADDRESS [--width 58|80] | unbind PRINTER_ID | test PRINTER_ID',
  },
  kitchens: {
    run: async (argv, io) => (await import('./commands/kitchens-command.ts')).kitchensCommand(argv, io),
    usage: 'pos kitchens --db FILE [--json] | route CATEGORY_ID PRINTER_ID|none | reset [PRINTER_ID]',
  },
  catalog: { run: catalogCommand, usage: 'pos catalog --db FILE [--json]' },
  search: { run: searchCommand, usage: 'pos search --db FILE QUERY [--json] [--limit N]' },
  simulate: { run: simulateCommand, usage: 'pos simulate --db FILE --orders N [--seed S] [--json]' },
  orders: { run: ordersCommand, usage: 'pos orders --db FILE [--json]' },
  outbox: { run: outboxCommand, usage: 'pos outbox --db FILE [--json]' },
  shift: { run: shiftCommand, usage: SHIFT_USAGE },
  cashiers: { run: cashiersCommand, usage: CASHIERS_USAGE },
  stations: { run: stationsCommand, usage: STATIONS_USAGE },
  tables: { run: tablesCommand, usage: TABLES_USAGE },
  settings: { run: settingsCommand, usage: SETTINGS_USAGE },
  doctor: { run: doctorCommand, usage: DOCTOR_USAGE },
  // Loaded on demand: the XML and X.509 libraries are for the ZATCA command only.
  zatca: { run: async (argv, io) => (await import('./commands/zatca-command.ts')).zatcaCommand(argv, io), usage: ZATCA_USAGE },
};

function usage(): string {
  return ['usage:', ...Object.values(COMMANDS).map((c) => `  ${c.usage}`)].join('\n');
}

/** Runs one `pos` command; returns the exit code. Errors become one clear line on stderr. */
export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(usage());
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`pos: unknown command "${name}"\n${usage()}`);
    return 2;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\nusage: ${command.usage}`);
      return 2;
    }
    if (error instanceof ServiceError || error instanceof WireValidationError || error instanceof TillError) {
      io.err(`pos ${name}: ${error.message}`);
      return 1;
    }
    // Anything else is still one line for the person, never a stack trace; set POS_DEBUG=1 for the trace.
    io.err(`pos ${name}: ${error instanceof Error ? error.message : String(error)}`);
    if (io.env.POS_DEBUG) io.err(String((error as Error).stack));
    return 1;
  }
}
