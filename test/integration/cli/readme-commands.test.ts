import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src-main/cli/main.ts';

// The README's command table is the front door to the `pos` command: every
// command the CLI knows has a row, and every option its usage line names is
// in that row, so a new flag does not ship undocumented.

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

async function usageLines(): Promise<string[]> {
  const out: string[] = [];
  await main(['--help'], { out: (text: string) => out.push(text), err: () => {}, env: {} } as never);
  return out
    .join('\n')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('pos '));
}

/** The README's command table: the first cell of each row that starts with `pos NAME`, by NAME. */
function readmeRows(): Map<string, string> {
  const section = readme.slice(readme.indexOf('## The `pos` command'), readme.indexOf('\n## ', readme.indexOf('## The `pos` command') + 1));
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cell = /^\| `pos ([\w-]+)(.*?)` \|/.exec(line);
    if (cell) rows.set(cell[1]!, `${rows.get(cell[1]!) ?? ''} ${line}`);
  }
  return rows;
}

const commandOf = (line: string) => line.split(/\s+/)[1]!;
const optionsOf = (line: string) => [...new Set([...line.matchAll(/--[a-z][a-z0-9-]*/g)].map((m) => m[0]))];

describe("the README's command table", () => {
  it('has a row for every command the CLI knows, and no row for one it does not', async () => {
    const commands = [...new Set((await usageLines()).map(commandOf))].sort();
    expect(commands.length).toBeGreaterThan(10);
    expect([...readmeRows().keys()].sort()).toEqual(commands);
  });

  it('names in each row every option of that command’s usage line', async () => {
    const rows = readmeRows();
    const missing = (await usageLines()).flatMap((line) => {
      const row = rows.get(commandOf(line)) ?? '';
      return optionsOf(line)
        .filter((option) => !row.includes(option))
        .map((option) => `pos ${commandOf(line)} ${option}`);
    });
    expect(missing).toEqual([]);
  });
});
