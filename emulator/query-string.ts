/**
 * The query-string parser given to Fastify: bracketed keys become nested
 * values the way PHP (and so the service) reads them, so `filter[market_id]=m`
 * is `{filter: {market_id: 'm'}}`, `includes[]=a&includes[]=b` is
 * `{includes: ['a', 'b']}` and `filter[products_ids][]=x` nests both ways.
 * A repeated plain key keeps its last value, as in PHP.
 */
export type QueryValue = string | QueryValue[] | { [key: string]: QueryValue };
export type ParsedQuery = { [key: string]: QueryValue };

const MAX_DEPTH = 5;
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function decode(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** `a[b][]` → ['a', 'b', '']; a key without brackets is one segment. */
function segments(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const out = [key.slice(0, open)];
  const pattern = /\[([^\]]*)\]/g;
  pattern.lastIndex = open;
  let match: RegExpExecArray | null;
  let end = open;
  while ((match = pattern.exec(key)) !== null && match.index === end && out.length <= MAX_DEPTH) {
    out.push(match[1]!);
    end = pattern.lastIndex;
  }
  // Text after the last closing bracket is ignored, as PHP does.
  return out;
}

function assign(container: QueryValue[] | { [key: string]: QueryValue }, path: string[], value: string): void {
  const [head, ...rest] = path as [string, ...string[]];
  if (UNSAFE_KEYS.has(head)) return;
  if (rest.length === 0) {
    if (Array.isArray(container)) {
      if (head === '') container.push(value);
      else container[Number(head)] = value;
    } else {
      container[head] = value;
    }
    return;
  }
  const wantsArray = rest[0] === '' || /^\d+$/.test(rest[0]!);
  if (Array.isArray(container)) {
    const index = head === '' ? container.length : Number(head);
    let child = container[index];
    if (typeof child !== 'object') container[index] = child = wantsArray ? [] : {};
    assign(child, rest, value);
    return;
  }
  let child = container[head];
  if (typeof child !== 'object') container[head] = child = wantsArray ? [] : {};
  assign(child, rest, value);
}

export function parseQueryString(input: string): ParsedQuery {
  const result: ParsedQuery = {};
  if (input === '') return result;
  for (const pair of input.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const key = decode(equals === -1 ? pair : pair.slice(0, equals));
    const value = equals === -1 ? '' : decode(pair.slice(equals + 1));
    if (key === '') continue;
    assign(result, segments(key), value);
  }
  return result;
}
