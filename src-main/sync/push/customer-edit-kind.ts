import type { TillDatabase } from '../../db/index.ts';
import {
  customerEditCounts,
  deferCustomerEdit,
  dueCustomerEdits,
  earliestCustomerEditAttempt,
  makeCustomerEditsDue,
  markCustomerEditRejected,
  markCustomerEditSynced,
  readCounterCustomer,
  type CustomerEdit,
} from '../../catalog/index.ts';
import { ForbiddenError, ProtocolError, ServiceError, ValidationError } from '../../upstream/index.ts';
import { oneLine } from './connectivity.ts';
import { failureEnvelope } from './read-sync-answer.ts';
import { drainOneAtATime, pathFromSetting, postponeAfterFailure } from './drain-one-at-a-time.ts';
import type { UploadContext, UploadKind, UploadReport } from './upload-engine.ts';

/** Edits read at a time. */
const PAGE = 50;
const PATH_SETTING = 'upload.customer_update_path';

/** The body of Customers Update (its shape is not shown: the list item's member names, as Create; docs/service-contract.md). */
export function customerUpdateBody(edit: CustomerEdit): Record<string, unknown> {
  return { name: edit.name, phone_prefix: edit.phone_prefix, phone: edit.phone, email: edit.email };
}

/**
 * The service's id of the customer an edit is for: the id itself for a
 * customer the replica brought; for one added here, the id its Create got,
 * `wait` while that Create is on its way, and `refused` when the service
 * refused the customer (there is nothing to update).
 */
function serviceIdOf(db: TillDatabase, edit: CustomerEdit): string | 'wait' | 'refused' {
  const local = readCounterCustomer(db, edit.customer_id);
  if (!local) return edit.customer_id;
  if (local.state === 'synced' && local.service_id) return local.service_id;
  return local.state === 'rejected' ? 'refused' : 'wait';
}

/**
 * Customers corrected at the counter as an upload kind: one `POST` each to
 * `upload.customer_update_path` + `/` + the service's id (default
 * `/customers/ID`), oldest first, after the Creates (tillUploadKinds' order).
 * Sent on evidence only: a 2xx is the service taking it (JSON or not, empty
 * or not; the contract shows no answer) unless its envelope says it failed
 * (`meta.status: "error"`, `success: false`: refused, as one record's), and marks only the revision sent,
 * so an edit made meanwhile goes next. 400/403/409/422 refuse it for good
 * (the reason kept; the service's fields come back with the next pull); a
 * 401 pauses the engine; no answer ends the round; a 404 (no such customer,
 * or no such path) waits, naming both.
 */
export class CustomerEditKind implements UploadKind {
  readonly name = 'customer edits';

  constructor(private readonly db: TillDatabase) {}

  nextAttemptAt(): number | null {
    return earliestCustomerEditAttempt(this.db);
  }

  makePendingDue(now: number): void {
    makeCustomerEditsDue(this.db, now);
  }

  async drain(context: UploadContext, keepGoing: () => boolean, report: UploadReport): Promise<void> {
    await drainOneAtATime(context, keepGoing, report, PAGE, {
      held: this.name,
      due: (limit) => dueCustomerEdits(this.db, context.now(), limit),
      keyOf: (edit) => edit.id,
      path: () => pathFromSetting(this.db, PATH_SETTING),
      each: (edit, path) => this.send(context, path, edit, report),
    });
  }

  private async send(context: UploadContext, path: string, edit: CustomerEdit, report: UploadReport): Promise<'continue' | 'stop'> {
    const { db } = this;
    const retryAt = () => context.now() + context.retryDelay(edit.attempts);
    const target = serviceIdOf(db, edit);
    if (target === 'wait') {
      deferCustomerEdit(db, edit.id, retryAt(), 'waits for the customer added at the counter to reach the service first');
      report.deferred++;
      return 'continue';
    }
    if (target === 'refused') {
      markCustomerEditRejected(db, edit.id, edit.revision, 'the service refused this customer when it was added: there is nothing to update');
      report.rejected++;
      return 'continue';
    }
    const url = `${path.replace(/\/+$/, '')}/${encodeURIComponent(target)}`;
    report.batches++;
    try {
      const answer = await context.client.post(url, customerUpdateBody(edit)).catch((error: unknown) => {
        // A 2xx whose body is not JSON ("OK", an HTML page of thanks) is still the service taking it.
        if (error instanceof ProtocolError && error.status !== null && error.status >= 200 && error.status < 300) return null;
        throw error;
      });
      // A 2xx that says it failed is no evidence the service took it: its refusal, as one record's (record-kind.ts).
      const failed = failureEnvelope(answer);
      if (failed) {
        markCustomerEditRejected(
          db,
          edit.id,
          edit.revision,
          oneLine(`the service answered POST ${url} with a failure: ${failed.message ?? 'no reason given'}`),
        );
        report.rejected++;
      } else if (markCustomerEditSynced(db, edit.id, edit.revision, context.now())) report.created++;
      else report.deferred++; // edited again meanwhile: the new fields go next
      context.publish({ online: true });
      return 'continue';
    } catch (error) {
      const status = error instanceof ServiceError ? error.status : null;
      if (error instanceof ValidationError || error instanceof ForbiddenError || status === 400 || status === 409) {
        markCustomerEditRejected(db, edit.id, edit.revision, oneLine((error as Error).message));
        report.rejected++;
      } else {
        // The spec's 404 is "addressed record does not exist", but the path is a setting: either may be wrong, so it waits.
        const notFound = `the service has no customer ${target} at ${url} (404): it may have been removed there, or check the setting ${PATH_SETTING}`;
        return postponeAfterFailure(context, report, error, { path: url, setting: PATH_SETTING, notFound }, (reason) =>
          deferCustomerEdit(db, edit.id, retryAt(), reason),
        );
      }
      return 'continue';
    }
  }
}

/** The edits' outbox counts (`pos sync` reports them). */
export function customerEditOutboxCounts(db: TillDatabase): { pending: number; synced: number; rejected: number } {
  return customerEditCounts(db);
}
