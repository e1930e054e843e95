/**
 * Starts the ZATCA stand-in over HTTP (README.md, "The ZATCA stand-in"):
 *
 *   const zatca = await startZatcaStandIn();
 *   zatca.url;          // http://127.0.0.1:PORT/e-invoicing/developer-portal (sandbox)
 *   zatca.received();   // every document submitted, in order (resubmissions flagged)
 *   zatca.faults.failNext = 1;
 *   await zatca.close();
 */
import type { AddressInfo } from 'node:net';
import { createPrng, deriveSeed } from '../../src-shared/random/index.ts';
import { armHold, type RequestHold } from '../request-hold.ts';
import { CsidRegistry } from './csid-registry.ts';
import { EgsChains } from './egs-chains.ts';
import type { ReceivedDocument } from './received-document.ts';
import type { StandInState } from './stand-in-state.ts';
import { createZatcaCa, type ZatcaCa } from './zatca-ca.ts';
import { resolveZatcaFaults, type ZatcaFaults } from './zatca-faults.ts';
import { ZATCA_BASE_PATHS, type StandInEnvironment } from './zatca-paths.ts';
import { createZatcaServer } from './zatca-server.ts';
import { x509Subject } from './x509-subject.ts';

/** The one-time password the stand-in's compliance CSID endpoint accepts unless told another. */
export const STAND_IN_OTP = '123456';

export interface ZatcaStandInOptions {
  /** 0 (the default): any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The stand-in's clock: certificate validity, the 24-hour reporting window, the log's times. */
  now?: () => number;
  faults?: Partial<ZatcaFaults>;
  /** The OTP `POST /compliance` accepts (default 123456). */
  otp?: string;
  /** Seeds the fault draws (default 1). */
  seed?: number;
}

export interface RunningZatcaStandIn {
  /** The sandbox base URL (developer portal): http://HOST:PORT/e-invoicing/developer-portal. */
  url: string;
  /** Each environment's base URL (each takes CSRs of its own certificate template). */
  urls: Record<StandInEnvironment, string>;
  otp: string;
  /** The stand-in's certificate authority: `testSigner(zatca.ca)` signs documents it accepts. */
  ca: ZatcaCa;
  /** Mutable at run time: change a member, or assign a whole set. */
  faults: ZatcaFaults;
  /** Every document submitted (compliance checks, reporting, clearance), in arrival order; a copy. */
  received(): ReceivedDocument[];
  /**
   * Registers a certificate from `ca` (made outside the API, e.g. by
   * test/support/zatca-egs.ts) as a production CSID and returns its Basic
   * credentials for reporting and clearance.
   */
  /** invoiceTypes: what the CSID covers (0100 simplified only unless told; 1100 standard too). */
  credentialsFor(certificateBase64: string, environment?: StandInEnvironment, invoiceTypes?: string): { binarySecurityToken: string; secret: string };
  /** Keeps the next `POST path` (relative to the base path, e.g. `/invoices/reporting/single`) unanswered until released; its work is done. */
  hold(method: string, path: string): RequestHold;
  close(): Promise<void>;
}

function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

export async function startZatcaStandIn(options: ZatcaStandInOptions = {}): Promise<RunningZatcaStandIn> {
  const now = options.now ?? (() => Date.now());
  const host = options.host ?? '127.0.0.1';
  const state: StandInState = {
    ca: await createZatcaCa(now()),
    registry: new CsidRegistry(),
    chains: new EgsChains(),
    log: [],
    accepted: new Map(),
    faults: resolveZatcaFaults(options.faults),
    faultPrng: createPrng(deriveSeed(options.seed ?? 1, 'zatca-faults')),
    holds: [],
    now,
    otp: options.otp ?? STAND_IN_OTP,
  };
  const app = createZatcaServer(state);
  await app.listen({ port: options.port ?? 0, host });
  const { port } = app.server.address() as AddressInfo;
  const origin = `http://${urlHost(host)}:${port}`;
  const urls = Object.fromEntries(Object.entries(ZATCA_BASE_PATHS).map(([env, base]) => [env, `${origin}${base}`])) as Record<StandInEnvironment, string>;
  return {
    url: urls.sandbox,
    urls,
    otp: state.otp,
    ca: state.ca,
    get faults() {
      return state.faults;
    },
    set faults(value: ZatcaFaults) {
      state.faults = resolveZatcaFaults(value);
    },
    received: () => state.log.map((entry) => ({ ...entry })),
    credentialsFor(certificateBase64, environment = 'sandbox', invoiceTypes = '0100') {
      const csid = state.registry.add({
        kind: 'production',
        certificate: certificateBase64,
        egs: x509Subject(certificateBase64),
        environment,
        csr: '',
        invoiceTypes,
      });
      return { binarySecurityToken: csid.binarySecurityToken, secret: csid.secret };
    },
    hold: (method, path) => armHold(state.holds, method, path),
    close: () => app.close(),
  };
}
