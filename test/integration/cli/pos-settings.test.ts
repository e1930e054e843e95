import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posInProcess as pos } from '../../support/pos-in-process.ts';
import { runPos } from '../../support/run-pos.ts';
import { tempDir } from '../../support/temp-dir.ts';

let dir: ReturnType<typeof tempDir>;
beforeAll(() => {
  dir = tempDir('till-pos-settings-');
});
afterAll(() => dir.cleanup());

describe('pos settings', () => {
  it('sets, lists and unsets a setting, as text and as JSON', async () => {
    const db = dir.file('till.db');
    const set = await runPos(['settings', '--db', db, 'set', 'vat_number', '310122393500003']);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout.trim()).toBe('vat_number = 310122393500003');

    const rate = await pos(['settings', '--db', db, 'set', 'tax.rate', '15', '--json']);
    expect(rate.code, rate.stderr).toBe(0);
    expect(JSON.parse(rate.stdout)).toEqual({ ok: true, key: 'tax.rate', value: '15.00' });

    const list = await pos(['settings', '--db', db]);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/^vat_number +310122393500003 +\[set\]/m);
    expect(list.stdout).toMatch(/^tax\.rate +15\.00% +\[set\]/m);
    expect(list.stdout).toMatch(/^till\.day_cutoff_hour +0 +\[default\]/m);
    expect(list.stdout).toMatch(/^upload\.path +\/orders\/sync +\[default\]/m);

    const json = await pos(['settings', '--db', db, '--json']);
    const listing = JSON.parse(json.stdout) as { settings: { key: string; value: unknown; is_set: boolean }[] };
    expect(listing.settings.find((s) => s.key === 'vat_number')).toMatchObject({ value: '310122393500003', is_set: true });

    const unset = await pos(['settings', '--db', db, 'unset', 'vat_number']);
    expect(unset.code, unset.stderr).toBe(0);
    expect(unset.stdout).toContain("vat_number unset; in effect: the market's VAT number from the service");
    const again = JSON.parse((await pos(['settings', '--db', db, '--json'])).stdout) as typeof listing;
    expect(again.settings.find((s) => s.key === 'vat_number')).toMatchObject({ value: null, is_set: false });
  });

  it('refuses a bad value with exit 1 and what the key expects, and changes nothing', async () => {
    const db = dir.file('refuse.db');
    const bad = await runPos(['settings', '--db', db, 'set', 'vat_number', '123']);
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toBe('pos settings: refused: vat_number must be a VAT number of 15 digits that starts and ends with 3, got "123"');
    const unknown = await pos(['settings', '--db', db, 'set', 'colour', 'blue', '--json']);
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stdout)).toMatchObject({ ok: false, key: 'colour', error: expect.stringContaining('unknown setting "colour"') });
    const listing = JSON.parse((await pos(['settings', '--db', db, '--json'])).stdout) as { settings: { is_set: boolean }[] };
    expect(listing.settings.every((s) => !s.is_set)).toBe(true);
  });

  it('answers a wrong call with exit 2 and the usage', async () => {
    const noDb = await pos(['settings']);
    expect(noDb.code).toBe(2);
    expect(noDb.stderr).toContain('pos settings: --db is required');
    expect(noDb.stderr).toContain('usage: pos settings --db FILE [--json]');
    const missing = await pos(['settings', '--db', dir.file('x.db'), 'set', 'till.code']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('give exactly one KEY and one VALUE');
    const action = await pos(['settings', '--db', dir.file('x.db'), 'frobnicate']);
    expect(action.code).toBe(2);
    expect(action.stderr).toContain('unknown action "frobnicate"');
  });

  it('lists a database that does not exist with a clear error and creates nothing', async () => {
    const result = await pos(['settings', '--db', dir.file('nothing-here.db')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('no database at');
  });
});

describe('pos --help', () => {
  it("shows the emulator's own usage line", async () => {
    const help = await pos(['--help']);
    const emulatorHelp = await runPos(['emulator', '--help']);
    expect(emulatorHelp.code).toBe(0);
    const own = emulatorHelp.stdout.trim().replace(/^usage: /, '');
    expect(own).toMatch(/^pos emulator \[--port N\]/);
    expect(help.stdout).toContain(`  ${own}`);
  });
});
