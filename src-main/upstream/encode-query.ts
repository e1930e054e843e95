/**
 * Query encoding as the spec writes it: `filter[name]=value`, booleans as
 * 1/0, arrays as `name[]=a&name[]=b`. Brackets stay literal so URLs read the
 * way the spec shows them; everything else is percent-encoded.
 */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export interface QueryParams {
  [name: string]: QueryValue | { [name: string]: QueryValue };
}

function encodeName(name: string): string {
  return encodeURIComponent(name).replace(/%5B/g, '[').replace(/%5D/g, ']');
}

function scalar(value: string | number | boolean): string {
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value);
}

function pairs(name: string, value: QueryValue): string[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.map((item) => `${encodeName(`${name}[]`)}=${encodeURIComponent(scalar(item))}`);
  return [`${encodeName(name)}=${encodeURIComponent(scalar(value as string | number | boolean))}`];
}

export function encodeQuery(params: QueryParams): string {
  const out: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, innerValue] of Object.entries(value)) out.push(...pairs(`${name}[${inner}]`, innerValue));
    } else {
      out.push(...pairs(name, value as QueryValue));
    }
  }
  return out.join('&');
}
