import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hubChoiceFromArgs, parseHubAddress, readHubChoice, resolveHubChoice, writeHubChoice } from '../../../src-main/electron/hub-choice.ts';
import { hubUnreachablePage } from '../../../src-main/electron/hub-unreachable-page.ts';
import { isHubPage, isTillPage, mayNavigate } from '../../../src-main/electron/shell-policy.ts';
import { tempDir } from '../../support/temp-dir.ts';

// Electron as hub or station (issue 20, part 5). Electron cannot run here:
// the shell's decisions are plain functions, and the station's entry is
// checked at the source for what it must never touch (the database, the host).

let dir: ReturnType<typeof tempDir>;
beforeEach(() => (dir = tempDir('till-app-config-')));
afterEach(() => dir.cleanup());

describe('the hub address a manager types', () => {
  it('takes an address with or without http and a slash, and keeps only the origin', () => {
    expect(parseHubAddress('192.168.1.20:4780')).toEqual({ ok: true, hub: 'http://192.168.1.20:4780' });
    expect(parseHubAddress(' http://192.168.1.20:4780/ ')).toEqual({ ok: true, hub: 'http://192.168.1.20:4780' });
    expect(parseHubAddress('https://till.branch.example')).toEqual({ ok: true, hub: 'https://till.branch.example' });
  });
  it('refuses other schemes, paths, credentials and nonsense, saying what to type', () => {
    for (const bad of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'http://192.168.1.20:4780/k/secret',
      'http://user:pw@hub:4780',
      'http://hub:4780/?x=1',
      'http://[::1',
    ]) {
      const parsed = parseHubAddress(bad);
      expect(parsed.ok, bad).toBe(false);
      expect((parsed as { reason: string }).reason).toMatch(/address|http/);
    }
  });
});

describe('the choice, kept in the app’s own config file', () => {
  it('is the hub by default, with no file or a broken one', () => {
    expect(readHubChoice(dir.file('none.json'))).toEqual({ mode: 'hub' });
    writeFileSync(dir.file('broken.json'), '{"mode": "station", "hub": "ftp://x"');
    expect(readHubChoice(dir.file('broken.json'))).toEqual({ mode: 'hub' });
    writeFileSync(dir.file('bad.json'), JSON.stringify({ mode: 'station', hub: 'file:///etc' }));
    expect(readHubChoice(dir.file('bad.json'))).toEqual({ mode: 'hub' });
  });

  it('--use-hub makes this till a station of that hub and is kept; --be-hub makes it the hub again', () => {
    const file = dir.file('config/till-app.json');
    expect(resolveHubChoice(file, ['electron', '.', '--use-hub', '192.168.1.20:4780'])).toEqual({
      ok: true,
      choice: { mode: 'station', hub: 'http://192.168.1.20:4780' },
    });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ mode: 'station', hub: 'http://192.168.1.20:4780' });
    // The next start without a flag is still a station.
    expect(resolveHubChoice(file, ['electron', '.'])).toEqual({ ok: true, choice: { mode: 'station', hub: 'http://192.168.1.20:4780' } });
    expect(resolveHubChoice(file, ['electron', '.', '--be-hub'])).toEqual({ ok: true, choice: { mode: 'hub' } });
    expect(readHubChoice(file)).toEqual({ mode: 'hub' });
  });

  it('a wrong --use-hub is refused with the reason and changes nothing', () => {
    const file = dir.file('till-app.json');
    writeHubChoice(file, { mode: 'station', hub: 'http://10.0.0.2:4780' });
    const asked = hubChoiceFromArgs(['--use-hub=ftp://10.0.0.3']);
    expect(asked.ok).toBe(false);
    expect(resolveHubChoice(file, ['--use-hub=ftp://10.0.0.3']).ok).toBe(false);
    expect(readHubChoice(file)).toEqual({ mode: 'station', hub: 'http://10.0.0.2:4780' });
  });
});

describe('a station’s window', () => {
  const hub = 'http://192.168.1.20:4780';
  it('may show its hub’s pages and the till’s own page, nothing else; a hub page never gets the local till’s port', () => {
    expect(mayNavigate(`${hub}/`, hub)).toBe(true);
    expect(mayNavigate(`${hub}/pair?code=123456`, hub)).toBe(true);
    expect(mayNavigate('http://192.168.1.21:4780/', hub)).toBe(false);
    expect(mayNavigate('https://192.168.1.20:4780/', hub)).toBe(false);
    expect(mayNavigate('http://x:y@192.168.1.20:4780/', hub)).toBe(false);
    expect(mayNavigate(`${hub}/`)).toBe(false);
    expect(mayNavigate('app://till/index.html', hub)).toBe(true);
    expect(isHubPage(`${hub}/`, hub)).toBe(true);
    expect(isTillPage(`${hub}/`)).toBe(false);
  });

  it('says the hub does not answer, in both languages, with the address written as text only', () => {
    const page = decodeURIComponent(hubUnreachablePage('http://h"><script>x</script>:1').replace(/^data:text\/html;charset=utf-8,/, ''));
    expect(page).toContain('does not answer');
    expect(page).toContain('لا يجيب');
    expect(page).not.toContain('<script>');
    expect(page).toContain("default-src 'none'");
  });

  it('opens no database and no till host: the station entry imports neither, and main.ts starts it before the database', () => {
    const source = (path: string) => readFileSync(fileURLToPath(new URL(`../../../${path}`, import.meta.url)), 'utf8');
    const station = source('src-main/electron/station-window.ts');
    const imports = [...station.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
    expect(imports).toEqual(['electron', './hub-unreachable-page.ts']);
    const main = source('src-main/electron/main.ts');
    const stationStart = main.indexOf('await openStationWindow(choice.hub, takePairCode(configFile));\n    return;');
    expect(stationStart).toBeGreaterThan(0);
    expect(main.indexOf('openDatabase(')).toBeGreaterThan(stationStart);
    expect(main.indexOf('new TillHost(')).toBeGreaterThan(stationStart);
  });
});
