import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { all, openDatabase, param, positional, prepared, q, type TillDatabase } from '../../../src-main/db/index.ts';
import { tempDir } from '../../support/temp-dir.ts';

const dirs: ReturnType<typeof tempDir>[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

describe('a prepared Kysely query', () => {
  it('compiles once, prepares once per connection, and binds constants and named parameters each run', () => {
    const { db, prepares } = countedDatabase();
    const write = prepared<{ key: string; value: string }>()(q.insertInto('settings').values({ key: param<string>('key'), value: param<string>('value') }));
    const read = prepared<{ prefix: string }>()(
      q.selectFrom('settings').select(['key', 'value']).where('key', 'like', param<string>('prefix')).where('value', '!=', '"skip"').orderBy('key'),
    );
    for (const [key, value] of [
      ['a.1', '"one"'],
      ['a.2', '"skip"'],
      ['b.1', '"two"'],
    ] as const)
      write.run(db, { key, value });
    expect(read.all(db, { prefix: 'a.%' })).toEqual([{ key: 'a.1', value: '"one"' }]);
    expect(read.get(db, { prefix: 'b.%' })).toEqual({ key: 'b.1', value: '"two"' });
    expect(prepares()).toBe(2);
    expect(read.sql).toContain('@prefix');
    db.close();
  });
});

describe('a constant LIMIT', () => {
  it('is written into the text (a bound LIMIT made SQLite compile the statement again at each run), the other constants still bound', () => {
    const { db } = countedDatabase();
    for (const key of ['a.1', 'a.2', 'a.3', 'b.1']) prepared()(q.insertInto('settings').values({ key, value: '"?"' })).run(db, {});
    const page = prepared<{ prefix: string }>()(
      q.selectFrom('settings').select('key').where('key', 'like', param<string>('prefix')).where('value', '=', '"?"').orderBy('key').limit(2).offset(1),
    );
    expect(page.sql).toMatch(/"value" = \? order by "key" limit 2 offset 1$/);
    expect(page.all(db, { prefix: 'a.%' })).toEqual([{ key: 'a.2' }, { key: 'a.3' }]);
    // A '?' written in the text (a literal) is not a parameter.
    const first = prepared()(
      q
        .selectFrom('settings')
        .select('key')
        .where('key', '!=', sql<string>`'?'`)
        .where('value', '=', '"?"')
        .orderBy('key', 'desc')
        .limit(1),
    );
    expect(first.sql).toMatch(/limit 1$/);
    expect(first.get(db, {})).toEqual({ key: 'b.1' });
    // A LIMIT the caller gives stays a parameter.
    const some = prepared<{ n: number }>()(q.selectFrom('settings').select('key').orderBy('key').limit(param<number>('n')));
    expect(some.all(db, { n: 3 })).toHaveLength(3);
    db.close();
  });
});

/** A fresh database whose prepares are counted. */
function countedDatabase(): { db: TillDatabase; prepares: () => number } {
  const dir = tempDir();
  dirs.push(dir);
  const db = openDatabase(dir.file('till.db'));
  let prepares = 0;
  const prepare = db.prepare.bind(db);
  db.prepare = ((text: string) => {
    prepares++;
    return prepare(text);
  }) as typeof db.prepare;
  return { db, prepares: () => prepares };
}

describe('values by position', () => {
  it('binds an array of values in their order, and refuses one for a query with other parameters', () => {
    const { db } = countedDatabase();
    const write = prepared<readonly unknown[]>()(q.insertInto('settings').values({ key: positional<string>(), value: positional<string>() }));
    write.run(db, ['till.code', '"B"']);
    write.run(db, ['till.day_cutoff_hour', '4']);
    expect(all(db, q.selectFrom('settings').select(['key', 'value']).orderBy('key'))).toEqual([
      { key: 'till.code', value: '"B"' },
      { key: 'till.day_cutoff_hour', value: '4' },
    ]);
    const mixed = prepared<readonly unknown[]>()(
      q.selectFrom('settings').select('key').where('key', '=', 'till.code').where('value', '=', positional<string>()),
    );
    expect(() => mixed.all(db, ['"B"'])).toThrow(TypeError);
    db.close();
  });
});

describe('the statement cache', () => {
  it('prepares a query built per call once, and forgets the oldest texts past 500', () => {
    const { db, prepares } = countedDatabase();
    // An IN list compiles to one text per length: 501 lengths, 501 texts.
    const byKeys = (n: number) =>
      q
        .selectFrom('settings')
        .select('key')
        .where(
          'key',
          'in',
          Array.from({ length: n }, (_, i) => `k${i}`),
        );
    all(db, byKeys(1));
    all(db, byKeys(1));
    expect(prepares()).toBe(1);
    for (let n = 2; n <= 501; n++) all(db, byKeys(n));
    expect(prepares()).toBe(501);
    all(db, byKeys(501)); // the newest is still there
    expect(prepares()).toBe(501);
    all(db, byKeys(1)); // the oldest was forgotten
    expect(prepares()).toBe(502);
    db.close();
  });
});
