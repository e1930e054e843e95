import type { TillApi } from '../../src-shared/api/index.ts';
import type { TillState } from './till-state.svelte.ts';

/**
 * A list a Branch tab edits through the till (stations, tables): each
 * change answers with the whole list as it is now, so the screen shows
 * that rather than patching its own copy. Refused, the till's notice says
 * why and the list stays as it was. A removal waits for the manager's yes.
 */
export class EditedList<T> {
  items = $state.raw<T[] | null>(null);
  busy = $state(false);
  /** The item whose removal is being confirmed. */
  removing = $state.raw<T | null>(null);

  constructor(
    private readonly till: Pick<TillState, 'attempt'>,
    private readonly read: (api: TillApi) => Promise<T[]>,
  ) {}

  async load(): Promise<void> {
    this.items = (await this.till.attempt(this.read)) ?? this.items;
  }

  async change(work: (api: TillApi) => Promise<T[]>, done: () => void): Promise<void> {
    this.busy = true;
    const next = await this.till.attempt(work);
    this.busy = false;
    if (next) {
      this.items = next;
      done();
    }
  }

  /** The confirmed removal of `removing` (closing the question first, as a second yes must not send it twice). */
  remove(work: (api: TillApi, target: T) => Promise<T[]>, done: (target: T) => void): void {
    const target = this.removing;
    this.removing = null;
    if (target === null) return;
    void this.change(
      (api) => work(api, target),
      () => done(target),
    );
  }
}
