import { z } from 'zod';
import { isAtLeast, type ApiVersion } from '../api-version.ts';
import { objectTable, type MemberRule, type WireObjectName } from './member-table.ts';
import { bool, decimal, epochMs, epochMsOrNull, id, idOrNull, int, intOrNull, listOrNull, number, oneOf, text, textOrNull } from './primitives.ts';
import { cleanLine, cleanLines } from '../text/index.ts';

/**
 * The longest name and description the till takes from the service; a longer
 * record is quarantined, never cut. The contract states no limit: these only
 * protect memory, far above what a real menu holds (a dish name with its
 * description runs to a few hundred characters). See docs/decisions.md.
 */
export const MAX_NAME_CHARS = 2_000;
export const MAX_DESCRIPTION_CHARS = 20_000;

// The length is checked before cleaning, so a 5 MiB name costs no regex pass.
const capped = (max: number, clean: (value: string) => string, what: string) =>
  z
    .string({ error: what })
    .max(max, { error: `${what} of at most ${max} characters` })
    .overwrite(clean);
const humanLine = capped(MAX_NAME_CHARS, cleanLine, 'a string');
const humanLineOrNull = capped(MAX_NAME_CHARS, cleanLine, 'a string or null').nullable();
const humanLines = capped(MAX_DESCRIPTION_CHARS, cleanLines, 'a string');
const humanLinesOrNull = capped(MAX_DESCRIPTION_CHARS, cleanLines, 'a string or null').nullable();

/** Any decimal string ("12.5", "3.125", "-1"): rounded to the currency's places later, with the loss counted. */
const ANY_DECIMAL = /^-?\d+(\.\d+)?$/;
export const anyDecimal = z.string({ error: 'a decimal string' }).regex(ANY_DECIMAL, { error: 'a decimal string' });
/** For members the spec does not show: a decimal string or a plain JSON number. */
const looseDecimal = z.union([anyDecimal, z.number().finite()], { error: 'a decimal string or a number' });

/** For list members the spec does not show: an array (its items read by the normalizer), or one item alone. */
const looseList = z.union([z.array(z.unknown()), z.string(), z.number()], { error: 'an array, a string or a number' });

/** For times the spec does not show: epoch ms, or a date or date-and-time string (read by the normalizer). */
const looseTime = z.union([epochMs, z.string().max(40)], { error: 'an integer (epoch ms) or a date string' });

/** Is `rule` carried at `version`. */
export function memberApplies(rule: MemberRule, version: ApiVersion): boolean {
  if (rule.since && !isAtLeast(version, rule.since)) return false;
  if (rule.before && isAtLeast(version, rule.before)) return false;
  return true;
}

/** The members of `name` carried at `version`. */
export function membersAt(name: WireObjectName, version: ApiVersion): MemberRule[] {
  return objectTable(name).members.filter((rule) => memberApplies(rule, version));
}

function leaf(rule: MemberRule, version: ApiVersion): z.ZodType {
  switch (rule.kind) {
    case 'id':
      return id;
    case 'id|null':
      return idOrNull;
    case 'int':
      return int;
    case 'int|null':
      return intOrNull;
    case 'text':
      return rule.human === 'line' ? humanLine : rule.human === 'lines' ? humanLines : text;
    case 'text|null':
      return rule.human === 'line' ? humanLineOrNull : rule.human === 'lines' ? humanLinesOrNull : textOrNull;
    case 'bool':
      return bool;
    case 'number':
      return number;
    case 'decimal':
      return rule.shown ? anyDecimal : looseDecimal;
    case 'decimal2':
      return decimal;
    case 'epoch-ms':
      return epochMs;
    case 'epoch-ms|null':
      return epochMsOrNull;
    case 'url-list|null':
      return listOrNull(text);
    case 'enum':
      return oneOf(rule.values as [string, ...string[]]);
    case 'object':
      return schemaOf(rule.nested!, version);
    case 'object-list':
      return z.array(schemaOf(rule.nested!, version), { error: 'an array' });
    case 'list':
      return looseList;
    case 'time':
      return looseTime;
  }
}

function memberSchema(rule: MemberRule, version: ApiVersion): z.ZodType {
  const base = leaf(rule, version);
  if (rule.required) return base;
  // Shown but optional (the spec says it may be omitted): absent is fine.
  // Not shown: absent or null both mean "use the fallback".
  return rule.shown ? base.optional() : base.nullish();
}

/** Copies the first present alias into a member the record lacks, so the schema sees one name. */
function withAliases(rules: readonly MemberRule[]): ((input: unknown) => unknown) | null {
  // Plain loops over plain arrays: this runs for every modifier and price of a pull (400,000 of a 100k catalog), most
  // of whose aliased members are absent (a closure a search made it a fifth of their reading, issue 37).
  const aliased = rules.filter((rule) => rule.aliases && rule.aliases.length > 0).map((rule) => ({ member: rule.member, aliases: [...rule.aliases!] }));
  if (aliased.length === 0) return null;
  return (input) => {
    if (input === null || typeof input !== 'object' || Array.isArray(input)) return input;
    const record = input as Record<string, unknown>;
    let copy: Record<string, unknown> | null = null;
    for (let r = 0; r < aliased.length; r++) {
      const { member, aliases } = aliased[r]!;
      if (record[member] != null) continue;
      for (let a = 0; a < aliases.length; a++) {
        const value = record[aliases[a]!];
        if (value == null) continue;
        copy ??= { ...record };
        copy[member] = value;
        break;
      }
    }
    return copy ?? record;
  };
}

/** Objects whose unknown members the normalizer looks at (the product's provider-named accounting member). */
const KEEPS_UNKNOWN: ReadonlySet<WireObjectName> = new Set(['product']);

const built = new Map<string, z.ZodType>();

/**
 * The zod schema of one wire object at one contract version, built from the
 * member table. Unknown members are dropped (or, for objects listed in
 * KEEPS_UNKNOWN, kept for the normalizer to look at), never an error.
 */
export function schemaOf(name: WireObjectName, version: ApiVersion): z.ZodType {
  const key = `${name}@${version}`;
  let schema = built.get(key);
  if (schema) return schema;
  const rules = membersAt(name, version);
  const shape: Record<string, z.ZodType> = {};
  for (const rule of rules) shape[rule.member] = memberSchema(rule, version);
  const object = KEEPS_UNKNOWN.has(name) ? z.looseObject(shape, { error: 'an object' }) : z.object(shape, { error: 'an object' });
  const aliases = withAliases(rules);
  schema = aliases ? z.preprocess(aliases, object) : object;
  built.set(key, schema);
  return schema;
}

/** Every member name any version of `name` carries (to tell a provider-named member from a known one). */
export function allMemberNames(name: WireObjectName): ReadonlySet<string> {
  return new Set(objectTable(name).members.flatMap((rule) => [rule.member, ...(rule.aliases ?? [])]));
}
