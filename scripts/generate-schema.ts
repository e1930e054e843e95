/**
 * `npm run schema`: writes src-main/db/schema.ts (the Kysely interfaces and
 * TABLE_COLUMNS) from the database the migrations make, so the schema is
 * written once, in migrations/*.sql. test/unit/db/schema.test.ts fails when
 * the file is not what this generates.
 *
 * From each column: INTEGER and REAL are numbers, TEXT is a string, BLOB a
 * Buffer; `CHECK (col IN ('a', 'b'))` narrows a string to those values; a
 * column that may be NULL adds `| null`; a rowid key or a DEFAULT makes it
 * `Generated` (an insert may leave it out).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { openDatabase } from '../src-main/db/index.ts';
// The replica's tables, registered at import, get their generation column when a database is opened.
import '../src-main/catalog/replica-tables.ts';
import { tempDir } from '../test/support/temp-dir.ts';

export const SCHEMA_FILE = fileURLToPath(new URL('../src-main/db/schema.ts', import.meta.url));

interface ColumnInfo {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
  hidden: number;
}

/** FTS5 keeps its index in shadow tables of its own; nothing of ours queries them. */
const FTS_SHADOW = /^product_search_(data|idx|docsize|config|content)$/;

/** What SQLite's catalog cannot say: an FTS5 table's columns have no types, and its rowid is the indexed row's. */
const VIRTUAL_TABLES: Record<string, { comment: string; columns: [string, string][] }> = {
  product_search: {
    comment:
      "/** FTS5 over products.search_text; `product_search` (the table as a column, for MATCH) and `rank` are FTS5's hidden columns, rowid is products.seq. */",
    columns: [
      ['rowid', 'number'],
      ['search_text', 'string | null'],
      ['product_search', 'string | null'],
      ['rank', 'number | null'],
    ],
  },
};

const pascal = (table: string) => table.replace(/(^|_)(\w)/g, (_, __, c: string) => c.toUpperCase());

/** The literal types a `CHECK (column IN (...))` allows (`'a' | 'b'`, `58 | 80`), or null when it has no such check. */
function checkedLiterals(createSql: string, column: string): string | null {
  const match = new RegExp(`CHECK\\s*\\(\\s*\\b${column}\\s+IN\\s*\\(([^)]*)\\)\\s*\\)`, 'i').exec(createSql);
  if (!match) return null;
  const literals = [...match[1]!.matchAll(/'((?:[^']|'')*)'|(-?\d+(?:\.\d+)?)/g)].map(([, text, number]) =>
    text !== undefined ? `'${text.replace(/''/g, "'").replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : number!,
  );
  return literals.length > 0 ? literals.join(' | ') : null;
}

function columnType(column: ColumnInfo, createSql: string, rowidKey: boolean): string {
  const declared = column.type.toUpperCase();
  const literals = checkedLiterals(createSql, column.name);
  let base: string;
  if (literals) base = literals;
  else if (declared.includes('INT') || declared.includes('REAL') || declared.includes('NUM')) base = 'number';
  else if (declared.includes('BLOB')) base = 'Buffer';
  else base = 'string';
  const nullable = column.notnull === 0 && column.pk === 0;
  const type = nullable ? `${base} | null` : base;
  return rowidKey || column.dflt_value !== null ? `Generated<${type}>` : type;
}

/** The text of src-main/db/schema.ts for the migrations in this checkout, as Prettier formats it. */
export async function generateSchema(): Promise<string> {
  return format(schemaText(), { ...(await resolveConfig(SCHEMA_FILE)), filepath: SCHEMA_FILE });
}

function schemaText(): string {
  const dir = tempDir('till-schema-');
  const db = openDatabase(dir.file('schema.db'));
  try {
    const tables = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid").all() as {
      name: string;
      sql: string;
    }[];
    const interfaces: string[] = [];
    const members: string[] = [];
    const lists: string[] = [];
    for (const { name, sql } of tables.filter((t) => !FTS_SHADOW.test(t.name))) {
      const columns = db.prepare(`PRAGMA main.table_xinfo(${name})`).all() as ColumnInfo[];
      const pkColumns = columns.filter((c) => c.pk > 0);
      const virtual = VIRTUAL_TABLES[name];
      const typed: [string, string][] = virtual
        ? virtual.columns
        : columns.map((c) => [c.name, columnType(c, sql, pkColumns.length === 1 && c.pk === 1 && c.type.toUpperCase() === 'INTEGER')]);
      const interfaceName = `${pascal(name)}Table`;
      interfaces.push(
        `${virtual ? `${virtual.comment}\n` : ''}export interface ${interfaceName} {\n${typed.map(([column, type]) => `  ${column}: ${type};`).join('\n')}\n}`,
      );
      members.push(`  ${name}: ${interfaceName};`);
      lists.push(`  ${name}: [${columns.map((c) => `'${c.name}'`).join(', ')}],`);
    }
    return `${HEADER}
${interfaces.join('\n\n')}

export interface TillSchema {
${members.join('\n')}
}

/** Every column of every table, in the order the migrations declare them (Kysely's types are erased at run time). */
export const TABLE_COLUMNS = {
${lists.join('\n')}
} as const satisfies { [T in keyof TillSchema]: readonly (keyof TillSchema[T] & string)[] };
`;
  } finally {
    db.close();
    dir.cleanup();
  }
}

const HEADER = `// Generated by \`npm run schema\` (scripts/generate-schema.ts) from the database
// migrations/*.sql make: edit the migrations, then run it. A test fails when
// this file is not what the migrations generate.
import type { Generated } from 'kysely';

/*
 * Every table as Kysely sees it: the types cover all SQL written with \`q\`.
 * Money is integer minor units; booleans are 0/1; JSON columns are TEXT.
 */
`;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(SCHEMA_FILE, await generateSchema());
  console.log(`wrote ${SCHEMA_FILE}`);
}
