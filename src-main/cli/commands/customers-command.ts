import type { CounterCustomerView, CustomerView, EditedCustomerView } from '../../../src-shared/selling/index.ts';
import { TillError } from '../../../src-shared/errors/index.ts';
import { counterCustomers, counterCustomerView } from '../../catalog/index.ts';
import { openDatabase } from '../../db/index.ts';
import { TillService } from '../../host/index.ts';
import { parseCommandArgs, parseInteger, requireOption, UsageError, type CliIo } from '../cli-io.ts';

function describe(customer: CustomerView | CounterCustomerView | EditedCustomerView): string {
  let upload = '';
  if ('upload' in customer) {
    const { state, last_error } = customer.upload;
    const serviceId = 'service_id' in customer.upload ? customer.upload.service_id : null;
    const what = 'service_id' in customer.upload ? 'added here' : 'changed here';
    upload = `  [${what}: ${state}${serviceId ? `, service id ${serviceId}` : ''}${state !== 'synced' && last_error ? ` (${last_error})` : ''}]`;
  }
  return `${customer.name}  +${customer.phone_prefix} ${customer.phone}${customer.email ? `  ${customer.email}` : ''}  (${customer.id})${upload}`;
}

/**
 * `pos customers --db FILE [--json] [QUERY] | add NAME --phone PHONE [--email E]
 * | update ID [--name N] [--phone P] [--email E]` (issue 35): the customers the
 * till knows (the replica's and those added here), a new one added, or one
 * corrected, through the till API as the counter's customer forms do; each is
 * uploaded once by the next `pos sync` or `pos serve`. Exit 0 done, 1 refused
 * (a phone already known: that customer is named), 2 usage.
 */
export async function customersCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    'customers',
    argv,
    {
      db: { type: 'string' },
      name: { type: 'string' },
      phone: { type: 'string' },
      email: { type: 'string' },
      limit: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
    true,
  );
  const dbFile = requireOption('customers', 'db', values.db);
  const [action, ...args] = positionals;
  if (action === 'update') return updateCustomer(dbFile, args, values, io);
  if (values.name !== undefined) throw new UsageError('pos customers: --name goes with update');
  if (action === 'add') {
    if (args.length !== 1) throw new UsageError('pos customers: add takes one NAME (quote a name with spaces)');
    const phone = requireOption('customers', 'phone', values.phone);
    const db = openDatabase(dbFile);
    try {
      const till = new TillService({ db });
      try {
        const { customer } = await till.addCustomer({ name: args[0]!, phone, email: values.email ?? '', attach: false });
        if (values.json) io.out(JSON.stringify(customer));
        else {
          io.out(describe(customer));
          io.err(`Added ${customer.name}: kept on this till, uploaded once by the next \`pos sync\` (or by \`pos serve\`).`);
        }
        return 0;
      } catch (error) {
        if (values.json && error instanceof TillError) {
          io.out(JSON.stringify({ error: { code: error.code, message: error.message, reason: error.reason ?? null } }));
        }
        throw error;
      }
    } finally {
      db.close();
    }
  }
  if (values.phone !== undefined || values.email !== undefined) throw new UsageError('pos customers: --phone and --email go with add');
  const query = positionals.join(' ');
  const limit = parseInteger('customers', 'limit', values.limit, 1, 100) ?? 100;
  const db = openDatabase(dbFile, { readOnly: true });
  try {
    const local = new Map(counterCustomers(db).map((row) => [row.id, counterCustomerView(row)]));
    const found = await new TillService({ db }).customers({ query, limit });
    const shown = found.map((customer) => local.get(customer.id) ?? customer);
    if (values.json) io.out(JSON.stringify(shown));
    else if (shown.length === 0)
      io.err(
        query ? `No customer matches "${query}".` : 'No customers yet: sync the catalog, or add one with `pos customers --db FILE add NAME --phone +966...`.',
      );
    else io.out(shown.map(describe).join('\n'));
    return 0;
  } finally {
    db.close();
  }
}

/** `pos customers --db FILE update ID [--name N] [--phone P] [--email E] [--json]`: only the fields given change. */
async function updateCustomer(
  dbFile: string,
  args: string[],
  values: { name?: string | undefined; phone?: string | undefined; email?: string | undefined; json?: boolean | undefined },
  io: CliIo,
): Promise<number> {
  if (args.length !== 1) throw new UsageError('pos customers: update takes one customer ID (pos customers --db FILE QUERY shows it)');
  if (values.name === undefined && values.phone === undefined && values.email === undefined) {
    throw new UsageError('pos customers: update needs --name, --phone or --email');
  }
  const db = openDatabase(dbFile);
  try {
    const till = new TillService({ db });
    try {
      const { customer } = await till.updateCustomer({
        id: args[0]!,
        ...(values.name === undefined ? {} : { name: values.name }),
        ...(values.phone === undefined ? {} : { phone: values.phone }),
        ...(values.email === undefined ? {} : { email: values.email }),
      });
      if (values.json) io.out(JSON.stringify(customer));
      else {
        io.out(describe(customer));
        io.err(`Changed ${customer.name}: kept on this till, sent to the service once (Customers Update) by the next \`pos sync\` (or by \`pos serve\`).`);
      }
      return 0;
    } catch (error) {
      if (values.json && error instanceof TillError) {
        io.out(JSON.stringify({ error: { code: error.code, message: error.message, reason: error.reason ?? null } }));
      }
      throw error;
    }
  } finally {
    db.close();
  }
}
