import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorBody, MESSAGES, ServiceError } from './envelope.ts';
import type { EmulatorState } from './emulator-state.ts';
import type { EmulatorProfile } from './profiles/index.ts';
import { planFaults } from './faults.ts';
import { takeHold } from './request-hold.ts';
import type { FaultPlan } from './faults.ts';
import { mergeListInput } from './list-params.ts';
import { parseQueryString } from './query-string.ts';
import type { Permission, RequestContext } from './route-spec.ts';
import { ROUTES } from './routes/index.ts';
import type { Caller } from './tokens.ts';
import { asInteger } from './validation.ts';
import { featuresOf, requestedVersion } from './version-features.ts';
import type { VersionFeatures } from './version-features.ts';
import { LOYALTY_CHECK_PATH } from './routes/promotions.ts';

/** The base path carries the major version (spec, "Versioning" 4). */
export const BASE_PATH = '/api/v2';
const BODY_LIMIT = 5 * 1024 * 1024;

/** What the request hooks learned before the handler runs. */
interface Admitted {
  plan: FaultPlan;
  features?: VersionFeatures;
  caller?: Caller;
  /** A JSON body sent with a GET (list parameters may come that way). */
  getBody?: unknown;
}

const admitted = new WeakMap<FastifyRequest, Admitted>();

function pathOf(url: string): string {
  const path = url.split('?')[0]!;
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ServiceError(400, MESSAGES.badJson);
  }
}

/** Fastify never reads a GET body; the spec lets list parameters travel in one, so read it here. */
async function readGetBody(request: FastifyRequest): Promise<unknown> {
  const length = request.headers['content-length'];
  if (request.headers['transfer-encoding'] === undefined && (length === undefined || length === '0')) return undefined;
  let text = '';
  for await (const chunk of request.raw) {
    text += String(chunk);
    if (text.length > BODY_LIMIT) throw new ServiceError(413, 'The request body is too large.');
  }
  return parseJson(text);
}

function authorize(context: RequestContext, permission: Permission): void {
  if (permission === 'none' || !context.caller.noPermission) return;
  const message = permission === 'modifier-write' ? MESSAGES.forbiddenModifierWrite : MESSAGES.forbiddenRead;
  throw new ServiceError(403, message);
}

/**
 * The emulated service. Every request passes, in order (emulator/README.md,
 * 20): fault plan and latency, injected 500, `X-API-Version` (422), bearer
 * token (401), the route's version gate (426/410), permission (403), then
 * the handler (422/403/404/2xx). An injected reset destroys the socket once
 * the answer is ready, so the work (an order upload, say) is done but never
 * acknowledged. Routes answer as `profile` reads the spec (emulator/profiles).
 */
export function createServer(state: EmulatorState, profile: EmulatorProfile): FastifyInstance {
  const app = Fastify({
    logger: false,
    forceCloseConnections: true,
    bodyLimit: BODY_LIMIT,
    routerOptions: { querystringParser: parseQueryString, ignoreTrailingSlash: true },
  });

  // Any content type is read as JSON: clients do not always label their bodies (emulator/README.md, 32).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJson(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const path = pathOf(request.url);
    const relative = path.startsWith(BASE_PATH) ? path.slice(BASE_PATH.length) : path;
    if (request.method === 'POST' && relative === '/orders/sync') state.orderPosts++;
    const resource = relative.split('/').filter(Boolean).at(-1) ?? '';
    const page = asInteger((request.query as Record<string, unknown> | undefined)?.page) ?? 1;
    const entry: Admitted = { plan: planFaults(state.faults, state.faultPrng, resource, page) };
    admitted.set(request, entry);
    state.traffic.inFlight++;
    state.traffic.peakInFlight = Math.max(state.traffic.peakInFlight, state.traffic.inFlight);
    reply.raw.once('close', () => state.traffic.inFlight--);
    state.onRequest?.(resource, page);
    // Unref'd so a pending delay never keeps a closed emulator's process alive.
    if (state.faults.latencyMs > 0) await sleep(state.faults.latencyMs, undefined, { ref: false });
    if (entry.plan.fail) return reply.code(500).send(errorBody(500, MESSAGES.serverError));
    if (entry.plan.throttle) return reply.code(429).header('retry-after', state.faults.retryAfter).send(errorBody(429, MESSAGES.tooManyRequests));
    entry.features = featuresOf(requestedVersion(request.headers['x-api-version']));
    // The loyalty check authenticates with its own `api-token` header (spec, "Authentication" 2): its route checks that.
    entry.caller = LOYALTY_CHECK_PATH.test(relative)
      ? { token: '', role: 'LOYALTY', noPermission: false, issuedAt: state.now() }
      : state.tokens.authenticate(request.headers.authorization, state.faults.tokenTtlMs);
    if (request.method === 'GET') entry.getBody = await readGetBody(request);
    return undefined;
  });

  app.addHook('onSend', async (request, _reply, payload) => {
    if (admitted.get(request)?.plan.reset) request.raw.socket.destroy();
    return payload;
  });

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof ServiceError) return reply.code(error.status).send(error.body());
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return reply.code(status).send(errorBody(status, status === 413 ? 'The request body is too large.' : (error as Error).message));
    }
    return reply.code(500).send(errorBody(500, MESSAGES.serverError));
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send(errorBody(404, MESSAGES.notFound)));

  // A route the profile hides is not registered: it answers 404 like any path the service does not have.
  for (const spec of ROUTES.filter((route) => profile.serves(route))) {
    app.route({
      method: spec.method,
      url: `${BASE_PATH}${spec.url}`,
      handler: async (request, reply) => {
        const entry = admitted.get(request)!;
        const origin = `${request.protocol}://${request.host}`;
        const context: RequestContext = {
          state,
          features: entry.features!,
          caller: entry.caller!,
          baseUrl: `${origin}${BASE_PATH}`,
          path: `${origin}${pathOf(request.url)}`,
          params: request.params as Record<string, string>,
          input: mergeListInput(request.query, request.method === 'GET' ? entry.getBody : undefined),
          body: request.method === 'GET' ? entry.getBody : request.body,
          headers: request.headers,
        };
        spec.gate?.(context);
        authorize(context, spec.permission);
        const answer = profile.shape(spec, context, spec.handle(context));
        await takeHold(state.holds, spec.method, spec.url);
        return reply.code(answer.status).send(answer.body);
      },
    });
  }
  return app;
}
