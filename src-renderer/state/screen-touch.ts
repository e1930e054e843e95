/**
 * Whether the cashier's hand is on the screen, or was a moment ago: what a
 * notice that leaves by itself waits for (till-state.svelte.ts). In the
 * till's layout the notices are a row above the screen, so one leaving moves
 * everything below it up by its height: while a finger came down on a tile,
 * the tile moved away and the tap was lost (or the next tile was under it).
 * A notice never leaves while a pointer is down, and waits TOUCH_SETTLE_MS
 * after the last one came down or up (the next tap of a run of taps), at
 * most NOTICE_WAITS_AT_MOST_MS beyond its time (the time a finger is held
 * down aside), so it does not stay up through a whole rush.
 */
export const TOUCH_SETTLE_MS = 300;
export const NOTICE_WAITS_AT_MOST_MS = 1_000;

/** The pointers down now, by id: a pointerdown seen twice or an up for a pointer never seen down counts once or not at all. */
const down = new Set<number>();
let lastTouchAt = Number.NEGATIVE_INFINITY;
let watching = false;

/** Starts watching the window's pointers (once; nothing where there is no window). */
export function watchScreenTouches(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  const pressed = (event: PointerEvent) => {
    down.add(event.pointerId);
    lastTouchAt = performance.now();
  };
  const released = (event: PointerEvent) => {
    down.delete(event.pointerId);
    lastTouchAt = performance.now();
  };
  // Capture: a handler that stops the event (a dialog's backdrop) must not hide a touch from this.
  window.addEventListener('pointerdown', pressed, { capture: true, passive: true });
  window.addEventListener('pointerup', released, { capture: true, passive: true });
  window.addEventListener('pointercancel', released, { capture: true, passive: true });
  // A window that loses the focus mid-press may never hear the pointer come up: no notice waits for it forever.
  window.addEventListener('blur', () => down.clear());
}

/** Whether a pointer is down on the screen now. */
export function fingerDown(): boolean {
  return down.size > 0;
}

/** How long until TOUCH_SETTLE_MS have passed since a pointer last came down or up (0: already). */
export function untilTouchSettled(now = performance.now()): number {
  return Math.max(0, lastTouchAt + TOUCH_SETTLE_MS - now);
}
