/**
 * A barcode scanner in keyboard-wedge mode "types" its code very fast and
 * presses Enter. When no text field has focus, such a burst is a scan, not
 * a person: it is taken away from the page (so Enter does not also press
 * the focused button) and handed to `onScan`. Which bursts are scans is
 * decided by `createWedgeRecognizer`, from the keys' own time stamps.
 */
import { createWedgeRecognizer, type WedgeOptions } from './wedge-recognizer.ts';

export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type);
  return false;
}

export function listenForBarcodes(target: Window, onScan: (code: string) => void, options: WedgeOptions = {}): () => void {
  const recognize = createWedgeRecognizer(options);
  const onKeyDown = (event: KeyboardEvent) => {
    const typing = isTextField(event.target) || event.ctrlKey || event.metaKey || event.altKey;
    const verdict = recognize({ key: event.key, at: event.timeStamp, typing });
    if (verdict.kind !== 'scan') return;
    event.preventDefault();
    event.stopImmediatePropagation();
    onScan(verdict.code);
  };
  // Capture phase, so the scan is seen before any button or shortcut handler.
  target.addEventListener('keydown', onKeyDown, true);
  return () => target.removeEventListener('keydown', onKeyDown, true);
}
