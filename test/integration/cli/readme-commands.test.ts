import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src-main/cli/main.ts';

// docs/cli.md is the reference of the `pos` command: every command the CLI
// knows has a row, and every option its usage line names is in that row, so a
// new flag does not ship undocumented. The README, the front door, names every
// command in brief.

const reference = readFileSync(new URL('../../../docs/cli.md', import.meta.url), 'utf8');
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

/** A command table: the first cell of each row that starts with `pos NAME`, by NAME (a cell may name several: `pos orders`, `pos outbox`). */
function commandRows(text: string): Map<string, string> {
  const start = text.indexOf('# The `pos` command');
  const end = text.indexOf('\n## ', start + 1);
  const section = text.slice(start, end < 0 ? undefined : end);
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cell = /^\| `pos ([\w-]+)(.*?)` \|/.exec(line);
    if (cell) rows.set(cell[1]!, `${rows.get(cell[1]!) ?? ''} ${line}`);
  }
  return rows;
}

const commandOf = (line: string) => line.split(/\s+/)[1]!;
const optionsOf = (line: string) => [...new Set([...line.matchAll(/--[a-z][a-z0-9-]*/g)].map((m) => m[0]))];

describe("docs/cli.md's command table", () => {
  it('has a row for every command the CLI knows, and no row for one it does not', async () => {
    const commands = [...new Set((await usageLines()).map(commandOf))].sort();
    expect(commands.length).toBeGreaterThan(10);
    expect([...commandRows(reference).keys()].sort()).toEqual(commands);
  });

  it('names in each row every option of that command’s usage line', async () => {
    const rows = commandRows(reference);
    const missing = (await usageLines()).flatMap((line) => {
      const row = rows.get(commandOf(line)) ?? '';
      return optionsOf(line)
        .filter((option) => !row.includes(option))
        .map((option) => `pos ${commandOf(line)} ${option}`);
    });
    expect(missing).toEqual([]);
  });
});

describe("the README's commands in brief", () => {
  it('names every command the CLI knows, and no command it does not', async () => {
    const commands = [...new Set((await usageLines()).map(commandOf))].sort();
    const start = readme.indexOf('## The `pos` command');
    const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
    const named = [...section.matchAll(/^\| (`pos [\w-]+`(?:, `pos [\w-]+`)*) \|/gm)].flatMap((row) =>
      [...row[1]!.matchAll(/`pos ([\w-]+)`/g)].map((m) => m[1]!),
    );
    expect([...new Set(named)].sort()).toEqual(commands);
  });
});
