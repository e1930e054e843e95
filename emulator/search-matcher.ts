/**
 * `search` as the service's `LIKE %term%`: a case-insensitive substring.
 * One compiled regular expression per request; lower-casing every name of a
 * 100,000-product catalog on each search would cost more than the match.
 */
export function searchMatcher(term: string): (text: string) => boolean {
  const pattern = new RegExp(term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
  return (text) => pattern.test(text);
}
