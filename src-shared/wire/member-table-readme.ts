import { MEMBER_TABLE, type MemberRule, type WireObjectTable } from './member-table.ts';
import { ME_MEMBER_PATHS, type AccountFact } from './read-me.ts';

// docs/service-contract.md's section "What the till needs from the service", generated
// from the member table and the /me reader's member names: a test keeps the
// page byte-equal to this output (UPDATE_README=1 rewrites it).

export const README_TABLE_START =
  '<!-- member-table:start (generated from src-shared/wire/member-table.ts; UPDATE_README=1 npx vitest run test/unit/wire/member-table.test.ts) -->';
export const README_TABLE_END = '<!-- member-table:end -->';

function versions(rule: MemberRule): string {
  if (rule.since && rule.before) return `${rule.since} to below ${rule.before}`;
  if (rule.since) return `from ${rule.since}`;
  if (rule.before) return `below ${rule.before}`;
  return 'all';
}

function cell(text: string | undefined): string {
  return (text ?? '').replace(/\|/g, '\\|');
}

function kindText(rule: MemberRule): string {
  if (rule.kind === 'enum') return rule.values!.map((v) => `\`${v}\``).join(' or ');
  if (rule.nested) return `${rule.kind} (${rule.nested.replace(/_/g, ' ')})`;
  return rule.kind;
}

function objectSection(table: WireObjectTable): string[] {
  const lines = [
    `#### ${table.title}`,
    '',
    `Read from \`${table.source.split(' (')[0]}\`${table.source.includes(' (') ? ` (${table.source.split(' (').slice(1).join(' (')}` : ''}; ${table.shown ? 'shown by the spec' : 'not shown by the spec'}.`,
    '',
    '| member | type | shown | required | versions | when missing | note |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const rule of table.members) {
    const names = [rule.member, ...(rule.aliases ?? [])].map((name) => `\`${name}\``).join(' or ');
    const missing = rule.required ? (rule.fallback ?? 'record left out') : (rule.fallback ?? '—');
    lines.push(
      `| ${names} | ${cell(kindText(rule))} | ${rule.shown ? 'yes' : 'no'} | ${rule.required ? 'yes' : 'no'} | ${versions(rule)} | ${cell(missing)} | ${cell(rule.note)} |`,
    );
  }
  if (table.note) lines.push('', table.note);
  lines.push('');
  return lines;
}

const FACT_TEXT: Record<AccountFact, string> = {
  market_id: 'market id (`--market-id`, setting `market_id`)',
  branch_id: 'branch id (`--branch-id`, setting `branch_id`)',
  market_name_en: 'market name, English',
  market_name_ar: 'market name, Arabic',
  branch_name_en: 'branch name, English',
  branch_name_ar: 'branch name, Arabic',
  user_name: 'user name',
  vat_number: 'VAT number (setting `vat_number`)',
  tax_rate: 'VAT rate in percent (setting `tax.rate`)',
  prices_include_tax: 'prices include VAT (setting `tax.prices_include_tax`)',
  currency: 'currency code, ISO 4217: its decimal places (3 for KWD, BHD, OMR, JOD, IQD, LYD, TND, else 2) unless the setting `currency.decimals` says',
};

function meSection(): string[] {
  const lines = [
    '#### `GET /me`',
    '',
    'Named by the spec, shape not shown: a bonus, never a gate. A 401 is a wrong token; any other failure or shape reads as "nothing known". Each fact is read from the first of these members present (dotted: nested), inside `data` or at the top:',
    '',
    '| fact | members tried, in order |',
    '|---|---|',
  ];
  for (const fact of Object.keys(ME_MEMBER_PATHS) as AccountFact[]) {
    lines.push(`| ${FACT_TEXT[fact]} | ${ME_MEMBER_PATHS[fact].map((path) => `\`${path}\``).join(', ')} |`);
  }
  lines.push(
    '',
    'The flags win over local settings, which win over `/me`. With no market from any of them the pull stops and names the flags and settings that would give one.',
    '',
  );
  return lines;
}

/** The generated part of that section, markers included. */
export function memberTableMarkdown(): string {
  const lines = [
    README_TABLE_START,
    '',
    "Every member the till reads, per object and contract version. **shown**: the spec shows it, and it is validated as the spec types it. **required**: a record without it is left out of the pull and reported (`quarantined`). Members not listed are ignored, never an error. `decimal` money is any decimal string, rounded to the currency's places (`currency.decimals`: two, or three for KWD and the like; a PERCENT price always two) by the one rounding rule (half away from zero) and counted as `precision_lost`.",
    '',
    ...MEMBER_TABLE.flatMap(objectSection),
    ...meSection(),
    README_TABLE_END,
  ];
  return lines.join('\n');
}
