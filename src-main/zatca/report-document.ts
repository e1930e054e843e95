/**
 * One signed document to ZATCA, as its developer portal documents the
 * calls: reporting (simplified) `POST {base}/invoices/reporting/single`
 * with `Clearance-Status: 0`, clearance (standard) `/invoices/clearance/single`
 * with `Clearance-Status: 1`; Basic credentials of the production CSID; the body
 * `{invoiceHash, uuid, invoice}` where `invoice` is base64 of the XML, byte
 * for byte. The request goes through zatca-http.ts; judging the answer is
 * reporting-answer.ts's.
 */
import { postToZatca, type ZatcaCredentials, type ZatcaHttpOptions, type ZatcaReply } from './zatca-http.ts';

export type SubmissionTarget = 'reporting' | 'clearance';

const PATHS: Record<SubmissionTarget, string> = {
  reporting: '/invoices/reporting/single',
  clearance: '/invoices/clearance/single',
};

export interface DocumentToSubmit {
  /** base64 of the SHA-256 invoice hash, as stored. */
  hash: string;
  uuid: string;
  /** The signed XML exactly as stored; never rebuilt. */
  xml: string;
}

export interface SubmitOptions extends ZatcaHttpOptions {
  credentials: ZatcaCredentials;
}

/** The request body for a document: the same bytes on every try, since the XML and hash are stored. */
export function submissionBody(doc: DocumentToSubmit): { invoiceHash: string; uuid: string; invoice: string } {
  return { invoiceHash: doc.hash, uuid: doc.uuid, invoice: Buffer.from(doc.xml, 'utf8').toString('base64') };
}

export async function submitDocument(target: SubmissionTarget, doc: DocumentToSubmit, options: SubmitOptions): Promise<ZatcaReply> {
  const headers = { 'Clearance-Status': target === 'clearance' ? '1' : '0' };
  const reply = await postToZatca(PATHS[target], { credentials: options.credentials, headers, body: submissionBody(doc) }, options);
  return reply.answered ? reply : { answered: false, reason: `ZATCA could not be reached (${reply.reason})` };
}
