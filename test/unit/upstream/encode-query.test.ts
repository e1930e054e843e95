import { describe, expect, it } from 'vitest';
import { encodeQuery } from '../../../src-main/upstream/index.ts';

describe('encodeQuery', () => {
  it('writes filters, booleans and arrays the way the spec does', () => {
    const query = encodeQuery({
      page: 2,
      per_page: 500,
      includes: ['modifiers', 'prices'],
      filter: { market_id: 'm-1', is_active: true, is_online: false, products_ids: ['a', 'b'] },
    });
    expect(query.split('&')).toEqual([
      'page=2',
      'per_page=500',
      'includes[]=modifiers',
      'includes[]=prices',
      'filter[market_id]=m-1',
      'filter[is_active]=1',
      'filter[is_online]=0',
      'filter[products_ids][]=a',
      'filter[products_ids][]=b',
    ]);
  });

  it('leaves out null and undefined values instead of sending empty filters', () => {
    expect(encodeQuery({ search: null, filter: { market_id: undefined, branch_id: 'b' } })).toBe('filter[branch_id]=b');
  });

  it('percent-encodes values, Arabic and reserved characters included', () => {
    expect(encodeQuery({ search: 'قهوة & كعك' })).toBe(`search=${encodeURIComponent('قهوة & كعك')}`);
    expect(encodeQuery({ search: 'a=b&c' })).toBe('search=a%3Db%26c');
  });
});
