// Finding: a token an older till rotated (its previous value overwritten in
// the `settings` table) stayed readable in the database file after the move
// to the secrets file: secure_delete zeroes only what is deleted from then
// on, not the bytes an older till's UPDATE had already freed.
import { existsSync, readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src-main/db/index.ts';
import { FileSecretStore } from '../../src-main/secrets/index.ts';
import { tempDir } from '../support/temp-dir.ts';

const dir = tempDir('till-rotated-');
afterEach(() => dir.cleanup());

/** Every byte SQLite keeps for this database: the file, its WAL and shared memory. */
const databaseBytes = (file: string) =>
  [file, `${file}-wal`, `${file}-shm`]
    .filter(existsSync)
    .map((path) => readFileSync(path).toString('latin1'))
    .join('');

describe('a token an older till rotated in its settings table', () => {
  it('is gone from the database file, old and new value, once the till has moved it out', () => {
    const file = dir.file('till.db');
    openDatabase(file).close();
    const oldToken = `old-rotated-token-${'a'.repeat(40)}-end`;
    const newToken = `new-rotated-token-${'b'.repeat(120)}-end`;
    // As an older till wrote it: plain rows in settings, no secure_delete, then a rotation.
    const older = new Database(file);
    older.pragma('secure_delete = OFF');
    older.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run('secret.token', JSON.stringify(oldToken));
    for (let i = 0; i < 20; i += 1)
      older.prepare('INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)').run(`receipt.footer_en`, JSON.stringify(`footer ${i}`));
    older.prepare('UPDATE settings SET value = ? WHERE key = ?').run(JSON.stringify(newToken), 'secret.token');
    older.pragma('wal_checkpoint(TRUNCATE)');
    older.close();
    expect(databaseBytes(file)).toContain(oldToken);

    const db = openDatabase(file);
    expect(new FileSecretStore(db).get('token')).toBe(newToken);
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    const bytes = databaseBytes(file);
    expect(bytes).not.toContain(newToken);
    expect(bytes).not.toContain(oldToken);
    expect(bytes).not.toContain('rotated-token');
  });
});
