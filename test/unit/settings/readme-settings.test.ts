// docs/configuration.md (the README links it) is where an installer looks:
// every setting a person may set must be named there, with where to set it.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { publicSettingKeys } from '../../../src-shared/settings/index.ts';

const configuration = readFileSync(new URL('../../../docs/configuration.md', import.meta.url), 'utf8');

describe("docs/configuration.md's table", () => {
  it('names every public setting', () => {
    const missing = publicSettingKeys().filter((key) => !configuration.includes(`\`${key}\``) && !configuration.includes(` ${key} `));
    expect(missing).toEqual([]);
  });

  it('points at the Branch screen and the commands that set a branch up', () => {
    for (const where of [
      'Branch screen → Printers',
      'Branch screen → Kitchens',
      'Branch screen → Receipt',
      'Branch screen → Till',
      'pos printers',
      'pos kitchens',
      'pos settings',
    ]) {
      expect(configuration, where).toContain(where);
    }
  });
});
