export { foldLetters, normalizeSearchText, searchIndexText, searchTerms } from './normalize-search-text.ts';
