/**
 * Exponential backoff with full jitter (a random wait between 0 and the
 * capped exponential step), so that many tills coming back online at once do
 * not hammer the service in lockstep.
 */
export interface BackoffPolicy {
  baseDelayMs: number;
  maxDelayMs: number;
}

export function backoffDelay(attempt: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt));
  return Math.floor(random() * ceiling);
}

export interface RetryPolicy extends BackoffPolicy {
  /** Tries in all, the first included. */
  attempts: number;
}

/** Runs `work` until it succeeds, retrying only errors `isRetryable` accepts. */
export async function withRetry<T>(
  work: (attempt: number) => Promise<T>,
  policy: RetryPolicy,
  isRetryable: (error: unknown) => boolean,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work(attempt);
    } catch (error) {
      if (attempt + 1 >= policy.attempts || !isRetryable(error)) throw error;
      await sleep(backoffDelay(attempt, policy));
    }
  }
}
