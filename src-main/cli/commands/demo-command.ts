import { resolve } from 'node:path';
import { openDatabase } from '../../db/index.ts';
import { searchProducts } from '../../catalog/index.ts';
import { pullCatalog } from '../../sync/index.ts';
import { ServiceClient } from '../../upstream/index.ts';
import { parseCommandArgs, parseInteger, type CliIo } from '../cli-io.ts';
import { parseConcurrencyFlag } from '../concurrency-flag.ts';
import { pullProgressPrinter } from '../progress-line.ts';
import { onboardDemoTill } from '../demo-zatca.ts';

/**
 * `pos demo`: the built-in demo tenant served by the emulator in this
 * process, pulled into a local replica, its EGS unit onboarded against the
 * ZATCA stand-in (so checkouts are signed, phase 2), then left running so
 * that `pos sync`, `pos catalog`, `pos search` and `pos zatca` can be tried
 * against it.
 */
export async function demoCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs('demo', argv, {
    db: { type: 'string' },
    port: { type: 'string' },
    concurrency: { type: 'string' },
    'no-wait': { type: 'boolean', default: false },
  });
  const concurrency = parseConcurrencyFlag('demo', values.concurrency);
  const dbFile = resolve(values.db ?? 'till-demo.db');
  const { startEmulator, startZatcaStandIn } = await import('../../../emulator/index.ts');
  const emulator = await startEmulator({ port: parseInteger('demo', 'port', values.port, 0, 65_535) ?? 0 });
  const zatca = await startZatcaStandIn();
  try {
    io.err(`Demo service running at ${emulator.baseUrl}`);
    io.err(`ZATCA stand-in running at ${zatca.url} (OTP ${zatca.otp})`);
    const db = openDatabase(dbFile);
    try {
      const client = new ServiceClient({ baseUrl: emulator.baseUrl, token: emulator.token });
      const summary = await pullCatalog({ client, db, ...(concurrency !== undefined ? { concurrency } : {}), onProgress: pullProgressPrinter(io) });
      io.out(
        `Replica ${dbFile}: ${summary.counts.products} products in ${summary.counts.categories} categories, ${summary.counts.payment_methods} payment methods, ${summary.counts.printers} printers.`,
      );
      for (const query of ['lat', 'قهو']) {
        const hits = searchProducts(db, query, 3).map((hit) => `${hit.name_en} / ${hit.name_ar}`);
        io.out(`Search "${query}": ${hits.join('; ') || 'nothing'}`);
      }
      const egs = await onboardDemoTill(db, zatca, Date.now);
      io.out(`ZATCA: EGS unit ${egs.common_name} onboarded (${egs.environment}); checkouts are signed from ICV ${egs.next_icv}.`);
    } finally {
      db.close();
    }
    if (values['no-wait']) return 0;
    io.out(`Try: npx pos search --db ${dbFile} latte`);
    io.out(`     npx pos sync --db ${dbFile} --base-url ${emulator.baseUrl} --token ${emulator.token}`);
    io.out(`     npx pos zatca --db ${dbFile} status`);
    io.out('Press Ctrl+C to stop the demo service.');
    await new Promise<void>((done) => {
      process.once('SIGINT', done);
      process.once('SIGTERM', done);
    });
    return 0;
  } finally {
    await Promise.all([emulator.close(), zatca.close()]);
  }
}
