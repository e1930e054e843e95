import { describe, expect, it } from 'vitest';
import { readListPage } from '../../../src-shared/wire/index.ts';
import { listBody } from './samples.ts';

// Issue 21: the spec names the Tables list but shows no field. The till
// reads an id, a name, an area, seats and is_active from plausible members
// and ignores the rest; a record without an id is left out and reported.

describe('tables read tolerantly', () => {
  it('reads the plain names, ignores unknown members', () => {
    const page = readListPage('tables', '2.5.0', listBody([{ id: 't1', name: 'T1', area: 'Hall', seats: 4, is_active: true, qr_code: 'x', _links: {} }]), 1);
    expect(page.records).toStrictEqual([{ id: 't1', name: 'T1', area: 'Hall', seats: 4, is_active: true }]);
    expect(page.quarantined).toEqual([]);
  });

  it('reads other plausible names: label, section, capacity, uuid', () => {
    const page = readListPage('tables', '2.0.0', listBody([{ uuid: 'u-7', label: 'Patio 2', section: 'Terrace', capacity: 6 }]), 1);
    expect(page.records).toStrictEqual([{ id: 'u-7', name: 'Patio 2', area: 'Terrace', seats: 6, is_active: true }]);
  });

  it('falls back where members are missing: "Table {id}", no area, seats unknown, in use', () => {
    const page = readListPage('tables', '2.3.0', listBody([{ id: '12', name: '  ', seats: 0, is_active: null }]), 1);
    expect(page.records).toStrictEqual([{ id: '12', name: 'Table 12', area: null, seats: null, is_active: true }]);
  });

  it('keeps an inactive table as inactive, and strips control characters from names', () => {
    const page = readListPage('tables', '2.5.0', listBody([{ id: 'a', name: 'T\u202E9', area: 'Hall\u0007', is_active: false }]), 1);
    expect(page.records).toStrictEqual([{ id: 'a', name: 'T9', area: 'Hall', seats: null, is_active: false }]);
  });

  it('leaves out a table without an id (or with a wrong type) and reports it; the others are read', () => {
    const page = readListPage('tables', '2.5.0', listBody([{ name: 'no id' }, { id: 'ok', name: 'T2' }, { id: 'bad', seats: 'four' }]), 1);
    expect(page.records.map((t) => t.id)).toEqual(['ok']);
    expect(page.quarantined).toHaveLength(2);
  });
});
