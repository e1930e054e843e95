import type { CounterCustomerView, CustomerView } from '../../../src-shared/selling/index.ts';
import { TillError } from '../../../src-shared/errors/index.ts';
import { counterCustomers, counterCustomerView } from '../../catalog/index.ts';
import { openDatabase } from '../../db/index.ts';
import { TillService } from '../../host/index.ts';
import { parseCommandArgs, parseInteger, requireOption, UsageError, type CliIo } from '../cli-io.ts';

function describe(customer: CustomerView | CounterCustomerView): string {
  const upload =
    'upload' in customer
      ? `  [added here: ${customer.upload.state}${customer.upload.service_id ? `, service id ${customer.upload.service_id}` : ''}${customer.upload.state !== 'synced' && customer.upload.last_error ? ` (${customer.upload.last_error})` : ''}]`
      : '';
  return `${customer.name}  +${customer.phone_prefix} ${customer.phone}${customer.email ? `  ${customer.email}` : ''}  (${customer.id})${upload}`;
}

/**
 * `pos customers --db FILE [--json] [QUERY] | add NAME --phone PHONE [--email E]`
 * (issue 35): the customers the till knows (the replica's and those added
 * here), or a new one added through the till API as the Customers screen
 * does; it is uploaded once by the next `pos sync` or `pos serve`. Exit 0
 * done, 1 refused (a phone already known: that customer is named), 2 usage.
 */
export async function customersCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    'customers',
    argv,
    { db: { type: 'string' }, phone: { type: 'string' }, email: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean', default: false } },
    true,
  );
  const dbFile = requireOption('customers', 'db', values.db);
  const [action, ...args] = positionals;
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
