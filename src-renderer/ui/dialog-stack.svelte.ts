/**
 * The modal dialogs open right now, oldest first. A modal dialog makes the
 * page under it inert and paints over it, so a notice raised while one is
 * open is shown inside the topmost dialog, beside the action that raised it,
 * rather than under the backdrop where the cashier cannot see it.
 */
import { untrack } from 'svelte';

const open = $state<{ ids: number[] }>({ ids: [] });
let seq = 0;

/** Registers a dialog that has just opened; returns its id and the call that removes it again. */
// Called from a dialog's mount effect: reading the list there must not make that effect depend on it (it writes it).
export function pushDialog(): { id: number; pop: () => void } {
  const id = ++seq;
  untrack(() => open.ids.push(id));
  return {
    id,
    pop: () =>
      untrack(() => {
        const at = open.ids.indexOf(id);
        if (at >= 0) open.ids.splice(at, 1);
      }),
  };
}

/** The id of the dialog on top, or null when none is open. */
export function topDialog(): number | null {
  return open.ids.at(-1) ?? null;
}
