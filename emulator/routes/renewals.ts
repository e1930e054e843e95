import { isAtLeast } from '../../src-shared/api-version.ts';
import { MESSAGES, ServiceError, successBody } from '../envelope.ts';
import type { RequestContext, RouteSpec } from '../route-spec.ts';

const MINIMUM = '2.1.0';

function requireMinimum(context: RequestContext): void {
  if (!isAtLeast(context.features.version, MINIMUM)) {
    throw new ServiceError(426, `This operation requires API version ${MINIMUM} or higher.`);
  }
}

/**
 * Renewal bodies are not shown (emulator/README.md, 28): from 2.1.0 the emulator answers 200 with the
 * JSON body echoed back under an `id` (the path's on PUT, a new one otherwise).
 */
function echo(context: RequestContext) {
  const body = typeof context.body === 'object' && context.body !== null && !Array.isArray(context.body) ? context.body : {};
  const id = context.params.renewalId ?? context.state.newId();
  return { status: 200, body: successBody(200, MESSAGES.saved, { ...body, id }) };
}

const renewal = (method: 'POST' | 'PUT', url: string): RouteSpec => ({
  method,
  url,
  permission: 'write',
  gate: requireMinimum,
  handle: echo,
});

export const renewalRoutes: RouteSpec[] = [
  renewal('POST', '/renewals'),
  renewal('PUT', '/renewals/:renewalId'),
  renewal('POST', '/renewals/:renewalId'),
  renewal('POST', '/renewals/custom'),
  renewal('POST', '/renewals/preview'),
  renewal('POST', '/renewals/calculate'),
];
