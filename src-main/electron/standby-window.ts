import { z } from 'zod';
import type { StandbyWindowReply, StandbyWindowView } from '../../src-shared/stations/index.ts';
import type { ClientContext } from '../host/index.ts';
import type { PairStatus } from '../standby/index.ts';
import type { TakeOverApproval } from './take-over-approval.ts';

// The desktop standby's own window (issue 36): a desktop hub serves no
// stations, so in a pair of two desktop tills nobody but this window can
// tell a dead hub from a split network, and the take-over is a manager's
// decision made here (docs/standby.md). Main carries the messages over the
// app shell's port; everything is decided here. Free of `electron`, so
// plain Node tests it.

/** What the window asks of the pair (PairNode): its status, and the same take-over `pos standby promote` makes. */
export interface StandbyWindowNode {
  status(): PairStatus;
  takeOver(): void;
}

const id = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const request = z.discriminatedUnion('kind', [
  z.strictObject({ id, kind: z.literal('standby-read') }),
  z.strictObject({ id, kind: z.literal('take-over'), manager_pin: z.string().max(20) }),
]);
const KINDS: ReadonlySet<unknown> = new Set(['standby-read', 'take-over']);

export class StandbyWindow {
  constructor(
    private readonly options: {
      node: StandbyWindowNode;
      approval: TakeOverApproval;
      client: ClientContext;
      /** After a take-over: main keeps this computer as the hub from now on (till-app.json). */
      onTookOver?: () => void;
      log: (line: string) => void;
    },
  ) {}

  /** Whether a message of the app shell's port is this window's (else it is the hub choice's). */
  static asks(message: unknown): boolean {
    return typeof message === 'object' && message !== null && KINDS.has((message as { kind?: unknown }).kind);
  }

  /** The standby (or an old hub that stepped down) as its window shows it; null as the hub. */
  view(): StandbyWindowView | null {
    const status = this.options.node.status();
    if (status.role === 'hub') return null;
    const standby = status.standby;
    return {
      role: status.role,
      epoch: status.epoch,
      hub: status.peer_url,
      behind: standby ? Math.max(0, standby.hub_head - standby.applied) : 0,
      hub_silent_ms: standby?.hub_silent_ms ?? 0,
      failover_ms: standby?.failover_ms ?? 0,
      may_take_over: standby !== null && standby.hub_silent_ms >= standby.failover_ms,
    };
  }

  /**
   * Answers one message: `standby-read` tells the view; `take-over` makes
   * this standby the hub, only once the hub has been silent
   * `hub.failover_seconds` and with a manager's approval (TakeOverApproval:
   * audited), exactly as `pos standby promote` does (the epoch goes up; the
   * old hub steps down when it sees it), and the window sells as the hub.
   */
  async answer(message: unknown): Promise<StandbyWindowReply> {
    const parsed = request.safeParse(message);
    if (!parsed.success) {
      const asked = typeof message === 'object' && message !== null ? (message as { id?: unknown }).id : undefined;
      return { id: id.safeParse(asked).success ? (asked as number) : null, ok: false, reason: { code: 'standby.request' } };
    }
    const asked = parsed.data;
    if (asked.kind === 'standby-read') return { id: asked.id, ok: true, view: this.view() };
    const before = this.view();
    const refused = this.cannotTakeOver(before);
    if (refused || !before) return { id: asked.id, ok: false, reason: { code: refused ?? 'standby.notStandby' } };
    const detail = `the hub ${before.hub ?? '?'} silent ${Math.floor(before.hub_silent_ms / 1000)} s, epoch ${before.epoch}`;
    const decision = await this.options.approval.decide(this.options.client, asked.manager_pin || null, detail);
    if (!decision.approved) return { id: asked.id, ok: false, reason: { code: decision.code } };
    // The PIN's hash took a moment: the hub may have answered meanwhile.
    const still = this.cannotTakeOver(this.view());
    if (still) return { id: asked.id, ok: false, reason: { code: still } };
    try {
      this.options.node.takeOver();
    } catch (error) {
      this.options.log(`Standby: the take-over failed (${(error as Error).message}).`);
      return { id: asked.id, ok: false, reason: { code: 'standby.takeOverFailed', params: { error: (error as Error).message } } };
    }
    this.options.approval.flush();
    this.options.onTookOver?.();
    const { epoch } = this.options.node.status();
    this.options.log(`Standby: ${decision.by} took over as the branch's hub at this window (epoch ${epoch}).`);
    return { id: asked.id, ok: true, view: this.view(), took_over: { epoch } };
  }

  /**
   * Why a take-over cannot happen now (a reason code), or null. A standby
   * that listens for no peer (`hub.desktop_standby_port` 0) never takes over
   * here: the old hub, back, asks its peer for a newer epoch, and would never
   * learn of this one (two hubs writing); `pos standby promote` remains.
   */
  private cannotTakeOver(view: StandbyWindowView | null): string | null {
    if (!view || view.role !== 'standby') return 'standby.notStandby';
    if (!view.may_take_over) return 'standby.hubAnswers';
    return this.options.node.status().this_url === null ? 'standby.noListener' : null;
  }
}
