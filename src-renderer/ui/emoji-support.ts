let answer: boolean | null = null;

/**
 * Whether this browser draws colour emoji at all. Debian's Chromium draws
 * the bundled COLRv1 emoji font blank, so an emoji the service sends (a
 * category's icon) would be an empty gap: draw one on a canvas once and look
 * for any painted pixel.
 */
export function emojiDraws(): boolean {
  if (answer !== null) return answer;
  try {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 32;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return (answer = true);
    context.font = `24px ${getComputedStyle(document.documentElement).fontFamily}`;
    context.textBaseline = 'top';
    context.fillText('\u{1F37D}\u{FE0F}', 2, 2);
    const pixels = context.getImageData(0, 0, 32, 32).data;
    answer = false;
    for (let i = 3; i < pixels.length; i += 4) {
      if (pixels[i]! > 0) {
        answer = true;
        break;
      }
    }
  } catch {
    answer = true;
  }
  return answer;
}
