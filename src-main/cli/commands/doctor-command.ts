import { NEWEST_API_VERSION, parseApiVersion } from '../../../src-shared/api-version.ts';
import { runDoctor, type DoctorReport, type MemberReport } from '../../doctor/index.ts';
import { ServiceClient } from '../../upstream/index.ts';
import { SETTING_KEYS } from '../../../src-shared/settings/index.ts';
import { parseCommandArgs, parseInteger, requireOption, UsageError, type CliIo } from '../cli-io.ts';
import { TillError } from '../../../src-shared/errors/index.ts';
import { openDatabase, type TillDatabase } from '../../db/index.ts';
import { describeSetAside, setAsideStatus } from '../../zatca/index.ts';
import { describeSetAsideOrders, setAsideOrderStatus } from '../../orders/index.ts';
import { describeStatus, pairReport } from './standby-command.ts';
import { fileSecretIsSet } from '../../secrets/index.ts';
import { outboxCounts } from '../../orders/index.ts';

function members(report: MemberReport | null): string {
  if (!report) return '';
  const list = (names: string[]) => (names.length > 0 ? names.join(', ') : '-');
  return `\n      understood: ${list(report.understood)}\n      defaulted:  ${list(report.defaulted)}\n      ignored:    ${list(report.ignored)}`;
}

function human(report: DoctorReport, io: CliIo): void {
  io.out(`Service ${report.base_url}, API ${report.api_version ?? 'none accepted'} (asked ${report.api_version_asked})`);
  if (report.version_note) io.out(`  ! ${report.version_note}`);
  io.out(`  /me: ${report.me.status ?? 'no answer'}: ${report.me.note}${members(report.me.members)}`);
  io.out(`  market ${report.market_id ?? '(none)'}, branch ${report.branch_id ?? '(none)'}`);
  for (const list of report.lists) {
    for (const adjusted of list.adjusted) io.out(`  ${list.list}: ${adjusted}`);
    const state = list.error !== null ? `FAILED: ${list.error}` : `${list.records} records${list.quarantined > 0 ? `, ${list.quarantined} left out` : ''}`;
    io.out(`  ${list.list} (${list.path}, ${list.required ? 'required' : 'optional'}): ${list.status ?? 'no answer'}: ${state}${members(list.members)}`);
  }
  if (report.pricing.note) io.out(`  prices: ${report.pricing.note}`);
  for (const warning of report.warnings) io.out(`  warning: ${warning}`);
  if (report.ready) io.out('Verdict: READY: a till can pull this catalog and sell.');
  else {
    io.out('Verdict: NOT READY:');
    for (const blocker of report.blockers) io.out(`  - ${blocker}`);
  }
}

/**
 * `pos doctor`: reads `/me` and the first page of every list the till uses,
 * and writes nothing. Exit 0 only when a till could pull and sell against
 * this service; 1 with the blockers otherwise; 2 for a wrong call.
 */
export async function doctorCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs('doctor', argv, {
    'base-url': { type: 'string' },
    token: { type: 'string' },
    'api-version': { type: 'string' },
    'market-id': { type: 'string' },
    'branch-id': { type: 'string' },
    'per-page': { type: 'string' },
    includes: { type: 'string' },
    json: { type: 'boolean', default: false },
    db: { type: 'string' },
  });
  // --db: this till's place in a hub and standby pair (issue 36), before (or, without a service, instead of) the service check.
  if (values.db !== undefined) {
    const db = openDatabase(values.db, { readOnly: true });
    try {
      const pair = pairReport(db);
      // The token is not in the database (nor replicated): a standby that took over uploads nothing until it is signed in.
      const waiting = uploadsWaitingForSignIn(db, fileSecretIsSet(values.db, 'token'));
      const signIn =
        waiting === null
          ? null
          : pair.role === 'standby'
            ? 'Uploads: this file has no service token: after a takeover, orders wait until a manager signs this till in (the manager screen’s Sign in)'
            : waiting > 0
              ? `Uploads: ${waiting} waiting for a sign-in: this file has no service token (a manager signs this till in on its manager screen)`
              : null;
      // The ZATCA documents an old copy of this file (set aside by a rejoin) still has to report (docs/zatca.md).
      const setAside = setAsideStatus(values.db, db);
      // And the orders it sold alone that it still has to upload (docs/standby.md).
      const setAsideOrders = setAsideOrderStatus(values.db, db);
      if (values.json && !values.token && !io.env.POS_TOKEN)
        io.out(JSON.stringify({ standby: pair, uploads_wait_for_sign_in: waiting, zatca_set_aside: setAside, orders_set_aside: setAsideOrders }));
      else if (!values.json)
        io.out(
          `Hub and standby (${values.db}):\n  ${[describeStatus(pair), ...(signIn ? [signIn] : []), ...describeSetAside(setAside, Date.now()), ...describeSetAsideOrders(setAsideOrders)].join('\n').split('\n').join('\n  ')}`,
        );
    } finally {
      db.close();
    }
    if (!values.token && !io.env.POS_TOKEN && values['base-url'] === undefined) return 0;
  }
  const perPage = parseInteger('doctor', 'per-page', values['per-page'], 1, 10_000);
  // The same words as the setting sync.includes: "modifiers,prices", or "none".
  let productIncludes: string[] | undefined;
  if (values.includes !== undefined) {
    const kind = SETTING_KEYS['sync.includes'].kind;
    const parsed = kind.schema.safeParse(kind.fromText(values.includes));
    if (!parsed.success) throw new UsageError(`pos doctor: --includes must be ${kind.expects}`);
    productIncludes = parsed.data;
  }
  const token = values.token ?? io.env.POS_TOKEN;
  if (!token) throw new UsageError('pos doctor: --token is required (or set POS_TOKEN)');
  let client: ServiceClient;
  try {
    client = new ServiceClient({
      baseUrl: requireOption('doctor', 'base-url', values['base-url']),
      token,
      apiVersion: parseApiVersion(values['api-version'] ?? NEWEST_API_VERSION, '--api-version'),
      timeoutMs: 15_000,
    });
  } catch (error) {
    if (error instanceof TillError) throw new UsageError(`pos doctor: ${error.message}`);
    throw error;
  }
  const report = await runDoctor({
    client,
    ...(values['market-id'] ? { marketId: values['market-id'] } : {}),
    ...(values['branch-id'] ? { branchId: values['branch-id'] } : {}),
    ...(perPage ? { perPage } : {}),
    ...(productIncludes ? { productIncludes } : {}),
  });
  if (values.json) io.out(JSON.stringify(report));
  else human(report, io);
  return report.ready ? 0 : 1;
}

/**
 * Uploads waiting for a sign-in (issue 36): the service token lives in the
 * secrets file beside the database, never in it (nor in what a standby
 * copies), so a standby that took over holds the outbox but not the token
 * until it is signed in. The orders waiting when this file has no token,
 * else null. Whether the token is there is asked of the secrets module
 * (fileSecretIsSet: the secrets file's one reader), never its value.
 */
export function uploadsWaitingForSignIn(db: TillDatabase, signedIn: boolean): number | null {
  return signedIn ? null : outboxCounts(db).pending;
}
