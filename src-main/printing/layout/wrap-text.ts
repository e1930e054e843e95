// Word wrapping shared by the text-mode (characters) and raster (dots)
// layouts, so a long item name breaks at the same words in both.

/** Width of a piece of text in the caller's unit (characters or dots). */
export type Measure = (text: string) => number;

/**
 * Splits `text` into lines no wider than `maxWidth`, breaking at spaces and
 * at "\n"; a single word wider than a line is broken between code points
 * rather than running off the paper. Leading spaces are kept as an indent on
 * every line of the paragraph ("  + extra shot" under its item). Always
 * returns at least one line.
 */
export function wrapText(text: string, maxWidth: number, measure: Measure): string[] {
  return text.split(/\r?\n/).flatMap((paragraph) => wrapParagraph(paragraph, maxWidth, measure));
}

function wrapParagraph(text: string, maxWidth: number, measure: Measure): string[] {
  let indent = /^ */.exec(text)?.[0] ?? '';
  // An indent that leaves no room for a character is dropped, not obeyed.
  if (measure(`${indent}M`) > maxWidth) indent = '';
  const words = text.split(/ +/).filter((w) => w.length > 0);
  // Most lines fit: then the word-by-word loop below would end with all of them on one line, so measure that once.
  // (A line's width only grows as words are added, so a line that fits never broke earlier.)
  const whole = indent + words.join(' ');
  if (words.length > 0 && measure(whole) <= maxWidth) return [whole];
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line === '' ? indent + word : `${line} ${word}`;
    if (measure(candidate) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    line = '';
    for (const piece of breakWord(word, maxWidth - measure(indent), measure)) {
      if (line !== '') lines.push(line);
      line = indent + piece;
    }
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}

function breakWord(word: string, maxWidth: number, measure: Measure): string[] {
  if (measure(word) <= maxWidth) return [word];
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece !== '' && measure(piece + char) > maxWidth) {
      pieces.push(piece);
      piece = '';
    }
    piece += char;
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}

/** Monospace lines for text mode: the amount column padded to the right edge of the first line. */
export function layoutColumns(text: string, right: string | undefined, columns: number): string[] {
  const chars: Measure = (s) => [...s].length;
  if (right === undefined || right === '') return wrapText(text, columns, chars);
  const rightWidth = chars(right);
  const room = columns - rightWidth - 1;
  if (room < 1) return [...wrapText(text, columns, chars), right.padStart(columns)];
  const lines = wrapText(text, room, chars);
  const first = lines[0] ?? '';
  return [first + ' '.repeat(columns - rightWidth - chars(first)) + right, ...lines.slice(1)];
}
