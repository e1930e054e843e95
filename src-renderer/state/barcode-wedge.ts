/**
 * A barcode scanner in keyboard-wedge mode "types" its code very fast and
 * presses Enter. When no text field has focus, such a burst is a scan, not
 * a person: it is taken away from the page (so Enter does not also press
 * the focused button) and handed to `onScan`.
 */
export interface WedgeOptions {
  /** Longest pause between a scanner's keystrokes; people are slower. */
  maxGapMs?: number;
  /** Shorter bursts are people pressing keys. */
  minLength?: number;
}

export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type);
  return false;
}

export function listenForBarcodes(target: Window, onScan: (code: string) => void, options: WedgeOptions = {}): () => void {
  const maxGap = options.maxGapMs ?? 60;
  const minLength = options.minLength ?? 4;
  let buffer = '';
  let lastAt = -Infinity;

  const onKeyDown = (event: KeyboardEvent) => {
    if (isTextField(event.target) || event.ctrlKey || event.metaKey || event.altKey) {
      buffer = '';
      return;
    }
    const gap = event.timeStamp - lastAt;
    if (event.key === 'Enter') {
      if (buffer.length >= minLength && gap <= maxGap) {
        event.preventDefault();
        event.stopImmediatePropagation();
        onScan(buffer);
      }
      buffer = '';
      return;
    }
    if (event.key.length !== 1) return;
    buffer = gap <= maxGap ? buffer + event.key : event.key;
    lastAt = event.timeStamp;
  };
  // Capture phase, so the scan is seen before any button or shortcut handler.
  target.addEventListener('keydown', onKeyDown, true);
  return () => target.removeEventListener('keydown', onKeyDown, true);
}
