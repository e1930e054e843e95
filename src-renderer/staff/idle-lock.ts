/**
 * Calls `lock` once no pointer, key or touch has come for `idleMs`. Returns
 * the cleanup. The check runs every few seconds rather than on one long
 * timer, so a computer waking from sleep locks at once.
 */
export function onIdle(idleMs: number, lock: () => void): () => void {
  let last = Date.now();
  const touch = () => (last = Date.now());
  const events = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;
  for (const name of events) window.addEventListener(name, touch, { passive: true, capture: true });
  const timer = setInterval(
    () => {
      if (Date.now() - last >= idleMs) {
        last = Date.now();
        lock();
      }
    },
    Math.min(5_000, idleMs),
  );
  return () => {
    clearInterval(timer);
    for (const name of events) window.removeEventListener(name, touch, { capture: true });
  };
}
