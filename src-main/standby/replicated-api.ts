import { TILL_API_METHODS, type TillApi } from '../../src-shared/api/index.ts';
import type { TillError } from '../../src-shared/errors/index.ts';
import { isFenceRefusal } from './write-fence.ts';

/** What the wrapper asks of the pair: the barrier before an answer, and why writes are refused. */
export interface ReplicationGate {
  committed(): Promise<void>;
  refusal(): TillError | null;
}

/**
 * The one place a screen's call is answered (every transport serves this
 * object): the call runs, then its answer waits until the standby has
 * acknowledged every change committed so far, so a cashier told "paid" has
 * the sale on two machines (docs/standby.md). A write refused by the fence
 * (a standby, an old hub) reaches the screen as words in both languages
 * saying where the hub is.
 */
export function replicatedApi(api: TillApi, gate: ReplicationGate): TillApi {
  const facade = Object.create(null) as Record<string, unknown>;
  for (const method of TILL_API_METHODS) {
    const fn = api[method] as (...args: unknown[]) => unknown;
    facade[method] = async (...args: unknown[]) => {
      let result: unknown;
      try {
        result = await fn.apply(api, args);
      } catch (error) {
        const refusal = isFenceRefusal(error) ? gate.refusal() : null;
        throw refusal ?? error;
      }
      await gate.committed();
      return result;
    };
  }
  return Object.freeze(facade) as unknown as TillApi;
}
