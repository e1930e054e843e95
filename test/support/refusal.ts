import { TillError } from '../../src-shared/errors/index.ts';

/**
 * The TillError `promise` is refused with. A promise that resolves, or one
 * refused with anything else (a bug, a transport failure), fails the test
 * here, so a check of the refusal's code never reads a missing error.
 */
export async function refusal(promise: Promise<unknown>): Promise<TillError> {
  const outcome = await promise.then(
    (value: unknown) => ({ resolved: value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected a refusal, but the call resolved with ${JSON.stringify(outcome.resolved)?.slice(0, 200)}`);
  if (!(outcome.error instanceof TillError)) throw new Error(`expected a TillError, but the call failed with ${String(outcome.error)}`);
  return outcome.error;
}
