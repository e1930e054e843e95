/**
 * One normalization for both sides of product search: the text stored in the
 * index and what the cashier types. SQLite's `remove_diacritics` only knows
 * Latin marks, so Arabic is folded here:
 * - harakat (fathatan..sukun, superscript alef, Quranic marks) and tatweel are dropped;
 * - alef forms أ إ آ ٱ become ا; ى becomes ي; ة becomes ه;
 * - Arabic-Indic and Persian digits become ASCII digits (barcodes, sizes);
 * - Latin is lower-cased; everything else that is not a letter or digit separates words.
 * So `قهوه` finds `قَهْوَة`, and `LATTE` finds "Latté".
 */
const ARABIC_MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E8\u06EA-\u06ED\u0640]/g;
const ALEF_FORMS = /[\u0622\u0623\u0625\u0671]/g;
const ARABIC_INDIC_DIGIT = /[\u0660-\u0669\u06F0-\u06F9]/g;
const LATIN_MARKS = /[\u0300-\u036f]/g;
const SEPARATORS = /[^\p{L}\p{N}]+/gu;
// Only these ranges change under compatibility decomposition in practice
// (accented Latin, ligatures, Arabic presentation forms); most names have
// none, and skipping two normalize() calls halves indexing time.
const DECOMPOSABLE = /[\u00A0-\u024F\u1E00-\u1EFF\uFB00-\uFDFF\uFE70-\uFEFF]/;

function foldCompatibility(text: string): string {
  return DECOMPOSABLE.test(text) ? text.normalize('NFKD').replace(LATIN_MARKS, '').normalize('NFC') : text;
}

/**
 * The folding every search of the till shares (products, customers): any
 * case, Latin accents dropped, the Arabic spellings people mix up made one,
 * Arabic digits made ASCII. Separators are left as they are.
 */
export function foldLetters(text: string): string {
  return foldCompatibility(text)
    .replace(ARABIC_MARKS, '')
    .replace(ALEF_FORMS, '\u0627')
    .replace(/\u0649/g, '\u064A')
    .replace(/\u0629/g, '\u0647')
    .replace(ARABIC_INDIC_DIGIT, (digit) => String(digit.charCodeAt(0) - (digit >= '\u06F0' ? 0x06f0 : 0x0660)))
    .toLowerCase();
}

export function normalizeSearchText(text: string): string {
  const length = foldPlain(text);
  return length < 0 ? normalizeAnyText(text) : codesToString(length);
}

/** The general path: any text, a regex pass per rule. */
function normalizeAnyText(text: string): string {
  return foldLetters(text).replace(SEPARATORS, ' ').trim();
}

/*
 * The fast path, for text of ASCII and the Arabic block (U+0600..U+06FF) only: nearly every name on a menu, and
 * the pull indexes 100,000 of them (the regex passes above were 0.5 s of a pull's 10 s, issue 37). In those ranges
 * every rule above is one character at a time (nothing there is decomposable, lower-casing needs no context), so a
 * table of what foldLetters makes of each character, built from foldLetters itself, folds the text in one pass:
 * KEEP-or-map, DROP (harakat, tatweel), SEPARATOR (a run of them is one space, none at either end).
 */
const DROP = -1;
const SEPARATOR = -2;
const ELSEWHERE = -3;
const PLAIN_END = 0x0700;
const FOLDED = new Int32Array(PLAIN_END).fill(ELSEWHERE);
for (let code = 0; code < PLAIN_END; code++) {
  if (code >= 0x80 && code < 0x0600) continue;
  const folded = foldLetters(String.fromCharCode(code));
  if (folded === '') FOLDED[code] = DROP;
  else if (folded.length === 1) FOLDED[code] = /^[\p{L}\p{N}]$/u.test(folded) ? folded.charCodeAt(0) : SEPARATOR;
}

const MAX_PLAIN_CHARS = 8_192;

/** The folded text of the last foldPlain (UTF-16 code units; a plain array is made a string faster than a typed one). */
const codes: number[] = [];

function codesToString(length: number): string {
  codes.length = length;
  return String.fromCharCode.apply(null, codes);
}

/** `text` normalized into `codes` (returns its length), or -1 when a character is outside the fast path's ranges. */
function foldPlain(text: string): number {
  // Longer than any name (a pasted page): the general path, without a buffer of its size kept.
  if (text.length > MAX_PLAIN_CHARS) return -1;
  let length = 0;
  let pendingSpace = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const folded = code < PLAIN_END ? FOLDED[code]! : ELSEWHERE;
    if (folded >= 0) {
      if (pendingSpace) {
        codes[length++] = 0x20;
        pendingSpace = false;
      }
      codes[length++] = folded;
    } else if (folded === SEPARATOR) {
      pendingSpace = length > 0;
    } else if (folded === ELSEWHERE) {
      return -1;
    }
  }
  return length;
}

/** The words of a query, normalized, for a prefix match on each. */
export function searchTerms(query: string): string[] {
  const normalized = normalizeSearchText(query);
  return normalized === '' ? [] : normalized.split(' ');
}

// The definite article and the one-letter prepositions that fuse with it
// ("بالزعفران" = "with the saffron"); longest first.
const ARTICLE_PREFIXES = ['وبال', 'فبال', 'بال', 'وال', 'فال', 'كال', 'لل', 'ال'];

/**
 * The text to index for a name: its normalized words plus, for Arabic words
 * that carry the article, the bare stem, so typing "زعفران" finds
 * "لاتيه بالزعفران" while "الزعفران" still matches the full word.
 */
export function searchIndexText(text: string): string {
  const length = foldPlain(text);
  if (length < 0) return withStems(normalizeAnyText(text));
  // The words are in `codes`: each stem is appended there after a space, and the whole made a string once.
  let end = length;
  for (let start = 0; start < length;) {
    let wordEnd = start;
    while (wordEnd < length && codes[wordEnd] !== 0x20) wordEnd++;
    const prefix = articleAt(start, wordEnd);
    if (prefix > 0) {
      codes[end++] = 0x20;
      for (let at = start + prefix; at < wordEnd; at++) codes[end++] = codes[at]!;
    }
    start = wordEnd + 1;
  }
  return codesToString(end);
}

const ARTICLE_CODES = ARTICLE_PREFIXES.map((prefix) => Array.from(prefix, (letter) => letter.charCodeAt(0)));

/** The length of the first of ARTICLE_PREFIXES the word codes[start..end) begins with, leaving two letters or more; else 0. */
function articleAt(start: number, end: number): number {
  // Every prefix begins with one of و ف ب ك ل ا (U+0627..U+0648): Latin words and most others are passed at once.
  const first = codes[start]!;
  if (first < 0x0627 || first > 0x0648) return 0;
  for (const prefix of ARTICLE_CODES) {
    if (end - start - prefix.length < 2) continue;
    let at = 0;
    while (at < prefix.length && codes[start + at] === prefix[at]) at++;
    if (at === prefix.length) return at;
  }
  return 0;
}

/** The general path's index text: the normalized words, then the stems. */
function withStems(normalized: string): string {
  const words = normalized.split(' ').filter(Boolean);
  const stems: string[] = [];
  for (const word of words) {
    const prefix = ARTICLE_PREFIXES.find((p) => word.startsWith(p) && word.length - p.length >= 2);
    if (prefix) stems.push(word.slice(prefix.length));
  }
  return [...words, ...stems].join(' ');
}
