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
  return foldLetters(text).replace(SEPARATORS, ' ').trim();
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
  const words = normalizeSearchText(text).split(' ').filter(Boolean);
  const stems: string[] = [];
  for (const word of words) {
    const prefix = ARTICLE_PREFIXES.find((p) => word.startsWith(p) && word.length - p.length >= 2);
    if (prefix) stems.push(word.slice(prefix.length));
  }
  return [...words, ...stems].join(' ');
}
