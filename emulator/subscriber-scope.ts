import { MESSAGES, ServiceError } from './envelope.ts';
import { filters } from './list-params.ts';
import type { ListParams } from './list-params.ts';
import type { RequestContext } from './route-spec.ts';
import { rules } from './validation.ts';
import type { Validator } from './validation.ts';

const missing = (value: unknown) => value === undefined || value === null || value === '';

export interface Scope {
  marketId: string | undefined;
  branchId: string | undefined;
}

/**
 * The caller-role rules (spec, "Authentication" 5): a SUBSCRIBER must send
 * `filter[market_id]` (and `filter[branch_id]` where `withBranch`, when the
 * caller has a branch). Missing → 422 through `v`; call `checkScope` after
 * validation passes.
 */
export function readScope(context: RequestContext, params: ListParams, v: Validator, withBranch: boolean): Scope {
  const marketId = filters.string(params, 'market_id', v);
  const branchId = withBranch ? filters.string(params, 'branch_id', v) : undefined;
  if (context.caller.role === 'SUBSCRIBER') {
    if (missing(params.filter.market_id)) v.fail('filter.market_id', rules.required('filter.market_id'));
    const hasBranch = context.state.tenant.me.branch !== null;
    if (withBranch && hasBranch && missing(params.filter.branch_id)) {
      v.fail('filter.branch_id', rules.required('filter.branch_id'));
    }
  }
  return { marketId, branchId };
}

/** A SUBSCRIBER naming a market or branch that is not theirs → 403; other roles just get what matches. */
export function checkScope(context: RequestContext, scope: Scope): void {
  if (context.caller.role !== 'SUBSCRIBER') return;
  const { market, branch } = context.state.tenant.me;
  const foreignMarket = scope.marketId !== undefined && scope.marketId !== market.id;
  const foreignBranch = scope.branchId !== undefined && scope.branchId !== branch?.id;
  if (foreignMarket || foreignBranch) throw new ServiceError(403, MESSAGES.forbiddenRead);
}
