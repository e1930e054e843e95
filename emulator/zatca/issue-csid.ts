/**
 * The stand-in's CSID endpoints. `POST /compliance` takes `{csr}` (base64 of
 * the CSR's PEM) with the portal's one-time password in the `OTP` header and
 * answers the compliance CSID; `POST /production/csids` takes
 * `{compliance_request_id}` with the compliance CSID as Basic credentials
 * and, once the compliance checks for every invoice type the CSR names have
 * passed, answers the production CSID (a certificate for the same key).
 */
import { CsrError } from './zatca-ca.ts';
import { CsrCheckError, readCsr, type IssuedCsid } from './csid-registry.ts';
import type { StandInAnswer, StandInState } from './stand-in-state.ts';
import type { StandInEnvironment } from './zatca-paths.ts';

const COMPLIANCE_DAYS = 365;
const PRODUCTION_DAYS = 5 * 365;
const TOKEN_TYPE = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-x509-token-profile-1.0#X509v3';

const refused = (status: number, code: string, message: string): StandInAnswer => ({ status, body: { errors: [{ code, message }] } });

function issuedAnswer(csid: IssuedCsid): StandInAnswer {
  return {
    status: 200,
    body: {
      requestID: csid.requestId,
      tokenType: TOKEN_TYPE,
      dispositionMessage: 'ISSUED',
      binarySecurityToken: csid.binarySecurityToken,
      secret: csid.secret,
      errors: null,
    },
  };
}

function bodyMember(body: unknown, name: string): unknown {
  return body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
}

export async function issueComplianceCsid(
  state: StandInState,
  environment: StandInEnvironment,
  otp: string | undefined,
  body: unknown,
): Promise<StandInAnswer> {
  if (!otp) return refused(400, 'Missing-OTP', 'The OTP header is missing: take a one-time password from the FATOORA portal.');
  if (otp !== state.otp) return refused(400, 'Invalid-OTP', 'The OTP is invalid or has expired: take a new one from the FATOORA portal.');
  const csrBase64 = bodyMember(body, 'csr');
  if (typeof csrBase64 !== 'string' || csrBase64.trim() === '') return refused(400, 'Missing-CSR', 'The request has no csr (base64 of the CSR).');
  const pem = Buffer.from(csrBase64, 'base64').toString('utf8');
  try {
    const { egs, invoiceTypes } = readCsr(pem, environment);
    const certificate = await state.ca.issue(pem, state.now(), COMPLIANCE_DAYS);
    return issuedAnswer(state.registry.add({ kind: 'compliance', certificate, egs, environment, csr: pem, invoiceTypes }));
  } catch (error) {
    if (error instanceof CsrCheckError || error instanceof CsrError) return refused(400, 'Invalid-CSR', error.message);
    throw error;
  }
}

/** The compliance checks a CSR's invoice types call for: "01" standard, "02" simplified, each with invoice, credit and debit note. */
export function requiredChecks(invoiceTypes: string): string[] {
  const kinds = [...(invoiceTypes[0] === '1' ? ['01'] : []), ...(invoiceTypes[1] === '1' ? ['02'] : [])];
  return kinds.flatMap((kind) => ['388', '381', '383'].map((code) => `${kind}:${code}`));
}

export async function issueProductionCsid(state: StandInState, compliance: IssuedCsid, body: unknown): Promise<StandInAnswer> {
  const requestId = bodyMember(body, 'compliance_request_id');
  if (requestId === undefined || String(requestId) !== String(compliance.requestId)) {
    return refused(400, 'Invalid-Request-ID', 'The compliance_request_id is not the requestID of the compliance CSID the credentials carry.');
  }
  const missing = requiredChecks(compliance.invoiceTypes).filter((check) => !compliance.passed.has(check));
  if (missing.length > 0) {
    return refused(400, 'Missing-ComplianceSteps', `The compliance checks are not complete: ${missing.join(', ')} (subtype:type code) have not passed.`);
  }
  const certificate = await state.ca.issue(compliance.csr, state.now(), PRODUCTION_DAYS);
  return issuedAnswer(
    state.registry.add({
      kind: 'production',
      certificate,
      egs: compliance.egs,
      environment: compliance.environment,
      csr: compliance.csr,
      invoiceTypes: compliance.invoiceTypes,
    }),
  );
}
