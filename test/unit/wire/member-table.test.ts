import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_VERSIONS } from '../../../src-shared/api-version.ts';
import { MEMBER_TABLE, README_TABLE_END, README_TABLE_START, membersAt, memberTableMarkdown, schemaOf } from '../../../src-shared/wire/index.ts';

// docs/service-contract.md holds the table (the marker still names UPDATE_README=1, which rewrites it there).
const DOC = fileURLToPath(new URL('../../../docs/service-contract.md', import.meta.url));

describe('the table in docs/service-contract.md of what the till needs from the service', () => {
  it('is byte-equal to what the member table generates (UPDATE_README=1 rewrites it)', () => {
    const readme = readFileSync(DOC, 'utf8');
    const start = readme.indexOf(README_TABLE_START);
    const end = readme.indexOf(README_TABLE_END);
    expect(start, 'docs/service-contract.md has the start marker').toBeGreaterThanOrEqual(0);
    expect(end, 'docs/service-contract.md has the end marker').toBeGreaterThan(start);
    const current = readme.slice(start, end + README_TABLE_END.length);
    const generated = memberTableMarkdown();
    if ((process.env.UPDATE_README || process.env.UPDATE_DOCS) && current !== generated) {
      writeFileSync(DOC, readme.slice(0, start) + generated + readme.slice(end + README_TABLE_END.length));
      return;
    }
    expect(current).toBe(generated);
  });

  it('names every member of every object', () => {
    const markdown = memberTableMarkdown();
    for (const table of MEMBER_TABLE) {
      expect(markdown).toContain(`#### ${table.title}`);
      for (const rule of table.members) expect(markdown).toContain(`| \`${rule.member}\``);
    }
  });
});

describe('the schemas are the table', () => {
  it.each(API_VERSIONS)('at %s, each object schema has exactly the members the table carries at that version', (version) => {
    for (const table of MEMBER_TABLE) {
      const schema = schemaOf(table.name, version) as unknown as {
        shape?: Record<string, unknown>;
        _zod: { def: { out?: { shape: Record<string, unknown> } } };
      };
      const shape = schema.shape ?? schema._zod.def.out?.shape;
      expect(Object.keys(shape ?? {}).sort(), `${table.name}@${version}`).toStrictEqual(
        membersAt(table.name, version)
          .map((r) => r.member)
          .sort(),
      );
    }
  });

  it('marks every member the spec does not show as optional unless the record means nothing without it', () => {
    for (const table of MEMBER_TABLE) {
      for (const rule of table.members) {
        if (!rule.shown && rule.required) expect(rule.fallback, `${table.name}.${rule.member}`).toMatch(/left out/);
        if (!rule.required) expect(rule.fallback, `${table.name}.${rule.member} needs a documented fallback`).toBeTruthy();
      }
    }
  });
});
