// `pos doctor`: the onboarding check against a real service (issue 8, part 9).
// It only reads, and writes nothing anywhere: `/me` and the first page of
// every list the till pulls, at the chosen version (stepping down when the
// service refuses it, as a pull would). For each it reports the status, the
// records read, and which members the till understood, which it had to
// default and which it ignored, from the one member table the readers are
// built from. The verdict says whether a till could pull and sell.

import { API_VERSIONS, isAtLeast, type ApiVersion } from '../../src-shared/api-version.ts';
import {
  ACCOUNTING_MEMBER,
  accountingMember,
  membersAt,
  objectTable,
  readListPage,
  readMe,
  type AccountFacts,
  type ListResource,
  type WireObjectName,
} from '../../src-shared/wire/index.ts';
import {
  adjustAfterRefusal,
  allowedBadRecords,
  CATALOG_RESOURCES,
  isVersionRefusal,
  MAX_ADJUSTMENTS,
  type ListRequest,
  type PullScope,
} from '../sync/index.ts';
import { ForbiddenError, NotFoundError, ServiceError, UnauthenticatedError, type ServiceClient } from '../upstream/index.ts';

/** The first page of each list is asked for with this many records, unless `--per-page` says otherwise. */
export const DOCTOR_PER_PAGE = 50;

/** The object each list's records are read as. */
const OBJECT_OF: Partial<Record<ListResource, WireObjectName>> = {
  categories: 'category',
  products: 'product',
  barcodes: 'barcode',
  payment_methods: 'payment_method',
  payment_method_configs: 'payment_method_config',
  printers: 'printer',
  kitchens: 'kitchen',
  customers: 'customer',
};

export interface MemberReport {
  /** Members the till reads that came (under their name or an alias). */
  understood: string[];
  /** Members the till reads that did not come on some record: their documented fallback applies. */
  defaulted: string[];
  /** Members that came but the till does not read. */
  ignored: string[];
}

export interface ListCheck {
  list: string;
  path: string;
  required: boolean;
  /** HTTP status; null when no answer came. */
  status: number | null;
  records: number;
  /** Records the till would leave out (and why, for the first few). */
  quarantined: number;
  problems: string[];
  members: MemberReport | null;
  /** How the request was changed after the service refused it, as a pull would (a smaller page, an include dropped). */
  adjusted: string[];
  /** One line a person can act on when the list failed. */
  error: string | null;
}

export interface DoctorReport {
  base_url: string;
  api_version_asked: ApiVersion;
  /** The version the checks ran at (the newest the service accepted); null when it accepted none. */
  api_version: ApiVersion | null;
  /** Says when the service refused the version asked for. */
  version_note: string | null;
  me: { status: number | null; facts: Partial<AccountFacts>; members: MemberReport | null; note: string };
  market_id: string | null;
  branch_id: string | null;
  lists: ListCheck[];
  /** Products whose prices came neither inline nor from the price route. */
  pricing: { inline: boolean; route_status: number | null; note: string };
  ready: boolean;
  /** What stops a till from pulling and selling; empty when ready. */
  blockers: string[];
  warnings: string[];
}

export interface DoctorOptions {
  client: ServiceClient;
  marketId?: string;
  branchId?: string;
  /** Records asked for on each first page (default 50); lowered as the pull lowers it when the service refuses it. */
  perPage?: number;
  /** What the products list is asked to include, as the setting `sync.includes` does for the pull. */
  productIncludes?: readonly string[];
}

function statusOf(error: unknown): number | null {
  return error instanceof ServiceError ? error.status : null;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Understood, defaulted and ignored members of the raw records of one object at one version. */
export function memberReport(object: WireObjectName, version: ApiVersion, records: readonly unknown[]): MemberReport {
  const rules = membersAt(object, version);
  const known = new Set(objectTable(object).members.flatMap((rule) => [rule.member, ...(rule.aliases ?? [])]));
  const understood = new Set<string>();
  const defaulted = new Set<string>();
  const ignored = new Set<string>();
  for (const record of records) {
    if (!isObject(record)) continue;
    for (const rule of rules) {
      const names = [rule.member, ...(rule.aliases ?? [])];
      const present = names.find((name) => record[name] !== undefined && record[name] !== null);
      if (present !== undefined) understood.add(present === rule.member ? rule.member : `${rule.member} (as ${present})`);
      else defaulted.add(rule.member);
    }
    // The accounting reference comes under a provider's name: read by the same rule as the pull.
    const accounting = object === 'product' ? accountingMember(record) : null;
    if (accounting !== null && accounting !== ACCOUNTING_MEMBER) {
      understood.add(`${ACCOUNTING_MEMBER} (as ${accounting})`);
      defaulted.delete(ACCOUNTING_MEMBER);
    }
    for (const key of Object.keys(record)) if (!known.has(key) && key !== accounting) ignored.add(key);
  }
  // A member that came on some records and not others is both understood and defaulted: say both.
  const sorted = (set: Set<string>) => [...set].sort();
  return { understood: sorted(understood), defaulted: sorted(defaulted), ignored: sorted(ignored) };
}

/** The newest version at or below `asked` the service accepts, probing a cheap list; null when it refuses them all. */
async function acceptedVersion(client: ServiceClient, asked: ApiVersion): Promise<{ version: ApiVersion | null; refusal: string | null }> {
  const candidates = [...API_VERSIONS].filter((v) => isAtLeast(asked, v)).reverse();
  let refusal: string | null = null;
  for (const version of candidates) {
    try {
      await client.withApiVersion(version).get('/payment-methods', { page: 1, per_page: 1 });
      return { version, refusal };
    } catch (error) {
      if (error instanceof UnauthenticatedError) throw error;
      if (!isVersionRefusal(error)) return { version, refusal };
      refusal ??= describe(error);
    }
  }
  return { version: null, refusal };
}

const ME_FACTS = [
  'market_id',
  'branch_id',
  'market_name_en',
  'market_name_ar',
  'branch_name_en',
  'branch_name_ar',
  'user_name',
  'vat_number',
  'tax_rate',
  'prices_include_tax',
  'currency',
] as const;

async function checkMe(client: ServiceClient): Promise<DoctorReport['me']> {
  try {
    const body = await client.get('/me');
    const facts = readMe(body);
    const found = ME_FACTS.filter((fact) => facts[fact] !== null && facts[fact] !== undefined);
    const data = isObject(body) && isObject(body.data) ? body.data : isObject(body) ? body : {};
    return {
      status: 200,
      facts: Object.fromEntries(found.map((fact) => [fact, facts[fact]])),
      members: {
        understood: [...found],
        defaulted: ME_FACTS.filter((fact) => !found.includes(fact)),
        ignored: Object.keys(data)
          .filter((key) => !isObject(data[key]) && !ME_FACTS.some((f) => f === key))
          .sort(),
      },
      note:
        found.length > 0
          ? `read ${found.length} of ${ME_FACTS.length} account facts`
          : 'answered, but with nothing the till recognises: flags and settings stand in',
    };
  } catch (error) {
    if (error instanceof UnauthenticatedError) throw error;
    const status = statusOf(error);
    const note =
      error instanceof NotFoundError
        ? 'this service has no /me (its shape is not in the spec): pass --market-id and --branch-id'
        : error instanceof ForbiddenError
          ? 'this token may not read /me: pass --market-id and --branch-id'
          : `could not read /me (${describe(error)}): pass --market-id and --branch-id`;
    return { status, facts: {}, members: null, note };
  }
}

async function checkList(
  client: ServiceClient,
  resource: (typeof CATALOG_RESOURCES)[number],
  scope: PullScope,
  perPage: { value: number },
): Promise<{ check: ListCheck; body: unknown }> {
  const required = !resource.auxiliary;
  const check: ListCheck = {
    list: resource.name,
    path: resource.path,
    required,
    status: null,
    records: 0,
    quarantined: 0,
    problems: [],
    members: null,
    adjusted: [],
    error: null,
  };
  let body: unknown;
  try {
    body = await firstPage(client, resource.path, { query: resource.query(scope), perPage: perPage.value }, check.adjusted, perPage);
    check.status = 200;
  } catch (error) {
    if (error instanceof UnauthenticatedError) throw error;
    check.status = statusOf(error);
    check.error =
      error instanceof ForbiddenError
        ? `this token may not read ${resource.name} (${resource.path}): 403`
        : error instanceof NotFoundError
          ? `this service has no ${resource.path} (404)`
          : describe(error);
    return { check, body: undefined };
  }
  try {
    const page = readListPage(resource.name, client.apiVersion, body, 1, {});
    check.records = page.records.length;
    check.quarantined = page.quarantined.length;
    check.problems = page.quarantined.slice(0, 3).map((q) => `${q.id}: ${q.reason}`);
  } catch (error) {
    check.error = `the page is not a list the till can read: ${describe(error)}`;
  }
  const object = OBJECT_OF[resource.name];
  const raw = isObject(body) && isObject(body.data) && Array.isArray(body.data.data) ? body.data.data : [];
  if (object) check.members = memberReport(object, client.apiVersion, raw);
  return { check, body };
}

/** The list's first page, asked again the way a refusal says (the pull's own adjustment); the page size learned is kept for the next lists. */
async function firstPage(client: ServiceClient, path: string, start: ListRequest, notes: string[], perPage: { value: number }): Promise<unknown> {
  let request = start;
  for (let adjustments = 0; ; adjustments++) {
    try {
      return await client.get(path, { ...request.query, page: 1, per_page: request.perPage });
    } catch (error) {
      const adjusted = adjustments < MAX_ADJUSTMENTS ? adjustAfterRefusal(error, request) : null;
      if (!adjusted) throw error;
      notes.push(adjusted.note);
      request = adjusted.request;
      perPage.value = Math.min(perPage.value, request.perPage);
    }
  }
}

/** Runs every check; throws only on a 401 (the token is wrong) — everything else is in the report. */
export async function runDoctor(options: DoctorOptions): Promise<DoctorReport> {
  const asked = options.client.apiVersion;
  const blockers: string[] = [];
  const warnings: string[] = [];
  const report: DoctorReport = {
    base_url: options.client.baseUrl,
    api_version_asked: asked,
    api_version: null,
    version_note: null,
    me: { status: null, facts: {}, members: null, note: '' },
    market_id: null,
    branch_id: null,
    lists: [],
    pricing: { inline: false, route_status: null, note: '' },
    ready: false,
    blockers,
    warnings,
  };
  try {
    report.me = await checkMe(options.client);
    const { version, refusal } = await acceptedVersion(options.client, asked);
    report.api_version = version;
    if (version === null) {
      blockers.push(`the service refused every API version up to ${asked}: ${refusal ?? 'no reason given'}`);
      return report;
    }
    if (version !== asked) {
      report.version_note = `the service refused API version ${asked}${refusal ? ` (${refusal})` : ''}; it accepts ${version}, which a pull would step down to`;
      warnings.push(report.version_note);
    }
    const client = options.client.withApiVersion(version);
    report.market_id = options.marketId ?? (report.me.facts.market_id as string | undefined) ?? null;
    report.branch_id = options.branchId ?? (report.me.facts.branch_id as string | undefined) ?? null;
    if (report.market_id === null)
      blockers.push('no market: /me names none; pass --market-id ID (and --branch-id ID), and set them on the till with `pos settings set market_id ID`');
    const scope: PullScope = {
      marketId: report.market_id,
      branchId: report.branch_id,
      ...(options.productIncludes ? { productIncludes: options.productIncludes } : {}),
    };
    const perPage = { value: options.perPage ?? DOCTOR_PER_PAGE };

    let productsBody: unknown;
    for (const resource of CATALOG_RESOURCES) {
      const { check, body } = await checkList(client, resource, scope, perPage);
      report.lists.push(check);
      for (const adjusted of check.adjusted) warnings.push(`${check.list}: ${adjusted} (a pull does the same)`);
      if (resource.name === 'products') productsBody = body;
      if (check.error !== null) (check.required ? blockers : warnings).push(`${check.list}: ${check.error}`);
      else if (check.quarantined > allowedBadRecords(check.records + check.quarantined))
        (check.required ? blockers : warnings).push(
          `${check.list}: ${check.quarantined} of ${check.records + check.quarantined} records on the first page break the contract, more than half: ${check.required ? 'a pull would keep the previous catalog' : 'a pull would keep what the till had of this list'} (${check.problems[0] ?? ''})`,
        );
      else if (check.quarantined > 0)
        warnings.push(
          `${check.list}: ${check.quarantined} of ${check.records + check.quarantined} records on the first page would be left out (${check.problems[0] ?? ''})`,
        );
    }
    const count = (name: string) => report.lists.find((l) => l.list === name)?.records ?? 0;
    if (report.lists.find((l) => l.list === 'products')?.error === null && count('products') === 0)
      blockers.push('products: the first page has no product this till could sell');
    if (report.lists.find((l) => l.list === 'payment_methods')?.error === null && count('payment_methods') === 0)
      blockers.push('payment_methods: none, so nothing can be paid');

    // Prices: inline (`includes[]=prices`) or from the spec's own route, as the pull does.
    const products =
      isObject(productsBody) && isObject(productsBody.data) && Array.isArray(productsBody.data.data) ? productsBody.data.data.filter(isObject) : [];
    report.pricing.inline = products.some((p) => Array.isArray(p.prices));
    const first = products.find((p) => typeof p.id === 'string');
    if (report.pricing.inline) report.pricing.note = 'prices come with the products (includes[]=prices)';
    else if (first) {
      try {
        await firstPage(client, `/products/${encodeURIComponent(String(first.id))}/prices`, { query: {}, perPage: perPage.value }, [], perPage);
        report.pricing.route_status = 200;
        report.pricing.note = 'prices come from GET /products/{id}/prices (one request per product)';
      } catch (error) {
        if (error instanceof UnauthenticatedError) throw error;
        report.pricing.route_status = statusOf(error);
        report.pricing.note = `no inline prices and GET /products/{id}/prices failed: ${describe(error)}`;
        blockers.push(`prices: ${report.pricing.note}; the till could not price its catalog`);
      }
    }
  } catch (error) {
    if (!(error instanceof UnauthenticatedError)) throw error;
    blockers.unshift(`the token is wrong or expired: the service answered 401 (${describe(error)})`);
  }
  report.ready = blockers.length === 0;
  return report;
}
