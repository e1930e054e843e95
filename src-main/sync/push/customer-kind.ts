import type { TillDatabase } from '../../db/index.ts';
import {
  counterCustomerCounts,
  customerWithPhone,
  deferCounterCustomer,
  dueCounterCustomers,
  earliestCounterCustomerAttempt,
  makeCounterCustomersDue,
  markCounterCustomerRejected,
  markCounterCustomerSynced,
  type CounterCustomer,
} from '../../catalog/index.ts';
import { ForbiddenError, ServiceError, ValidationError } from '../../upstream/index.ts';
import { oneLine } from './connectivity.ts';
import { drainOneAtATime, pathFromSetting, postponeAfterFailure } from './drain-one-at-a-time.ts';
import type { UploadContext, UploadKind, UploadReport } from './upload-engine.ts';

/** Customers read at a time. */
const PAGE = 50;
const PATH_SETTING = 'upload.customer_path';

/** The body of Customers Create (its shape is not shown: the list item's member names, docs/service-contract.md). */
export function customerCreateBody(customer: CounterCustomer): Record<string, unknown> {
  return {
    // The till's uuid: the idempotency key, so a resend after a lost answer is the same customer.
    uuid: customer.id,
    name: customer.name,
    phone_prefix: customer.phone_prefix,
    phone: customer.phone,
    ...(customer.email === '' ? {} : { email: customer.email }),
    role: 'USER_CUSTOMER',
  };
}

/** The service's id in a Create answer: `data.id` or `id` (a string or a whole number); null when it names none. */
export function createdCustomerId(answer: unknown): string | null {
  const record = (value: unknown) => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null);
  const top = record(answer);
  if (!top) return null;
  for (const candidate of [record(top.data)?.id, top.id]) {
    if (typeof candidate === 'string' && /^[\w-]{1,128}$/.test(candidate)) return candidate;
    if (typeof candidate === 'number' && Number.isSafeInteger(candidate) && candidate > 0) return String(candidate);
  }
  return null;
}

/**
 * Customers added at the counter as an upload kind: one POST each to
 * `upload.customer_path` (default `/customers`), oldest first, the till's
 * uuid inside as its idempotency key. Synced only on evidence: a 2xx whose
 * body names the new customer's id (`data.id` or `id`); a 2xx without one
 * waits its backoff and goes again with the same key. A 409 is the service
 * already holding it: its id is taken from the answer, or from the replica
 * by phone after a pull, and until then it waits. A 400/403/422 is a final
 * refusal kept with its reason (orders naming it then go without a
 * customer); a 401 pauses the engine; no answer ends the round.
 */
export class CustomerKind implements UploadKind {
  readonly name = 'customers';

  constructor(private readonly db: TillDatabase) {}

  nextAttemptAt(): number | null {
    return earliestCounterCustomerAttempt(this.db);
  }

  makePendingDue(now: number): void {
    makeCounterCustomersDue(this.db, now);
  }

  async drain(context: UploadContext, keepGoing: () => boolean, report: UploadReport): Promise<void> {
    await drainOneAtATime(context, keepGoing, report, PAGE, {
      held: this.name,
      due: (limit) => dueCounterCustomers(this.db, context.now(), limit),
      keyOf: (customer) => customer.id,
      path: () => pathFromSetting(this.db, PATH_SETTING),
      each: (customer, path) => {
        report.batches++;
        return this.send(context, path, customer, report);
      },
    });
  }

  private async send(context: UploadContext, path: string, customer: CounterCustomer, report: UploadReport): Promise<'continue' | 'stop'> {
    const { db } = this;
    const retryAt = () => context.now() + context.retryDelay(customer.attempts);
    try {
      const answer = await context.client.post(path, customerCreateBody(customer));
      const id = createdCustomerId(answer);
      if (id === null) {
        deferCounterCustomer(db, customer.id, retryAt(), `the answer to POST ${path} does not name the new customer's id (data.id or id)`);
        report.deferred++;
      } else {
        markCounterCustomerSynced(db, customer.id, id, context.now());
        report.created++;
      }
      context.publish({ online: true });
      return 'continue';
    } catch (error) {
      const status = error instanceof ServiceError ? error.status : null;
      if (status === 409) {
        // The service has a customer with this key or phone; which id, only an answer or the replica can say.
        const known = customerWithPhone(db, customer.phone_prefix, customer.phone);
        if (known && known.id !== customer.id) {
          markCounterCustomerSynced(db, customer.id, known.id, context.now());
          report.duplicate++;
        } else {
          deferCounterCustomer(db, customer.id, retryAt(), `the service says it has this customer (409) but not its id; the next catalog pull brings it`);
          report.deferred++;
        }
      } else if (error instanceof ValidationError || error instanceof ForbiddenError || status === 400) {
        markCounterCustomerRejected(db, customer.id, oneLine((error as Error).message));
        report.rejected++;
      } else {
        return postponeAfterFailure(context, report, error, { path, setting: PATH_SETTING }, (reason) =>
          deferCounterCustomer(db, customer.id, retryAt(), reason),
        );
      }
      return 'continue';
    }
  }
}

/** The customer outbox's counts (`pos sync` reports them). */
export function customerOutboxCounts(db: TillDatabase): { pending: number; synced: number; rejected: number } {
  return counterCustomerCounts(db);
}
