export { normalizeSearchText, searchIndexText, searchTerms } from './normalize-search-text.ts';
