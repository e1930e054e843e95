/**
 * Whether the cashier's hand is on the screen, or was a moment ago: what a
 * notice that leaves by itself waits for (till-state.svelte.ts). In the
 * till's layout the notices are a row above the screen, so one leaving moves
 * everything below it up by its height: while a finger came down on a tile,
 * the tile moved away and the tap was lost (or, the next moment, another
 * tile was under it). A notice leaves only once no pointer is down and none
 * came down for TOUCH_SETTLE_MS.
 */
export const TOUCH_SETTLE_MS = 1_500;

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

/** How long to wait before the screen may move: 0 when no pointer is down and none came down for TOUCH_SETTLE_MS. */
export function untilTouchSettled(now = performance.now()): number {
  if (pressed > 0) return TOUCH_SETTLE_MS;
  return Math.max(0, lastTouchAt + TOUCH_SETTLE_MS - now);
}
