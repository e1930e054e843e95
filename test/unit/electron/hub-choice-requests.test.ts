import { readFileSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  forgetStandbyCode,
  isLanHost,
  keepTookOver,
  parseLanHubAddress,
  readHubChoice,
  takePairCode,
  writeHubChoice,
} from '../../../src-main/electron/hub-choice.ts';
import { answerHubRequest } from '../../../src-main/electron/hub-choice-requests.ts';
import { tempDir } from '../../support/temp-dir.ts';

// The main side of "Use another till as hub" (issue 20): the renderer's
// messages are checked here before till-app.json is written. Electron cannot
// run in tests; main.ts only carries these answers over the window's port.

let dir: ReturnType<typeof tempDir>;
let file: string;
beforeEach(() => {
  dir = tempDir('till-hub-requests-');
  file = dir.file('userData/till-app.json');
});
afterEach(() => dir.cleanup());

const kept = () => JSON.parse(readFileSync(file, 'utf8')) as unknown;

describe('a hub address typed on the screen', () => {
  it('is taken on the branch network: private, loopback and link-local addresses, LAN-only names', () => {
    for (const host of [
      '192.168.1.20:4780',
      '10.0.0.5',
      '172.16.4.1:4780',
      '172.31.255.254',
      '127.0.0.1:4780',
      '169.254.3.3',
      'https://till-hub.local',
      'http://counter:4780',
      'hub.lan',
      '[fd12::1]:4780',
      '[fe80::1]',
      '[::1]:4780',
      'localhost:4780',
    ]) {
      expect(parseLanHubAddress(host).ok, host).toBe(true);
    }
    expect(parseLanHubAddress(' http://192.168.1.20:4780/ ')).toEqual({ ok: true, hub: 'http://192.168.1.20:4780' });
  });

  it('is refused off the branch network, with the problem named', () => {
    for (const host of [
      '8.8.8.8:4780',
      '172.32.0.1',
      '192.169.1.1',
      'https://till.example.com',
      'http://evil.example:4780',
      '[2001:db8::1]:4780',
      '11.0.0.1',
    ]) {
      expect(parseLanHubAddress(host), host).toMatchObject({ ok: false, problem: 'not_lan' });
    }
    expect(parseLanHubAddress('ftp://192.168.1.20')).toMatchObject({ ok: false, problem: 'scheme' });
    expect(parseLanHubAddress('192.168.1.20:4780/k/secret')).toMatchObject({ ok: false, problem: 'path' });
    expect(parseLanHubAddress('http://[::1')).toMatchObject({ ok: false, problem: 'invalid' });
    expect(isLanHost('100.64.0.1')).toBe(false);
  });
});

describe('the screen’s requests', () => {
  it('Connect keeps the hub and the code, and asks for a restart; the next start pairs once with the code', async () => {
    expect(await answerHubRequest(file, { id: 1, kind: 'read' })).toEqual({ id: 1, ok: true, choice: { mode: 'hub' }, relaunching: false });
    const reply = await answerHubRequest(file, { id: 2, kind: 'use-hub', hub: '192.168.1.20:4780', code: ' 042 917 ' });
    expect(reply).toEqual({ id: 2, ok: true, choice: { mode: 'station', hub: 'http://192.168.1.20:4780' }, relaunching: true });
    expect(kept()).toEqual({ mode: 'station', hub: 'http://192.168.1.20:4780', pair_code: '042917' });
    expect(readHubChoice(file)).toEqual({ mode: 'station', hub: 'http://192.168.1.20:4780', pairCode: '042917' });
    // The start that follows fills in the hub's pairing form with it, once; the file keeps only the hub.
    expect(takePairCode(file)).toBe('042917');
    expect(kept()).toEqual({ mode: 'station', hub: 'http://192.168.1.20:4780' });
    expect(takePairCode(file)).toBeNull();
    expect(await answerHubRequest(file, { id: 3, kind: 'read' })).toMatchObject({ ok: true, choice: { mode: 'station', hub: 'http://192.168.1.20:4780' } });
  });

  it('Be the hub again writes the hub and restarts only when this till was a station', async () => {
    writeHubChoice(file, { mode: 'station', hub: 'http://10.0.0.2:4780' });
    expect(await answerHubRequest(file, { id: 4, kind: 'be-hub' })).toEqual({ id: 4, ok: true, choice: { mode: 'hub' }, relaunching: true });
    expect(kept()).toEqual({ mode: 'hub' });
    expect(await answerHubRequest(file, { id: 5, kind: 'be-hub' })).toMatchObject({ ok: true, relaunching: false });
  });

  it('a wrong address or code, or a malformed message, changes nothing and says why', async () => {
    writeHubChoice(file, { mode: 'hub' });
    const before = readFileSync(file, 'utf8');
    expect(await answerHubRequest(file, { id: 6, kind: 'use-hub', hub: 'https://till.example.com', code: '042917' })).toEqual({
      id: 6,
      ok: false,
      field: 'hub',
      reason: { code: 'hubChoice.address.not_lan' },
    });
    expect(await answerHubRequest(file, { id: 7, kind: 'use-hub', hub: 'ftp://192.168.1.20', code: '042917' })).toMatchObject({
      field: 'hub',
      reason: { code: 'hubChoice.address.scheme' },
    });
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      expect(await answerHubRequest(file, { id: 8, kind: 'use-hub', hub: '192.168.1.20', code }), code).toMatchObject({
        ok: false,
        field: 'code',
        reason: { code: 'hubChoice.code' },
      });
    }
    for (const message of [
      null,
      'use-hub',
      { kind: 'use-hub', hub: '192.168.1.20', code: '042917' },
      { id: 9, kind: 'use-hub', hub: '192.168.1.20', code: '042917', file: '/etc/passwd' },
      { id: 10, kind: 'run', command: 'rm' },
      { id: 11, kind: 'use-hub', hub: 'x'.repeat(201), code: '042917' },
      { id: -1, kind: 'read' },
    ]) {
      const reply = await answerHubRequest(file, message);
      expect(reply, JSON.stringify(message)).toMatchObject({ ok: false, field: null, reason: { code: 'hubChoice.request' } });
    }
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('the hub stays the hub when main’s checks refuse (orders waiting for upload, no manager’s approval)', async () => {
    const pending = async () => ({ code: 'hubChoice.pending', params: { count: '3' } });
    expect(await answerHubRequest(file, { id: 12, kind: 'use-hub', hub: '192.168.1.20', code: '042917' }, { mayLeaveHub: pending })).toEqual({
      id: 12,
      ok: false,
      field: null,
      reason: { code: 'hubChoice.pending', params: { count: '3' } },
    });
    expect(readHubChoice(file)).toEqual({ mode: 'hub' });
    // A broken file never strands a till: it reads as the hub, and Connect still works.
    writeHubChoice(file, { mode: 'hub' });
    writeFileSync(file, '{"mode":');
    expect(await answerHubRequest(file, { id: 13, kind: 'use-hub', hub: '192.168.1.20', code: '042917' }, { mayLeaveHub: async () => null })).toMatchObject({
      ok: true,
      relaunching: true,
    });
  });

  it('Be the standby keeps a LAN hub and its standby code, asks for a restart, and drops the code once paired (issue 36)', async () => {
    const reply = await answerHubRequest(file, { id: 14, kind: 'be-standby', hub: '192.168.1.20:4780', code: '731 002' }, { mayLeaveHub: async () => null });
    expect(reply).toEqual({ id: 14, ok: true, choice: { mode: 'standby', hub: 'http://192.168.1.20:4780' }, relaunching: true });
    expect(kept()).toEqual({ mode: 'standby', hub: 'http://192.168.1.20:4780', code: '731002' });
    expect(readHubChoice(file)).toEqual({ mode: 'standby', hub: 'http://192.168.1.20:4780', code: '731002' });
    // A station's pairing code is not a standby's: takePairCode leaves it.
    expect(takePairCode(file)).toBeNull();
    forgetStandbyCode(file);
    expect(kept()).toEqual({ mode: 'standby', hub: 'http://192.168.1.20:4780' });
    expect(await answerHubRequest(file, { id: 15, kind: 'read' })).toEqual({
      id: 15,
      ok: true,
      choice: { mode: 'standby', hub: 'http://192.168.1.20:4780' },
      relaunching: false,
    });
    // Back to the hub: a restart (the hub's own till.db, untouched by the standby's copy).
    expect(await answerHubRequest(file, { id: 16, kind: 'be-hub' })).toMatchObject({ ok: true, choice: { mode: 'hub' }, relaunching: true });
  });

  it('Be the standby refuses a public address, a short code, and a hub that may not leave, writing nothing', async () => {
    writeHubChoice(file, { mode: 'hub' });
    const before = readFileSync(file, 'utf8');
    expect(await answerHubRequest(file, { id: 17, kind: 'be-standby', hub: 'http://8.8.8.8:4780', code: '731002' })).toMatchObject({
      ok: false,
      field: 'hub',
      reason: { code: 'hubChoice.address.not_lan' },
    });
    expect(await answerHubRequest(file, { id: 18, kind: 'be-standby', hub: '10.0.0.9', code: '7310' })).toMatchObject({
      ok: false,
      field: 'code',
      reason: { code: 'hubChoice.standbyCode' },
    });
    const pending = async () => ({ code: 'hubChoice.pending', params: { count: '2' } });
    expect(await answerHubRequest(file, { id: 19, kind: 'be-standby', hub: '10.0.0.9', code: '731002' }, { mayLeaveHub: pending })).toMatchObject({
      ok: false,
      field: null,
      reason: { code: 'hubChoice.pending' },
    });
    expect(await answerHubRequest(file, { id: 20, kind: 'be-standby', hub: '10.0.0.9', code: '731002', extra: 1 })).toMatchObject({
      ok: false,
      reason: { code: 'hubChoice.request' },
    });
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('a hand-edited standby choice off the branch network, or with a bad code, reads as the hub', () => {
    writeHubChoice(file, { mode: 'standby', hub: 'http://10.0.0.9:4780' });
    expect(readHubChoice(file)).toEqual({ mode: 'standby', hub: 'http://10.0.0.9:4780' });
    for (const edited of [
      { mode: 'standby', hub: 'http://203.0.113.5:4780' },
      { mode: 'standby', hub: 'http://10.0.0.9:4780', code: '12' },
      { mode: 'standby', hub: 'http://10.0.0.9:4780/k/secret' },
      { mode: 'standby' },
    ]) {
      writeFileSync(file, JSON.stringify(edited));
      expect(readHubChoice(file), JSON.stringify(edited)).toEqual({ mode: 'hub' });
    }
  });
});

it('a standby that took over at its window is the hub from then on, on its own file; "be the hub" keeps that file', async () => {
  writeHubChoice(file, { mode: 'standby', hub: 'http://192.168.1.20:4780' });
  keepTookOver(file);
  expect(readHubChoice(file)).toEqual({ mode: 'hub', file: 'till-standby.db' });
  expect(await answerHubRequest(file, { id: 1, kind: 'read' })).toEqual({ id: 1, ok: true, choice: { mode: 'hub' }, relaunching: false });
  expect(await answerHubRequest(file, { id: 2, kind: 'be-hub' })).toEqual({ id: 2, ok: true, choice: { mode: 'hub' }, relaunching: false });
  expect(readHubChoice(file)).toEqual({ mode: 'hub', file: 'till-standby.db' });
  // Only a standby's choice changes; a hand-edited file naming another file is not followed (the hub's own till.db).
  writeHubChoice(file, { mode: 'station', hub: 'http://192.168.1.20:4780' });
  keepTookOver(file);
  expect(readHubChoice(file)).toEqual({ mode: 'station', hub: 'http://192.168.1.20:4780' });
  writeFileSync(file, JSON.stringify({ mode: 'hub', file: '../elsewhere.db' }));
  expect(readHubChoice(file)).toEqual({ mode: 'hub' });
});
