import { writeFileSync } from 'node:fs';
import { openDatabase } from '../../db/index.ts';
import { chainSummary, documentOfOrder, readEgs } from '../../zatca/index.ts';
import { parseCommandArgs, requireOption, UsageError, type CliIo } from '../cli-io.ts';
import { zatcaOnboard } from './zatca-onboard.ts';

export { ZATCA_USAGE } from './zatca-usage.ts';

const DAY_MS = 86_400_000;

/**
 * `pos zatca --db FILE onboard|status|invoice ...`: onboarding the EGS unit
 * (zatca-onboard.ts), the unit and its invoice chain (counter, last hash,
 * what is not reported yet and since when), and the signed document of one
 * order exactly as it is stored.
 */
export async function zatcaCommand(argv: string[], io: CliIo, now: () => number = Date.now): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    'zatca',
    argv,
    {
      db: { type: 'string' },
      json: { type: 'boolean', default: false },
      order: { type: 'string' },
      xml: { type: 'string' },
      otp: { type: 'string' },
      env: { type: 'string' },
      url: { type: 'string' },
    },
    true,
  );
  const [sub, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError(`pos zatca: unexpected "${extra.join(' ')}"`);
  if (sub === 'onboard') {
    const db = requireOption('zatca', 'db', values.db);
    return zatcaOnboard({ db, otp: values.otp, env: values.env, url: values.url, json: values.json }, io, now);
  }
  const db = openDatabase(requireOption('zatca', 'db', values.db), { readOnly: true });
  try {
    if (sub === 'status') {
      const egs = readEgs(db);
      const summary = chainSummary(db);
      const at = now();
      const status = {
        onboarded: egs !== null,
        environment: egs?.environment ?? null,
        egs: egs?.common_name ?? null,
        csid_expires_at: egs?.certificate_expires_at ?? null,
        csid_days_left: egs ? Math.floor((egs.certificate_expires_at - at) / DAY_MS) : null,
        next_icv: egs?.next_icv ?? null,
        last_hash: egs?.last_hash ?? null,
        documents: summary.documents,
        unreported: summary.unreported,
        rejected: summary.rejected,
        oldest_unreported_age_hours: summary.oldestUnreportedAt === null ? null : Math.floor((at - summary.oldestUnreportedAt) / 3_600_000),
      };
      if (values.json) io.out(JSON.stringify(status));
      else if (!egs) io.out('ZATCA phase 2: not onboarded; receipts carry the phase-1 QR (tags 1–5). Set seller.* and onboard the EGS unit.');
      else
        io.out(
          [
            `EGS unit ${egs.common_name} (${egs.environment}), CSID expires ${new Date(egs.certificate_expires_at).toISOString().slice(0, 10)} (${status.csid_days_left} days)`,
            `next ICV ${egs.next_icv}, last hash ${egs.last_hash}`,
            `documents ${summary.documents}, unreported ${summary.unreported}${status.oldest_unreported_age_hours === null ? '' : ` (oldest ${status.oldest_unreported_age_hours} h)`}, rejected ${summary.rejected}`,
          ].join('\n'),
        );
      if (egs && status.csid_days_left !== null && status.csid_days_left < 30)
        io.err(`warning: the CSID expires in ${status.csid_days_left} days; renew it before then`);
      return 0;
    }
    if (sub === 'invoice') {
      const uuid = requireOption('zatca invoice', 'order', values.order);
      const doc = documentOfOrder(db, uuid);
      if (!doc) {
        io.err(`pos zatca: order ${uuid} has no ZATCA document (it was sold before onboarding, or this till has no such order)`);
        return 1;
      }
      if (values.xml) {
        writeFileSync(values.xml, doc.xml);
        io.out(`wrote ${doc.kind} ${doc.number} (ICV ${doc.icv}, hash ${doc.hash}) to ${values.xml}`);
      } else if (values.json) {
        io.out(
          JSON.stringify({
            icv: doc.icv,
            kind: doc.kind,
            number: doc.number,
            hash: doc.hash,
            pih: doc.pih,
            qr: doc.qr,
            report_state: doc.report_state,
            xml: doc.xml,
          }),
        );
      } else {
        io.out(doc.xml);
      }
      return 0;
    }
    throw new UsageError(sub ? `pos zatca: unknown subcommand "${sub}"` : 'pos zatca: name a subcommand');
  } finally {
    db.close();
  }
}
