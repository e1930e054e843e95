/**
 * The ZATCA stand-in's HTTP server: the five routes under each of ZATCA's
 * three base paths. Every request passes, in order: the fault of the moment
 * (zatca-faults.ts), `Accept-Version: V2` (406 otherwise), the credentials
 * the route takes (401), then the route. A held request (request-hold.ts)
 * waits after its work and before its answer; a dropped one does its work
 * and loses its answer.
 */
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { takeHold } from '../request-hold.ts';
import { readBasicCredentials } from './basic-credentials.ts';
import { issueComplianceCsid, issueProductionCsid } from './issue-csid.ts';
import { receiveDocument } from './receive-document.ts';
import type { StandInAnswer, StandInState } from './stand-in-state.ts';
import { planZatcaFault, type ZatcaFaultPlan } from './zatca-faults.ts';
import { ZATCA_BASE_PATHS, ZATCA_ROUTES, type StandInEnvironment } from './zatca-paths.ts';

const BODY_LIMIT = 10 * 1024 * 1024;
const plans = new WeakMap<FastifyRequest, ZatcaFaultPlan>();

function relativeRoute(url: string): string {
  const path = url.split('?')[0]!.replace(/\/+$/, '');
  for (const base of Object.values(ZATCA_BASE_PATHS)) if (path.startsWith(`${base}/`)) return path.slice(base.length);
  return path;
}

export function createZatcaServer(state: StandInState): FastifyInstance {
  const app = Fastify({ logger: false, forceCloseConnections: true, bodyLimit: BODY_LIMIT });
  // Bodies are JSON whatever their label says.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('The body is not JSON.'), { statusCode: 400 }), undefined);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const plan = planZatcaFault(state.faults, state.faultPrng, relativeRoute(request.url));
    plans.set(request, plan);
    if (plan === 'fail') {
      return reply.code(500).send({ category: 'HTTP-Errors', code: '500', message: 'Something went wrong and caused an Internal Server Error.' });
    }
    if (plan === 'unauthorized') return reply.code(401).send();
    if (plan === 'throttle') return reply.code(429).header('retry-after', state.faults.retryAfter).send({ message: 'Too Many Requests' });
    if (request.headers['accept-version'] !== 'V2') {
      return reply.code(406).send({ errors: [{ code: 'Invalid-Version', message: 'This API takes the header Accept-Version: V2.' }] });
    }
    return undefined;
  });

  app.addHook('onSend', async (request, _reply, payload) => {
    if (plans.get(request) === 'drop') request.raw.socket.destroy();
    return payload;
  });

  app.setErrorHandler((error, _request, reply) => {
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500)
      return reply.code(status).send({ errors: [{ code: String(status), message: (error as Error).message }] });
    return reply.code(500).send({ category: 'HTTP-Errors', code: '500', message: 'Something went wrong and caused an Internal Server Error.' });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ errors: [{ code: '404', message: 'There is no such API.' }] }));

  for (const [environment, base] of Object.entries(ZATCA_BASE_PATHS) as [StandInEnvironment, string][]) {
    const route = (path: string, handle: (request: FastifyRequest) => Promise<StandInAnswer> | StandInAnswer) =>
      app.post(`${base}${path}`, async (request, reply) => {
        const answer = await handle(request);
        await takeHold(state.holds, 'POST', path);
        return answer.body === undefined ? reply.code(answer.status).send() : reply.code(answer.status).send(answer.body);
      });
    /** The CSID the Basic credentials carry, if it is of this kind and environment. */
    const csidOf = (request: FastifyRequest, kind: 'compliance' | 'production') => {
      const csid = state.registry.authenticate(readBasicCredentials(request.headers.authorization));
      return csid && csid.kind === kind && csid.environment === environment ? csid : null;
    };
    const header = (request: FastifyRequest, name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };

    route(ZATCA_ROUTES.complianceCsid, (request) => issueComplianceCsid(state, environment, header(request, 'otp'), request.body));
    route(ZATCA_ROUTES.productionCsid, (request) => {
      const csid = csidOf(request, 'compliance');
      return csid ? issueProductionCsid(state, csid, request.body) : { status: 401 };
    });
    route(ZATCA_ROUTES.complianceInvoices, (request) => {
      const csid = csidOf(request, 'compliance');
      return csid ? receiveDocument(state, 'compliance', csid, request.body) : { status: 401 };
    });
    route(ZATCA_ROUTES.reporting, (request) => {
      const csid = csidOf(request, 'production');
      return csid ? receiveDocument(state, 'reporting', csid, request.body) : { status: 401 };
    });
    route(ZATCA_ROUTES.clearance, (request) => {
      const csid = csidOf(request, 'production');
      if (!csid) return { status: 401 };
      // Clearance-Status 0 is a till that has not turned clearance on: ZATCA sends it to reporting.
      if (header(request, 'clearance-status') === '0') {
        return { status: 303, body: { message: 'Clearance is deactivated for this request (Clearance-Status: 0); report the document instead.' } };
      }
      return receiveDocument(state, 'clearance', csid, request.body);
    });
  }
  return app;
}
