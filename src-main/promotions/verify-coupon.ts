import { NetworkError, NotFoundError, ProtocolError, ServerError, ServiceError, UnauthenticatedError, type ServiceClient } from '../upstream/index.ts';
import { readOfferedDiscount, type OfferReading } from './offered-discount.ts';

/**
 * A check that got no judgement from the service: no answer, the service
 * failing on its side, the till's token refused, or a 404 (no such code, or
 * no such path: a 404 does not say which).
 */
export type CheckOutcome =
  OfferReading | { kind: 'offline'; message: string } | { kind: 'unauthenticated'; message: string } | { kind: 'not_found'; message: string };

export interface CouponVerifyRequest {
  /** coupons.verify_path (the contract names Discounts Verify without its path). */
  path: string;
  /** coupons.code_field: the member that carries the code. */
  codeField: string;
  code: string;
  branchId: string;
  /** The currency's decimal places, to read amounts. */
  decimals: number;
}

/**
 * Discounts Verify: POST {path} with `{<codeField>: code, branch_id}` and
 * the session's bearer token. A 2xx answer is read tolerantly
 * (offered-discount.ts); 4xx is the service refusing the code; no answer or
 * a 5xx is "offline" (coupons.offline decides what then). An answer that is
 * not JSON (a 2xx or 4xx page) is unreadable: never a refusal, never "offline".
 */
export async function verifyCoupon(client: ServiceClient, request: CouponVerifyRequest): Promise<CheckOutcome> {
  try {
    const answer = await client.post(request.path, { [request.codeField]: request.code, branch_id: request.branchId });
    return readOfferedDiscount(answer, request.decimals);
  } catch (error) {
    return outcomeOfFailure(error);
  }
}

export function outcomeOfFailure(error: unknown): CheckOutcome {
  if (error instanceof NetworkError || error instanceof ServerError) return { kind: 'offline', message: error.message };
  // Not the service's JSON (a 200 page, a proxy's 4xx page, too large): no judgement Till understood, so no discount from it either.
  if (error instanceof ProtocolError)
    return error.status !== null && error.status >= 500 ? { kind: 'offline', message: error.message } : { kind: 'unreadable' };
  if (error instanceof UnauthenticatedError) return { kind: 'unauthenticated', message: error.message };
  if (error instanceof NotFoundError) return { kind: 'not_found', message: error.message };
  if (error instanceof ServiceError) {
    // 4xx: the service judged the code (unknown, expired, not for this branch).
    if (error.status !== null && error.status >= 400 && error.status < 500) return { kind: 'refused', message: error.message };
    return { kind: 'offline', message: error.message };
  }
  throw error;
}
