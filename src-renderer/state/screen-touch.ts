/**
 * Whether the cashier's hand is on the screen, or was a moment ago: what a
 * notice that leaves by itself waits for (till-state.svelte.ts). In the
 * till's layout the notices are a row above the screen, so one leaving moves
 * everything below it up by its height: while a finger came down on a tile,
 * the tile moved away and the tap was lost (or the next tile was under it).
 * A notice never leaves while a pointer is down, and waits TOUCH_SETTLE_MS
 * after the last one came down or up (the next tap of a run of taps), at
 * most NOTICE_WAITS_AT_MOST_MS beyond its time, so it does not stay up
 * through a whole rush.
 */
export const TOUCH_SETTLE_MS = 300;
export const NOTICE_WAITS_AT_MOST_MS = 1_000;

let pressed = 0;
let lastTouchAt = Number.NEGATIVE_INFINITY;
let watching = false;

/** Starts watching the window's pointers (once; nothing where there is no window). */
export function watchScreenTouches(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  const down = () => {
    pressed++;
    lastTouchAt = performance.now();
  };
  const up = () => {
    pressed = Math.max(0, pressed - 1);
    lastTouchAt = performance.now();
  };
  // Capture: a handler that stops the event (a dialog's backdrop) must not hide a touch from this.
  window.addEventListener('pointerdown', down, { capture: true, passive: true });
  window.addEventListener('pointerup', up, { capture: true, passive: true });
  window.addEventListener('pointercancel', up, { capture: true, passive: true });
}

/** Whether a pointer is down on the screen now. */
export function fingerDown(): boolean {
  return pressed > 0;
}

/** How long until TOUCH_SETTLE_MS have passed since a pointer last came down or up (0: already). */
export function untilTouchSettled(now = performance.now()): number {
  return Math.max(0, lastTouchAt + TOUCH_SETTLE_MS - now);
}
