import type Database from 'better-sqlite3';

/**
 * Counts the statements run on any connection of this process whose SQL
 * matches `pattern` (better-sqlite3's Statement methods, wrapped until
 * stop()): how often a table is read, never how long it took.
 */
export function countStatements(db: Database.Database, pattern: RegExp): { readonly count: number; stop: () => void } {
  const proto = Object.getPrototypeOf(db.prepare('SELECT 1')) as Record<string, (...args: unknown[]) => unknown>;
  const methods = ['get', 'all', 'run', 'iterate'] as const;
  const originals = methods.map((name) => proto[name]!);
  let count = 0;
  methods.forEach((name, i) => {
    const original = originals[i]!;
    proto[name] = function (this: Database.Statement, ...args: unknown[]) {
      if (pattern.test(this.source)) count++;
      return original.apply(this, args);
    };
  });
  return {
    get count() {
      return count;
    },
    stop: () => methods.forEach((name, i) => (proto[name] = originals[i]!)),
  };
}
