import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, param, prepared, q } from '../../../src-main/db/index.ts';
import { tempDir } from '../../support/temp-dir.ts';

const dirs: ReturnType<typeof tempDir>[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

describe('a prepared Kysely query', () => {
  it('compiles once, prepares once per connection, and binds constants and named parameters each run', () => {
    const dir = tempDir();
    dirs.push(dir);
    const db = openDatabase(dir.file('till.db'));
    let prepares = 0;
    const prepare = db.prepare.bind(db);
    db.prepare = ((text: string) => {
      prepares++;
      return prepare(text);
    }) as typeof db.prepare;
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
    expect(prepares).toBe(2);
    expect(read.sql).toContain('@prefix');
    db.close();
  });
});
