import { NetworkError, ServerError, ServiceError, UnauthenticatedError, type ServiceClient } from '../upstream/index.ts';
import { readOfferedDiscount, type OfferReading } from './offered-discount.ts';

/** A check that got no judgement from the service: no answer, or the service failing on its side. */
export type CheckOutcome = OfferReading | { kind: 'offline'; message: string } | { kind: 'unauthenticated'; message: string };

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
 * a 5xx is "offline" (coupons.offline decides what then).
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
  if (error instanceof UnauthenticatedError) return { kind: 'unauthenticated', message: error.message };
  if (error instanceof ServiceError) {
    // 4xx: the service judged the code (unknown, expired, not for this branch).
    if (error.status !== null && error.status >= 400 && error.status < 500) return { kind: 'refused', message: error.message };
    return { kind: 'offline', message: error.message };
  }
  throw error;
}
