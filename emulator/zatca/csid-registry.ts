/**
 * The CSIDs the stand-in has issued: each compliance request (its CSR, the
 * compliance certificate, which compliance checks passed) and each
 * production CSID, found by the Basic credentials that carry them. An EGS
 * unit is known by its certificate's subject, which stays the same when it
 * is onboarded again (renewal): its invoice chain carries on.
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { fromBER, PrintableString, Utf8String } from 'asn1js';
import type { StandInEnvironment } from './zatca-paths.ts';
import { CERTIFICATE_TEMPLATES } from './zatca-paths.ts';

export interface IssuedCsid {
  kind: 'compliance' | 'production';
  requestId: number;
  /** As ZATCA sends it: base64 of the certificate's base64 text. */
  binarySecurityToken: string;
  secret: string;
  /** base64 of the DER certificate. */
  certificate: string;
  /** The EGS unit: the certificate's subject. */
  egs: string;
  environment: StandInEnvironment;
  /** Compliance CSIDs: the CSR, reused for the production CSID (same key). */
  csr: string;
  /** The invoice types the CSR asks for (SAN title, e.g. 0100 = simplified only). */
  invoiceTypes: string;
  /** Compliance CSIDs: the documents that passed the checks, as "subtype prefix:type code" (e.g. 02:388). */
  passed: Set<string>;
}

export class CsrCheckError extends Error {
  override readonly name = 'CsrCheckError';
}

/** What the stand-in reads from a CSR before it issues: the template of the environment and the invoice types. */
export function readCsr(csrPem: string, environment: StandInEnvironment): { egs: string; invoiceTypes: string } {
  let csr: x509.Pkcs10CertificateRequest;
  try {
    csr = new x509.Pkcs10CertificateRequest(csrPem);
  } catch (error) {
    throw new CsrCheckError(`the CSR cannot be read: ${(error as Error).message}`);
  }
  const template = csr.getExtension('1.3.6.1.4.1.311.20.2');
  let templateName = '';
  if (template) {
    const parsed = fromBER(template.value);
    const block = parsed.result;
    if (block instanceof PrintableString || block instanceof Utf8String) templateName = block.valueBlock.value;
  }
  const expected = CERTIFICATE_TEMPLATES[environment];
  if (templateName !== expected) {
    throw new CsrCheckError(`the CSR's certificate template name is "${templateName || 'missing'}"; the ${environment} environment issues for "${expected}"`);
  }
  // Found by its OID and read again: the parsed extension may come from another copy of the library, where instanceof fails.
  const sanExtension = csr.extensions.find((e) => e.type === '2.5.29.17');
  const san = sanExtension ? new x509.SubjectAlternativeNameExtension(sanExtension.rawData) : null;
  const dn = san?.names.items.find((n) => n.type === 'dn')?.value ?? '';
  // The title attribute (2.5.4.12) prints as T.
  const invoiceTypes = /(?:^|,\s*)(?:2\.5\.4\.12|title|T)=(\d{4})/.exec(dn)?.[1];
  if (!invoiceTypes) throw new CsrCheckError('the CSR names no invoice types (the title 2.5.4.12 in its subject alternative name, e.g. 0100)');
  if (!/(?:^|,\s*)C=SA(?:,|$)/.test(csr.subject)) throw new CsrCheckError(`the CSR's subject must be in Saudi Arabia (C=SA); it is "${csr.subject}"`);
  return { egs: csr.subject, invoiceTypes };
}

export class CsidRegistry {
  private readonly byToken = new Map<string, IssuedCsid>();
  private readonly byRequestId = new Map<number, IssuedCsid>();
  private readonly egsOfCertificate = new Map<string, string>();
  private nextRequestId = 1_234_567_890_123;

  add(csid: Omit<IssuedCsid, 'requestId' | 'binarySecurityToken' | 'secret' | 'passed'>): IssuedCsid {
    const issued: IssuedCsid = {
      ...csid,
      requestId: this.nextRequestId++,
      binarySecurityToken: Buffer.from(csid.certificate, 'utf8').toString('base64'),
      secret: randomBytes(32).toString('base64'),
      passed: new Set(),
    };
    this.byToken.set(issued.binarySecurityToken, issued);
    this.byRequestId.set(issued.requestId, issued);
    this.egsOfCertificate.set(csid.certificate, csid.egs);
    return issued;
  }

  /** The CSID the credentials name, if the secret is right. */
  authenticate(credentials: { token: string; secret: string } | null): IssuedCsid | null {
    if (!credentials) return null;
    const csid = this.byToken.get(credentials.token);
    return csid && csid.secret === credentials.secret ? csid : null;
  }

  byRequest(requestId: number): IssuedCsid | null {
    return this.byRequestId.get(requestId) ?? null;
  }

  /** The EGS unit a certificate this stand-in issued belongs to; null for any other certificate. */
  egsOf(certificate: string): string | null {
    return this.egsOfCertificate.get(certificate) ?? null;
  }
}
