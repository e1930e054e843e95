// Where a source file names a table in SQL: in its string and template
// literals (found by TypeScript's own parser, so comments, regular
// expressions and quotes inside strings never confuse it), after
// FROM/JOIN/INTO/UPDATE/TABLE, and as the first argument of Kysely's builders.
import ts from 'typescript';

const SQL_TABLE = /\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+(?:IF\s+(?:NOT\s+)?EXISTS\s+)?(?:(?:main|temp)\.)?["`]?(\w+)/g;
const KYSELY_BUILDERS = new Set([
  'selectFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'crossJoin',
]);

/** Every place `text` names a table, as {table, index} in source order. */
export function tablesNamedInSql(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found = [];
  const literalText = (node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
    return null;
  };
  const visit = (node) => {
    const value = literalText(node);
    if (value !== null) {
      const start = node.getStart(source);
      for (const match of value.matchAll(SQL_TABLE)) found.push({ table: match[1], index: start + 1 + literalOffset(text, start, match[0]) });
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && KYSELY_BUILDERS.has(node.expression.name.text)) {
      const first = node.arguments[0];
      const name = first && (literalText(first) ?? (ts.isArrayLiteralExpression(first) && first.elements[0] ? literalText(first.elements[0]) : null));
      const table = name?.match(/^\s*(\w+)/)?.[1];
      if (table) found.push({ table, index: node.expression.name.getStart(source) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.sort((a, b) => a.index - b.index);
}

/** Where `snippet` starts inside the literal that starts at `start` (for the line number of a multi-line string). */
function literalOffset(text, start, snippet) {
  const at = text.indexOf(snippet.split(/\s+/)[0], start);
  const nameAt = at < 0 ? -1 : text.indexOf(snippet.slice(snippet.search(/\w+$/)), at);
  return nameAt < 0 ? 0 : nameAt - start - 1;
}
