import { writeFileSync } from 'node:fs';
import { openDatabase } from '../../db/index.ts';
import {
  chainSummary,
  describeSetAside,
  setAsideStatus,
  clearanceCounts,
  coversStandard,
  documentOfOrder,
  headOfQueue,
  parseMessages,
  readEgs,
  allUnits,
  rejectedDocuments,
  rejectionAdvice,
  summarizeZatcaMessages,
} from '../../zatca/index.ts';
import { parseCommandArgs, requireOption, UsageError, type CliIo } from '../cli-io.ts';
import { zatcaOnboard } from './zatca-onboard.ts';
import { zatcaReport } from './zatca-report.ts';

export { ZATCA_USAGE } from './zatca-usage.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * `pos zatca --db FILE onboard|status|invoice|report ...`: onboarding the
 * EGS unit (zatca-onboard.ts), the unit and its invoice chain (counter,
 * last hash, what is not reported yet and since when, what ZATCA
 * rejected), the signed document of one order exactly as it is stored, and
 * reporting now.
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
  if (sub === 'report') return zatcaReport(requireOption('zatca', 'db', values.db), values.json, io, now);
  const db = openDatabase(requireOption('zatca', 'db', values.db), { readOnly: true });
  try {
    if (sub === 'status') {
      const egs = readEgs(db);
      const summary = chainSummary(db);
      const at = now();
      const head = summary.unreported > 0 ? headOfQueue(db) : null;
      const rejected = rejectedDocuments(db).map((doc) => ({
        icv: doc.icv,
        kind: doc.kind,
        number: doc.number,
        order_uuid: doc.order_uuid,
        errors: doc.messages?.errors ?? [],
        warnings: doc.messages?.warnings ?? [],
        reason: doc.last_error,
        advice: rejectionAdvice(doc),
      }));
      const oldestHours = summary.oldestUnreportedAt === null ? null : Math.floor((at - summary.oldestUnreportedAt) / HOUR_MS);
      const clearance = clearanceCounts(db);
      const status = {
        onboarded: egs !== null,
        environment: egs?.environment ?? null,
        egs: egs?.common_name ?? null,
        csid_expires_at: egs?.certificate_expires_at ?? null,
        csid_days_left: egs ? Math.floor((egs.certificate_expires_at - at) / DAY_MS) : null,
        /** What the CSID covers: 1100 standard (B2B) and simplified; 0100 simplified only (onboard again for B2B). */
        invoice_types: egs?.invoice_types ?? null,
        next_icv: egs?.next_icv ?? null,
        last_hash: egs?.last_hash ?? null,
        documents: summary.documents,
        unreported: summary.unreported,
        rejected: summary.rejected,
        /** Standard (B2B) invoices ZATCA has not answered for yet, and those it refused (kept in the chain, never handed over). */
        uncleared: clearance.clearing,
        not_cleared: clearance.notCleared,
        oldest_unreported_at: summary.oldestUnreportedAt,
        oldest_unreported_age_hours: oldestHours,
        /** Why the oldest unreported document is still waiting (its last try), or null. */
        pending_reason: head?.last_error ?? null,
        rejected_documents: rejected,
        /** Every EGS unit of the branch (a hub and its standby are one each), with its own chain; this_machine marks this till's. */
        units: allUnits(db).map((u) => ({ unit: u.unit, environment: u.environment, next_icv: u.next_icv, this_machine: u.unit === egs?.unit })),
        /** Old copies of this file a rejoin set aside, each with how many documents only it holds still wait to be reported. */
        set_aside: setAsideStatus(db.name, db),
      };
      if (values.json) io.out(JSON.stringify(status));
      else if (!egs)
        io.out(
          status.units.length > 0
            ? `ZATCA phase 2: this till is not onboarded as an EGS unit of its own (the branch has ${status.units.map((u) => u.unit).join(', ')}); its sales carry the phase-1 QR until it is onboarded, and it never signs with another unit's key.`
            : 'ZATCA phase 2: not onboarded; receipts carry the phase-1 QR (tags 1–5). Set seller.* and onboard the EGS unit.',
        );
      else {
        const lines = [
          `EGS unit ${egs.common_name} (${egs.environment}), CSID expires ${new Date(egs.certificate_expires_at).toISOString().slice(0, 10)} (${status.csid_days_left} days)`,
          `next ICV ${egs.next_icv}, last hash ${egs.last_hash}`,
          `documents ${summary.documents}, unreported ${summary.unreported}${oldestHours === null ? '' : ` (oldest ${oldestHours} h; ZATCA's limit is 24 h)`}, rejected ${summary.rejected}`,
        ];
        if (!coversStandard(egs.invoice_types))
          lines.push(`invoice types ${egs.invoice_types}: simplified only; onboard the unit again to issue standard (B2B) tax invoices`);
        if (clearance.clearing + clearance.notCleared > 0)
          lines.push(
            `standard (B2B) invoices: ${clearance.clearing} not answered by ZATCA yet, ${clearance.notCleared} refused (each sale takes a simplified invoice from its receipt dialog)`,
          );
        for (const other of status.units.filter((u) => !u.this_machine))
          lines.push(`another EGS unit of the branch: ${other.unit}, next ICV ${other.next_icv}`);
        if (head?.last_error) lines.push(`  waiting: ${head.egs_unit} ICV ${head.icv} ${head.number}: ${head.last_error}`);
        for (const doc of rejected) {
          lines.push(
            `rejected: ICV ${doc.icv} ${doc.kind} ${doc.number}: ${doc.errors.length ? summarizeZatcaMessages({ info: [], warnings: [], errors: doc.errors }) : (doc.reason ?? '')}`,
          );
          lines.push(`  ${doc.advice.en}`, `  ${doc.advice.ar}`);
        }
        io.out(lines.join('\n'));
      }
      const setAsideLines = describeSetAside(status.set_aside, at);
      if (!values.json && setAsideLines.length > 0) io.out(setAsideLines.join('\n'));
      if (egs && status.csid_days_left !== null && status.csid_days_left < 30)
        io.err(`warning: the CSID expires in ${status.csid_days_left} days; renew it before then`);
      // As the status bar does: a warning from 12 hours, an alarm from 20 (ZATCA's limit is 24).
      if (oldestHours !== null && oldestHours >= 20)
        io.err(`ALARM: a document has waited ${oldestHours} h to be reported and ZATCA's limit is 24 h; connect the till and run pos zatca report now`);
      else if (oldestHours !== null && oldestHours >= 12)
        io.err(`warning: a document has waited ${oldestHours} h to be reported (ZATCA's limit is 24 h); check the connection and run pos zatca report`);
      return 0;
    }
    if (sub === 'invoice') {
      const uuid = requireOption('zatca invoice', 'order', values.order);
      const doc = documentOfOrder(db, uuid);
      if (!doc) {
        io.err(`pos zatca: order ${uuid} has no ZATCA document (it was sold before onboarding, or this till has no such order)`);
        return 1;
      }
      // A standard (B2B) invoice ZATCA cleared: ZATCA's cleared document (with its QR) is the invoice.
      const xml = doc.cleared_xml ?? doc.xml;
      if (values.xml) {
        writeFileSync(values.xml, xml);
        io.out(`wrote ${doc.kind} ${doc.number} (ICV ${doc.icv}, hash ${doc.hash}) to ${values.xml}`);
        io.out(reportLine(doc));
      } else if (values.json) {
        io.out(
          JSON.stringify({
            icv: doc.icv,
            kind: doc.kind,
            profile: doc.profile,
            number: doc.number,
            hash: doc.hash,
            pih: doc.pih,
            qr: doc.qr,
            report_state: doc.report_state,
            zatca_status: doc.zatca_status,
            reported_at: doc.reported_at,
            attempts: doc.attempts,
            last_error: doc.last_error,
            messages: parseMessages(doc.messages),
            advice: doc.report_state === 'rejected' ? rejectionAdvice(doc) : null,
            xml,
            ...(doc.cleared_xml ? { signed_xml: doc.xml } : {}),
          }),
        );
      } else {
        io.out(xml);
      }
      return 0;
    }
    throw new UsageError(sub ? `pos zatca: unknown subcommand "${sub}"` : 'pos zatca: name a subcommand');
  } finally {
    db.close();
  }
}

/** Where one document stands with ZATCA, with ZATCA's messages and, when rejected, what to issue next. */
function reportLine(doc: NonNullable<ReturnType<typeof documentOfOrder>>): string {
  const messages = parseMessages(doc.messages);
  const words = messages ? summarizeZatcaMessages(messages) : '';
  if (doc.report_state === 'reported') return `reported to ZATCA (${doc.zatca_status ?? 'REPORTED'})${words ? `: ${words}` : ''}`;
  if (doc.report_state === 'pending') return `not reported yet${doc.last_error ? `: ${doc.last_error}` : ''}`;
  if (doc.report_state === 'cleared') return `cleared by ZATCA (${doc.zatca_status ?? 'CLEARED'})${words ? `: ${words}` : ''}`;
  if (doc.report_state === 'clearing') return `not cleared yet: ZATCA has not answered${doc.last_error ? ` (${doc.last_error})` : ''}`;
  if (doc.report_state === 'not_cleared')
    return `NOT CLEARED by ZATCA: ${words || doc.last_error || ''}; it keeps its ICV and is never handed over (a simplified invoice is issued for the sale instead)`;
  const advice = rejectionAdvice(doc);
  return [`REJECTED by ZATCA: ${words || doc.last_error || ''}`, advice.en, advice.ar].join('\n');
}
