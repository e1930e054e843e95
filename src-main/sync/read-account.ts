import { NO_ACCOUNT_FACTS, readMe, type AccountFacts } from '../../src-shared/wire/index.ts';
import { SETTING_KEYS } from '../../src-shared/settings/index.ts';
import { ServiceError, UnauthenticatedError, withRetry, DEFAULT_PAGE_RETRY, type RetryPolicy, type ServiceClient } from '../upstream/index.ts';

/**
 * `GET /me`, read as a bonus: a 401 is a wrong token and stops the pull;
 * anything else (404, 403, 5xx after retries, a shape nobody expected)
 * gives no facts and a note saying why.
 */
export async function readAccountFacts(
  client: ServiceClient,
  retry: RetryPolicy = DEFAULT_PAGE_RETRY,
): Promise<{ facts: AccountFacts; note: string | null; error: unknown }> {
  try {
    const body = await withRetry(
      () => client.get('/me'),
      retry,
      (error) => error instanceof ServiceError && error.retryable,
    );
    const facts = readMe(body);
    const notes: string[] = [];
    if (facts.market_id === null) notes.push('/me answered without a market id');
    // The same check as the setting: anything else would reach every receipt's ZATCA QR.
    if (facts.vat_number !== null && !SETTING_KEYS.vat_number.kind.schema.safeParse(facts.vat_number).success) {
      notes.push(`/me named a VAT number that is not ${SETTING_KEYS.vat_number.kind.expects}; it is ignored (set \`vat_number\` on this till)`);
      facts.vat_number = null;
    }
    return { facts, note: notes.length > 0 ? notes.join('; ') : null, error: null };
  } catch (error) {
    if (error instanceof UnauthenticatedError) throw error;
    const why = error instanceof ServiceError && error.status !== null ? `HTTP ${error.status}` : error instanceof Error ? error.message : String(error);
    return { facts: { ...NO_ACCOUNT_FACTS }, note: `/me was not read (${why}); flags and local settings stand in`, error };
  }
}
