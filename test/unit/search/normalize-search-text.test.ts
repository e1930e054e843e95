import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeSearchText, searchIndexText, searchTerms } from '../../../src-shared/search/index.ts';

describe('normalizeSearchText', () => {
  it('strips harakat and tatweel so a plain spelling finds a vocalized one', () => {
    expect(normalizeSearchText('قَهْوَة')).toBe(normalizeSearchText('قهوه'));
    expect(normalizeSearchText('مـــوكا')).toBe('موكا');
    expect(normalizeSearchText('شَايٌ')).toBe('شاي');
  });

  it('unifies alef forms, alef maqsura and ta marbuta', () => {
    expect(normalizeSearchText('أ إ آ ٱ')).toBe('ا ا ا ا');
    expect(normalizeSearchText('حلوى')).toBe('حلوي');
    expect(normalizeSearchText('كعكة')).toBe('كعكه');
  });

  it('folds Latin case and accents, and Arabic-Indic digits', () => {
    expect(normalizeSearchText('Latté MACCHIATO')).toBe('latte macchiato');
    expect(normalizeSearchText('٣٤٥ ۶')).toBe('345 6');
  });

  it('turns punctuation into word breaks', () => {
    expect(searchTerms('  Iced-latte, (large) ')).toEqual(['iced', 'latte', 'large']);
    expect(searchTerms(' ... ')).toEqual([]);
  });
});

describe('searchIndexText', () => {
  it('adds the stem of Arabic words that carry the article', () => {
    expect(searchIndexText('لاتيه بالزعفران').split(' ')).toEqual(['لاتيه', 'بالزعفران', 'زعفران']);
    expect(searchIndexText('القهوة العربية').split(' ')).toEqual(['القهوه', 'العربيه', 'قهوه', 'عربيه']);
  });

  it('leaves short words and Latin alone', () => {
    expect(searchIndexText('ال Latte')).toBe('ال latte');
  });
});

/**
 * The regex chain the one-pass folding replaced (issue 37), kept here as the
 * oracle: for any text, the fast path (ASCII and the Arabic block) and the
 * general path together must give what it gave.
 */
const oracle = (() => {
  const ARABIC_MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E8\u06EA-\u06ED\u0640]/g;
  const fold = (text: string) =>
    (/[\u00A0-\u024F\u1E00-\u1EFF\uFB00-\uFDFF\uFE70-\uFEFF]/.test(text)
      ? text
          .normalize('NFKD')
          .replace(/[\u0300-\u036f]/g, '')
          .normalize('NFC')
      : text
    )
      .replace(ARABIC_MARKS, '')
      .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
      .replace(/\u0649/g, '\u064A')
      .replace(/\u0629/g, '\u0647')
      .replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => String(digit.charCodeAt(0) - (digit >= '\u06F0' ? 0x06f0 : 0x0660)))
      .toLowerCase();
  const normalize = (text: string) =>
    fold(text)
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  const prefixes = ['وبال', 'فبال', 'بال', 'وال', 'فال', 'كال', 'لل', 'ال'];
  const index = (text: string) => {
    const words = normalize(text).split(' ').filter(Boolean);
    const stems: string[] = [];
    for (const word of words) {
      const prefix = prefixes.find((p) => word.startsWith(p) && word.length - p.length >= 2);
      if (prefix) stems.push(word.slice(prefix.length));
    }
    return [...words, ...stems].join(' ');
  };
  return { normalize, index };
})();

describe('the one-pass folding', () => {
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i));
  // Every character of the fast path's ranges, and some from elsewhere (accents, presentation forms, NBSP, a surrogate pair, a lone surrogate).
  const plain = [...range(0x00, 0x7f), ...range(0x0600, 0x06ff)];
  const elsewhere = ['é', 'Ç', '\u00A0', 'ﻻ', 'ﺍ', 'Ａ', 'ß', 'İ', '\u0301', '😀', '\uD800', '\u2028', '\u202E', 'ی', 'ە'];
  const letter = fc.constantFrom(...plain);
  const words = fc.constantFrom('ال', 'بال', 'وبال', 'لل', 'كال', 'قهوة', 'زعفران', 'Latte', 'ٱلشاي', 'أ', ' ', '  ', '-', '\u064E', '\u0640');
  const text = (pieces: fc.Arbitrary<string>) => fc.array(pieces, { maxLength: 40 }).map((parts) => parts.join(''));

  it('gives what the regex chain gave, for text of ASCII and the Arabic block', () => {
    fc.assert(
      fc.property(text(fc.oneof(letter, words)), (t) => {
        expect(normalizeSearchText(t)).toBe(oracle.normalize(t));
        expect(searchIndexText(t)).toBe(oracle.index(t));
      }),
      { numRuns: 5000 },
    );
  });

  it('gives what the regex chain gave, with characters from elsewhere (the general path)', () => {
    fc.assert(
      fc.property(text(fc.oneof(letter, words, fc.constantFrom(...elsewhere))), (t) => {
        expect(normalizeSearchText(t)).toBe(oracle.normalize(t));
        expect(searchIndexText(t)).toBe(oracle.index(t));
      }),
      { numRuns: 3000 },
    );
  });

  it('folds every character of the fast ranges alone as the regex chain does', () => {
    for (const c of plain) {
      expect(normalizeSearchText(`x${c}y`)).toBe(oracle.normalize(`x${c}y`));
      expect(searchIndexText(`ال${c}ال${c}قهوة`)).toBe(oracle.index(`ال${c}ال${c}قهوة`));
    }
  });

  it('joins across dropped marks, makes one space of a run of separators with marks in it, and trims', () => {
    expect(normalizeSearchText('  (\u064E) قَهْوَة -\u0640- LATTE ')).toBe('قهوه latte');
    expect(normalizeSearchText('مـ\u0651ـوكا')).toBe('موكا');
    expect(normalizeSearchText('\u064E\u064F')).toBe('');
    expect(searchIndexText('بالزعفران (الرياض) Iced')).toBe('بالزعفران الرياض iced زعفران رياض');
    expect(searchIndexText('لل الب والقهوة')).toBe('لل الب والقهوه قهوه');
  });

  it('takes the general path for text longer than a name, with the same result', () => {
    const long = 'قهوة بالهيل '.repeat(1000);
    expect(searchIndexText(long)).toBe(oracle.index(long));
  });
});
