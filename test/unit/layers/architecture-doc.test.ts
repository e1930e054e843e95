import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations
import { formatGraph, moduleGraph } from '../../../scripts/module-graph.mjs';

// docs/architecture.md draws the module graph; the picture is generated from
// the imports, so it cannot drift from the code. UPDATE_DOCS=1 rewrites it.
const root = new URL('../../../', import.meta.url).pathname;
const doc = `${root}docs/architecture.md`;
const START = '<!-- module-graph:start -->';
const END = '<!-- module-graph:end -->';

describe('docs/architecture.md', () => {
  it('draws the module graph as the imports are now', { timeout: 600_000 }, async () => {
    const text = readFileSync(doc, 'utf8');
    const drawn = `${START}\n\`\`\`mermaid\n${formatGraph(await moduleGraph(root), true)}\n\`\`\`\n${END}`;
    const current = text.slice(text.indexOf(START), text.indexOf(END) + END.length);
    if (process.env.UPDATE_DOCS) writeFileSync(doc, text.replace(current, drawn));
    else expect(current).toBe(drawn);
  });
});
