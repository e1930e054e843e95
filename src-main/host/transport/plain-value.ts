/** Keys that reach prototypes when an object is merged or walked. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 8;
const MAX_NODES = 10_000;

/**
 * Why `value` is not plain data (JSON-like: null, booleans, finite numbers,
 * strings, arrays and objects whose prototype is Object's or null, no
 * prototype-reaching keys, bounded depth and size), or null when it is.
 * Structured clone (the Electron MessagePort) can carry Maps, Dates, typed
 * arrays and ports: none of them are till API input.
 */
export function notPlainData(value: unknown, where = 'argument'): string | null {
  let nodes = 0;
  const visit = (node: unknown, path: string, depth: number): string | null => {
    if (++nodes > MAX_NODES) return `${where} is too large`;
    if (node === null || typeof node === 'boolean' || typeof node === 'string') return null;
    if (typeof node === 'number') return Number.isFinite(node) ? null : `${path} is not a finite number`;
    if (typeof node !== 'object') return `${path} is a ${typeof node}, not data`;
    if (depth >= MAX_DEPTH) return `${path} is nested too deeply`;
    if (Array.isArray(node)) {
      if (Object.getPrototypeOf(node) !== Array.prototype) return `${path} is not a plain array`;
      for (let i = 0; i < node.length; i++) {
        const problem = visit(node[i], `${path}[${i}]`, depth + 1);
        if (problem) return problem;
      }
      return null;
    }
    const proto = Object.getPrototypeOf(node);
    if (proto !== Object.prototype && proto !== null) return `${path} is not a plain object`;
    for (const key of Reflect.ownKeys(node)) {
      if (typeof key !== 'string') return `${path} has a symbol key`;
      if (FORBIDDEN_KEYS.has(key)) return `${path} has the forbidden key "${key}"`;
      const problem = visit((node as Record<string, unknown>)[key], `${path}.${key}`, depth + 1);
      if (problem) return problem;
    }
    return null;
  };
  return visit(value, where, 0);
}
