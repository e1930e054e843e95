export { normalizeSearchText, searchTerms } from './normalize-search-text.ts';
