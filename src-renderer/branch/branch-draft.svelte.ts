import { getContext, setContext } from 'svelte';

/**
 * The Branch screen's one saving model, for every tab (Printers, Kitchens,
 * Receipt, Till, and the tabs added later): a tab edits a draft of what is
 * saved; problems are found as it is typed and shown at their field; the
 * screen's one bar says whether there are unsaved changes and holds Save
 * and Discard; leaving the tab or the screen with unsaved changes asks
 * first. A tab makes a `Draft` with what is saved, how to check it and how
 * to save it, and hands it to `showDraft` so the screen's bar works it.
 */

/** A field's problem, in the UI's language; null or absent: fine. */
export type FieldProblems<T> = Partial<Record<keyof T & string, string | null>>;

export interface DraftOptions<T> {
  /** What the host has now. */
  saved: T;
  /** Problems of the value as it stands, by field (checked as it is typed; they block Save). */
  check?: (value: T) => FieldProblems<T>;
  /**
   * Sends the changed fields; resolves true once they are saved. The tab
   * calls `rebase` with the host's answer, and `refuse` for a field the
   * host turned down (shown at that field until it is edited).
   */
  save: (value: T, changed: (keyof T & string)[]) => Promise<boolean>;
}

const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);
const copy = <V>(value: V): V => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as V));

export class Draft<T extends object> implements DraftControls {
  /** What is being edited; bind fields to it. */
  value = $state() as T;
  /** What the host has. */
  saved = $state.raw() as T;
  saving = $state(false);
  /** The host's refusals at the last save, by field, with the value refused: shown until that field changes. */
  private refusals = $state.raw<Partial<Record<keyof T & string, { text: string; value: unknown }>>>({});

  readonly #options: DraftOptions<T>;

  constructor(options: DraftOptions<T>) {
    this.#options = options;
    this.saved = copy(options.saved);
    this.value = copy(options.saved);
  }

  /** The fields that differ from what is saved. */
  readonly changed = $derived.by(() => (Object.keys(this.value) as (keyof T & string)[]).filter((key) => !same(this.value[key], this.saved[key])));
  readonly dirty = $derived(this.changed.length > 0);
  readonly problems = $derived.by((): FieldProblems<T> => {
    const found: FieldProblems<T> = { ...(this.#options.check?.(this.value) ?? {}) };
    for (const [key, refusal] of Object.entries(this.refusals) as [keyof T & string, { text: string; value: unknown } | undefined][]) {
      if (!refusal) continue;
      if (!found[key] && same(this.value[key], refusal.value)) found[key] = refusal.text;
    }
    return found;
  });
  readonly invalid = $derived(Object.values(this.problems).some((problem) => Boolean(problem)));

  /** The problem to show at a field, or null. */
  problem(field: keyof T & string): string | null {
    return this.problems[field] ?? null;
  }

  /** The host turned this field's value down: say why at the field until it is edited. */
  refuse(field: keyof T & string, text: string): void {
    this.refusals = { ...this.refusals, [field]: { text, value: copy(this.value[field]) } };
  }

  /** Back to what is saved. */
  discard(): void {
    this.value = copy(this.saved);
    this.refusals = {};
  }

  /**
   * What the host has now (an action such as unbinding, another screen's
   * save): fields not being edited follow it, edited ones are kept, except
   * those in `taken` (just saved: they show what the host kept, a bare IP
   * as tcp://IP:9100).
   */
  rebase(next: T, taken: readonly (keyof T & string)[] = []): void {
    if (taken.length === 0 && same(next, this.saved)) return;
    const value = copy(next);
    // A field that is gone from the host's answer (a printer removed upstream) is not kept.
    for (const key of this.changed) if (key in value && !taken.includes(key)) value[key] = this.value[key];
    this.saved = copy(next);
    this.value = value;
  }

  /** Saved: the draft is what the host has now, wholly. */
  accept(next: T): void {
    this.refusals = {};
    this.saved = copy(next);
    this.value = copy(next);
  }

  /** Saves the changes when there are some and nothing is wrong; true when saved. */
  async submit(): Promise<boolean> {
    if (!this.dirty || this.invalid || this.saving) return false;
    this.saving = true;
    this.refusals = {};
    try {
      return await this.#options.save(copy(this.value), this.changed);
    } finally {
      this.saving = false;
    }
  }
}

/** What the screen's bar and its "leave without saving?" question need of a tab's draft, whatever it edits. */
export interface DraftControls {
  readonly dirty: boolean;
  readonly invalid: boolean;
  readonly saving: boolean;
  discard(): void;
  submit(): Promise<boolean>;
}

/** Where the open tab's draft is, for the screen's bar and its "leave without saving?" question. */
export class DraftSlot {
  current = $state.raw<DraftControls | null>(null);
  // The same, not reactive: a closing tab's teardown reads state as it was before (Svelte), so it checks this one.
  #shown: DraftControls | null = null;

  get dirty(): boolean {
    return this.current?.dirty ?? false;
  }

  show(draft: DraftControls): void {
    this.#shown = draft;
    this.current = draft;
  }

  /** A tab closed: its draft leaves the bar, unless the next tab's is already there. */
  hide(draft: DraftControls): void {
    if (this.#shown !== draft) return;
    this.#shown = null;
    this.current = null;
  }
}

const SLOT = Symbol('branch-draft-slot');

/** Called by the Branch screen's shell: its tabs' drafts are shown in its bar. */
export function provideDraftSlot(): DraftSlot {
  const slot = new DraftSlot();
  setContext(SLOT, slot);
  return slot;
}

/** Called by a tab when it is made: its draft is the one the screen's bar saves and discards while the tab is open. */
export function showDraft<T extends object>(draft: Draft<T>): Draft<T> {
  const slot = getContext<DraftSlot | undefined>(SLOT);
  if (slot) {
    slot.show(draft);
    $effect(() => () => slot.hide(draft));
  }
  return draft;
}
