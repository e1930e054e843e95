// Emoji on paper. The bundled fonts (Noto Sans, Noto Sans Arabic) have no
// emoji, so a product named "Latte ☕" drew a box (tofu) in the raster and a
// "?" in a printer's code page. The till ships no colour-emoji font (a
// colour glyph thresholded to black dots is a blot anyway, and the
// renderer's support for COLRv1 varies), so emoji are left out of what
// prints, with the space around them tidied: "Latte ☕ Hot" → "Latte Hot".
// Everything the Latin and Arabic fonts draw (©, ®, ™, letters, digits) stays.
import type { ReceiptBlock, ReceiptDocument } from './receipt-document.ts';

/** One emoji: a pictograph or a flag, with its variation selectors, skin tones, keycap and tag marks; ZWJ sequences as one run. */
const EMOJI_RUN =
  /(?:(?![\u00A9\u00AE\u2122])\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\uFE0E|\uFE0F|\u200D|\u20E3|[\u{E0020}-\u{E007F}])+/gu;
const MAYBE_EMOJI = /(?:(?![\u00A9\u00AE\u2122])\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\uFE0E|\uFE0F|\u200D|\u20E3)/u;

/** `text` without emoji; one space is kept where an emoji stood between two words, none at an edge. */
export function withoutEmoji(text: string): string {
  if (!MAYBE_EMOJI.test(text)) return text;
  let out = '';
  let next = 0;
  for (const match of text.matchAll(EMOJI_RUN)) {
    out += text.slice(next, match.index);
    next = match.index + match[0].length;
    const atStart = out === '';
    if ((atStart || out.endsWith(' ')) && text[next] === ' ') next++;
    else if (out.endsWith(' ') && next === text.length) out = out.slice(0, -1);
  }
  return out + text.slice(next);
}

function blockWithoutEmoji(block: ReceiptBlock): ReceiptBlock {
  switch (block.kind) {
    case 'text':
      return { ...block, text: withoutEmoji(block.text), ...(block.right !== undefined ? { right: withoutEmoji(block.right) } : {}) };
    case 'bilingual':
      return { ...block, en: withoutEmoji(block.en), ar: withoutEmoji(block.ar), ...(block.right !== undefined ? { right: withoutEmoji(block.right) } : {}) };
    default:
      return block;
  }
}

/** The document as it can print: every line without emoji. Blocks without any come back as they were. */
export function printableDocument(doc: ReceiptDocument): ReceiptDocument {
  return { ...doc, blocks: doc.blocks.map(blockWithoutEmoji) };
}
