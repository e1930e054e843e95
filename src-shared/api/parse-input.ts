import type { z } from 'zod';
import { branchInputs } from '../branch/index.ts';
import { floorInputs } from '../floor/index.ts';
import { kitchenInputs } from '../kitchen/index.ts';
import { TillInputError } from '../errors/index.ts';
import { stationInputs } from '../stations/index.ts';
import { tillInputs } from '../selling/index.ts';
import { zatcaInputs } from '../zatca/index.ts';

/** Every till API method that takes input, with the zod schema it is parsed by. */
const API_INPUTS = { ...tillInputs, ...branchInputs, ...stationInputs, ...zatcaInputs, ...floorInputs, ...kitchenInputs };

export type ApiInputMethod = keyof typeof API_INPUTS;
export type ParsedInput<M extends ApiInputMethod> = z.output<(typeof API_INPUTS)[M]>;

/**
 * The one way the host reads a till API call's input: parsed by the
 * method's schema before anything is read or written. Bad input throws a
 * TillInputError naming the method and each field that was wrong.
 */
export function parseInput<M extends ApiInputMethod>(method: M, input: unknown): ParsedInput<M> {
  const result = API_INPUTS[method].safeParse(input ?? {});
  if (result.success) return result.data as ParsedInput<M>;
  throw new TillInputError(
    method,
    result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message, problem: problemOf(issue), params: boundsOf(issue) })),
  );
}

/** zod's issue code, with a string's length told apart from a number's size (the UI words them differently). */
function problemOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_small' && issue.origin === 'string') return 'too_short';
  if (issue.code === 'too_big' && issue.origin === 'string') return 'too_long';
  return issue.code;
}

/** The numbers an issue names (a length or a value's bound), for the UI's own wording. */
function boundsOf(issue: z.core.$ZodIssue): Record<string, number> | undefined {
  if (issue.code === 'too_small') return { minimum: Number(issue.minimum) };
  if (issue.code === 'too_big') return { maximum: Number(issue.maximum) };
  return undefined;
}
