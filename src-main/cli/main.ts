import { TillError } from '../../src-shared/errors/index.ts';
import { processIo, UsageError, type CliIo } from './cli-io.ts';
import { ZATCA_USAGE } from './commands/zatca-usage.ts';
import { EMULATOR_COMMAND_LINE } from '../../emulator/usage.ts';

type Command = (argv: string[], io: CliIo) => Promise<number>;

/**
 * Every command is loaded on demand: a start reads only the chosen command's
 * code (`pos outbox` never loads ZATCA's XML or the printing stack), and the
 * CLI build (scripts/build-cli.mjs) makes each its own chunk. The usage lines
 * live here so `pos --help` loads no command at all.
 */
const COMMANDS: Record<string, { load: () => Promise<Command>; usage: string }> = {
  demo: {
    load: async () => (await import('./commands/demo-command.ts')).demoCommand,
    usage: 'pos demo [--db FILE] [--port N] [--concurrency N]        run the built-in demo: emulator + a pull into a local replica',
  },
  emulator: {
    // Its own io: given only the arguments, as the printer sink below.
    load: async () => {
      const { runEmulatorCli } = await import('../../emulator/index.ts');
      return (argv) => runEmulatorCli(argv);
    },
    usage: EMULATOR_COMMAND_LINE,
  },
  sync: {
    load: async () => (await import('./commands/sync-command.ts')).syncCommand,
    usage: 'pos sync --db FILE --base-url URL --token TOKEN [--market-id ID] [--branch-id ID] [--api-version X.Y.Z] [--per-page N] [--concurrency N] [--json]',
  },
  serve: {
    load: async () => (await import('./commands/serve-command.ts')).serveCommand,
    usage:
      'pos serve [--db FILE] [--port N] [--host ADDR] [--origin URL]... [--behind-proxy] [--demo] [--demo-products N] [--demo-control] [--allow-loopback] [--allow-port N]... [--zatca-url URL] [--dev] [--standby-of http://HUB:PORT [--code NNNNNN]]',
  },
  standby: {
    load: async () => (await import('./commands/standby-command.ts')).standbyCommand,
    usage: 'pos standby --db FILE status [--json] | promote',
  },
  print: {
    load: async () => (await import('./commands/print-command.ts')).printCommand,
    usage: 'pos print --db FILE --order UUID --to tcp://HOST:PORT [--kind receipt|kitchen] [--settings FLAG,FLAG,...] [--width 58|80] [--png OUT]',
  },
  'printer-sink': {
    load: async () => {
      const { runPrinterSinkCli } = await import('../printing/index.ts');
      return (argv) => runPrinterSinkCli(argv);
    },
    usage: 'pos printer-sink --port N --out DIR        a virtual network printer saving each job as bytes, text and PNGs',
  },
  printers: {
    load: async () => (await import('./commands/printers-command.ts')).printersCommand,
    usage: 'pos printers --db FILE [--json] | bind PRINTER_ID ADDRESS [--width 58|80] | unbind PRINTER_ID | test PRINTER_ID',
  },
  kitchens: {
    load: async () => (await import('./commands/kitchens-command.ts')).kitchensCommand,
    usage: 'pos kitchens --db FILE [--json] | route CATEGORY_ID PRINTER_ID|none | reset [PRINTER_ID]',
  },
  catalog: { load: async () => (await import('./commands/catalog-command.ts')).catalogCommand, usage: 'pos catalog --db FILE [--json]' },
  search: { load: async () => (await import('./commands/search-command.ts')).searchCommand, usage: 'pos search --db FILE QUERY [--json] [--limit N]' },
  simulate: {
    load: async () => (await import('./commands/simulate-command.ts')).simulateCommand,
    usage: 'pos simulate --db FILE --orders N [--seed S] [--json]',
  },
  orders: { load: async () => (await import('./commands/orders-command.ts')).ordersCommand, usage: 'pos orders --db FILE [--json]' },
  outbox: { load: async () => (await import('./commands/orders-command.ts')).outboxCommand, usage: 'pos outbox --db FILE [--json]' },
  shift: {
    load: async () => (await import('./commands/shift-command.ts')).shiftCommand,
    usage: [
      'pos shift --db FILE open --cashier NAME --float AMOUNT',
      '  pos shift --db FILE cash-in AMOUNT --reason TEXT      (and cash-out)',
      '  pos shift --db FILE report [--json]                   X report of the open shift',
      '  pos shift --db FILE close --counted AMOUNT [--json]   Z report',
      '  pos shift --db FILE day [--date YYYY-MM-DD] [--json]  the business day across shifts',
    ].join('\n'),
  },
  cashiers: {
    load: async () => (await import('./commands/cashiers-command.ts')).cashiersCommand,
    usage: [
      'pos cashiers --db FILE [list] [--json]',
      '  pos cashiers --db FILE add NAME --role cashier|manager --pin PIN',
      '  pos cashiers --db FILE disable NAME | enable NAME | reset-pin NAME --pin PIN',
      '  pos cashiers --db FILE release NAME_OR_ID',
    ].join('\n'),
  },
  stations: {
    load: async () => (await import('./commands/stations-command.ts')).stationsCommand,
    usage: [
      'pos stations --db FILE [list] [--json]',
      '  pos stations --db FILE add NAME --code C [--kind counter|kitchen_display|customer_display] [--receipt-printer ID] [--drawer-printer ID] [--shows COUNTER]',
      '  pos stations --db FILE rename CODE NAME | remove CODE | shows DISPLAY COUNTER|none',
    ].join('\n'),
  },
  customers: {
    load: async () => (await import('./commands/customers-command.ts')).customersCommand,
    usage: 'pos customers --db FILE [QUERY] [--limit N] [--json] | add NAME --phone +PREFIX_NUMBER [--email E] [--json]',
  },
  discounts: {
    load: async () => (await import('./commands/discounts-command.ts')).discountsCommand,
    usage: 'pos discounts --db FILE [--json]',
  },
  sell: {
    load: async () => (await import('./commands/sell-command.ts')).sellCommand,
    usage:
      'pos sell --db FILE --item PRODUCT_ID[xQTY][+MODIFIER_ID...]... [--order-type TAKEAWAY|DINE_IN|DELIVERY] [--discount ID]... [--coupon CODE] [--reward CODE] [--customer PHONE] --pay METHOD_KEY[:AMOUNT]... [--cashier NAME] [--base-url URL --token TOKEN] [--json]',
  },
  products: {
    load: async () => (await import('./commands/products-command.ts')).productsCommand,
    usage: 'pos products --db FILE [list] [--json] | sold-out ID | back ID        what is sold out today (a product or an option)',
  },
  tables: {
    load: async () => (await import('./commands/tables-command.ts')).tablesCommand,
    usage: 'pos tables --db FILE [--json] | add NAME [--area A] [--seats N] | remove ID',
  },
  settings: {
    load: async () => (await import('./commands/settings-command.ts')).settingsCommand,
    usage: 'pos settings --db FILE [--json] | pos settings --db FILE set KEY VALUE | pos settings --db FILE unset KEY',
  },
  doctor: {
    load: async () => (await import('./commands/doctor-command.ts')).doctorCommand,
    usage: 'pos doctor [--db FILE] --base-url URL --token TOKEN [--api-version V] [--market-id ID] [--branch-id ID] [--per-page N] [--includes LIST] [--json]',
  },
  zatca: { load: async () => (await import('./commands/zatca-command.ts')).zatcaCommand, usage: ZATCA_USAGE },
};

function usage(): string {
  return ['usage:', ...Object.values(COMMANDS).map((c) => `  ${c.usage}`)].join('\n');
}

/**
 * Whether the service (or its answer) failed. Loaded only once something has
 * failed: these classes live beside the service client and every wire schema,
 * which a command that never talks to the service must not pay for at start.
 */
async function isServiceAnswerError(error: unknown): Promise<boolean> {
  const [{ ServiceError }, { WireValidationError }] = await Promise.all([import('../upstream/index.ts'), import('../../src-shared/wire/index.ts')]);
  return error instanceof ServiceError || error instanceof WireValidationError;
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
    const run = await command.load();
    return await run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\nusage: ${command.usage}`);
      return 2;
    }
    if (error instanceof TillError || (await isServiceAnswerError(error))) {
      io.err(`pos ${name}: ${(error as Error).message}`);
      return 1;
    }
    // Anything else is still one line for the person, never a stack trace; set POS_DEBUG=1 for the trace.
    io.err(`pos ${name}: ${error instanceof Error ? error.message : String(error)}`);
    if (io.env.POS_DEBUG) io.err(String((error as Error).stack));
    return 1;
  }
}
