import { statSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanText } from '../../src-shared/text/index.ts';
import { openDatabase } from '../../src-main/db/index.ts';
import { tempDir } from '../support/temp-dir.ts';

// Findings: a NUL in a note or a product name made measureText throw and the
// order's print job fail for good; database files got the default umask.

describe('text from outside is clean before it is stored or printed', () => {
  it('strips C0/C1 controls and bidi overrides, keeps Arabic, direction marks and a note\'s line breaks', () => {
    expect(cleanText('Latte\u0000\u0007 \u202Eإضافي\u202C\u0085')).toBe('Latte إضافي');
    expect(cleanText('a\r\nb\tc', { multiline: true })).toBe('a\nb c');
    expect(cleanText('a\nb')).toBe('a b');
    expect(cleanText('\u200Fقهوة\u200E 2')).toBe('\u200Fقهوة\u200E 2');
    expect(cleanText('x\uD800y')).toBe('x\uFFFDy');
  });
});

describe('files at rest', () => {
  let dir: ReturnType<typeof tempDir>;
  beforeEach(() => (dir = tempDir('till-perm-')));
  afterEach(() => dir.cleanup());

  it('writes the database and its WAL 0600 in a 0700 folder it creates', () => {
    const previous = process.umask(0o022);
    try {
      const file = dir.file('shop/till.db');
      const db = openDatabase(file);
      db.exec("INSERT INTO settings (key, value) VALUES ('k', '1')");
      const mode = (path: string) => statSync(path).mode & 0o777;
      expect(mode(dir.file('shop'))).toBe(0o700);
      expect(mode(file)).toBe(0o600);
      expect(mode(`${file}-wal`)).toBe(0o600);
      db.close();
    } finally {
      process.umask(previous);
    }
  });
});
