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
