import { errorFor, NetworkError, ProtocolError, readCappedBytes, ResponseTooLargeError } from '../upstream/index.ts';
import { readOfferedDiscount } from './offered-discount.ts';
import { formatRewardDate } from './reward-date.ts';
import { outcomeOfFailure, type CheckOutcome } from './verify-coupon.ts';

export interface RewardCheckRequest {
  /** The service's base URL (the session's): the contract's paths are all below it. */
  baseUrl: string;
  /** loyalty.provider: the path segment. */
  provider: string;
  /** loyalty.api_token, from the secret store: sent as the `api-token` header only. */
  apiToken: string;
  code: string;
  businessReference: string;
  branchId: string;
  /** The till's clock (injected), for `date` and `timestamp`. */
  at: number;
  timeZone: string | null;
  decimals: number;
  timeoutMs?: number;
}

/** The body exactly as the contract shows it: `business_refrence` is spelled so. */
export function rewardCheckBody(request: Pick<RewardCheckRequest, 'code' | 'businessReference' | 'branchId' | 'at' | 'timeZone'>) {
  return {
    reward_code: request.code,
    business_refrence: request.businessReference,
    branch_id: request.branchId,
    date: formatRewardDate(request.at, request.timeZone),
    timestamp: String(request.at),
  };
}

/**
 * POST /sync/<provider>/check_reward with the header `api-token` (not the
 * bearer token: the contract says the loyalty operation authenticates with
 * it) and the JSON body above. The answer is "a JSON object" in the
 * contract; it is read tolerantly, and a 2xx without a readable discount
 * gives none.
 */
export async function checkReward(request: RewardCheckRequest): Promise<CheckOutcome> {
  const path = `/sync/${encodeURIComponent(request.provider)}/check_reward`;
  const label = `POST ${path}`;
  let response: Response;
  let bytes: Buffer;
  try {
    try {
      response = await fetch(`${request.baseUrl.replace(/\/+$/, '')}${path}`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'api-token': request.apiToken },
        body: JSON.stringify(rewardCheckBody(request)),
        signal: AbortSignal.timeout(request.timeoutMs ?? 15_000),
        // The api-token goes to the service's own address only.
        redirect: 'error',
      });
      bytes = await readCappedBytes(response);
    } catch (error) {
      if (error instanceof ResponseTooLargeError) throw new ProtocolError(label, null, error.message);
      // Never the error's own text: it could carry the request it failed on.
      throw new NetworkError(label, error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'no answer');
    }
    const text = bytes.toString('utf8');
    let body: unknown = null;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      if (response.ok) return { kind: 'unreadable' };
      body = text;
    }
    if (!response.ok) throw errorFor(label, response.status, body, response.headers.get('retry-after'));
    return readOfferedDiscount(body, request.decimals);
  } catch (error) {
    return outcomeOfFailure(error);
  }
}
