import { TILL_API_METHODS } from '../../../src-shared/api/index.ts';
import { notPlainData } from './plain-value.ts';

const METHODS: ReadonlySet<string> = new Set(TILL_API_METHODS);
/** Every till API method takes at most one input object. */
const MAX_ARGUMENTS = 1;
const MAX_ID_LENGTH = 100;

export type FilteredCall = { ok: true; id: string; method: string; args: unknown[] } | { ok: false; id: string | null; reason: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The only Comlink message the host dispatches: an APPLY of one
 * TILL_API_METHODS method by name, with a short plain argument list of RAW
 * values. GET, SET, CONSTRUCT, ENDPOINT and RELEASE, nested or prototype
 * paths, transferred handlers and proxies, and anything malformed are
 * refused here, before Comlink sees them. Never throws.
 */
export function filterComlinkCall(message: unknown): FilteredCall {
  try {
    if (!isRecord(message)) return { ok: false, id: null, reason: 'not a call' };
    const id = typeof message.id === 'string' && message.id.length > 0 && message.id.length <= MAX_ID_LENGTH ? message.id : null;
    const refuse = (reason: string): FilteredCall => ({ ok: false, id, reason });
    if (id === null) return refuse('a call needs an id');
    if (message.type !== 'APPLY') return refuse(`only calls of till API methods are served (got ${describe(message.type)})`);
    const path = message.path;
    if (!Array.isArray(path) || path.length !== 1 || typeof path[0] !== 'string') return refuse('a call names exactly one till API method');
    const method = path[0];
    if (!METHODS.has(method)) {
      return refuse(`"${method.slice(0, 60)}" is not a till API method`);
    }
    const list = message.argumentList;
    if (!Array.isArray(list) || list.length > MAX_ARGUMENTS) return refuse(`${method}: the argument list must be an array of at most ${MAX_ARGUMENTS}`);
    const args: unknown[] = [];
    for (const [index, wire] of list.entries()) {
      if (!isRecord(wire) || wire.type !== 'RAW' || !('value' in wire))
        return refuse(`${method}: argument ${index + 1} must be a plain value (no handlers, proxies or transfers)`);
      const problem = notPlainData(wire.value, `${method} argument ${index + 1}`);
      if (problem) return refuse(problem);
      args.push(wire.value);
    }
    return { ok: true, id, method, args };
  } catch {
    return { ok: false, id: null, reason: 'a malformed call' };
  }
}

function describe(type: unknown): string {
  return typeof type === 'string' ? type.slice(0, 20) : typeof type;
}
