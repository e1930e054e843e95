import { expect, it } from 'vitest';
import { openDatabase } from '../../../src-main/db/index.ts';
import { StandbyWindow, type StandbyWindowNode } from '../../../src-main/electron/standby-window.ts';
import { TakeOverApproval } from '../../../src-main/electron/take-over-approval.ts';
import { ELECTRON_WINDOW } from '../../../src-main/host/index.ts';
import type { PairStatus } from '../../../src-main/standby/index.ts';
import { tempDir } from '../../support/temp-dir.ts';

// Issue 36: a desktop standby that listens for no peer (hub.desktop_standby_port
// 0) never takes over at its window: the old hub, back, asks its peer for a
// newer epoch and would never learn of this one. The take-over itself, on real
// files and real HTTP, is test/integration/standby/desktop-standby-takeover.test.ts.

it('refuses a take-over while this standby listens for no peer, before any PIN is checked', async () => {
  const dir = tempDir('till-standby-window-');
  const db = openDatabase(dir.file('till-standby.db'));
  try {
    let tookOver = 0;
    const status = (thisUrl: string | null): PairStatus => ({
      role: 'standby',
      epoch: 1,
      this_url: thisUrl,
      peer_url: 'http://192.168.1.20:4780',
      hub: null,
      standby: { applied: 7, hub_head: 9, hub_silent_ms: 12_000, failover_ms: 10_000, waiting_for: 'majority', stations_here: 0, stations_in_use: 1 },
      at: 0,
    });
    let listening: string | null = null;
    const node: StandbyWindowNode = { status: () => status(listening), takeOver: () => void tookOver++ };
    const window = new StandbyWindow({ node, approval: new TakeOverApproval({ db, now: Date.now, log: () => {} }), client: ELECTRON_WINDOW, log: () => {} });
    expect(window.view()).toMatchObject({ role: 'standby', behind: 2, may_take_over: true });
    expect(await window.answer({ id: 1, kind: 'take-over', manager_pin: '2468' })).toEqual({ id: 1, ok: false, reason: { code: 'standby.noListener' } });
    expect(tookOver).toBe(0);
    // Listening: the take-over goes on (this till has no cashiers yet: its own window approves).
    listening = 'http://192.168.1.21:4780';
    expect(await window.answer({ id: 2, kind: 'take-over', manager_pin: '' })).toMatchObject({ id: 2, ok: true });
    expect(tookOver).toBe(1);
  } finally {
    db.close();
    dir.cleanup();
  }
});
