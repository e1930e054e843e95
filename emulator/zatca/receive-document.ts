/**
 * A document submitted to the compliance checks, to reporting (simplified,
 * subtype 02…) or to clearance (standard, 01…): checked independently
 * (verify-document.ts), against the request (`uuid`, `invoiceHash`), the
 * credentials (a certificate this stand-in issued to the same EGS unit) and
 * the unit's chain, then logged and answered in ZATCA's shape:
 * 200 PASS, 202 accepted with warnings, 400 with errors. A document whose
 * hash was already accepted is a resubmission: reporting answers 409,
 * clearance 208 with a warning, and nothing is reported twice.
 */
import type { IssuedCsid } from './csid-registry.ts';
import type { ReceivedDocument, SubmissionRoute } from './received-document.ts';
import type { StandInAnswer, StandInState } from './stand-in-state.ts';
import { validationResults, zatcaError, zatcaWarning } from './validation-results.ts';
import { clearedXml } from './cleared-document.ts';
import { checkDocument, type CheckedDocument, type ZatcaMessage } from './verify-document.ts';

const DAY_MS = 86_400_000;
const RIYADH_OFFSET = '+03:00';

interface SubmissionBody {
  invoiceHash: string;
  uuid: string;
  invoice: string;
}

function readBody(body: unknown): SubmissionBody | null {
  if (body === null || typeof body !== 'object') return null;
  const { invoiceHash, uuid, invoice } = body as Record<string, unknown>;
  return typeof invoiceHash === 'string' && typeof uuid === 'string' && typeof invoice === 'string' ? { invoiceHash, uuid, invoice } : null;
}

function outcomeOf(route: SubmissionRoute, accepted: boolean): string {
  if (route === 'clearance') return accepted ? 'CLEARED' : 'NOT_CLEARED';
  return accepted ? 'REPORTED' : 'NOT_REPORTED';
}

function answerBody(
  route: SubmissionRoute,
  doc: CheckedDocument | null,
  results: ReturnType<typeof validationResults>,
  outcome: string,
  xml: string,
  stamp: StandInState['ca']['stamp'],
) {
  const simplified = doc?.subtype.startsWith('02') ?? true;
  if (route === 'reporting') return { validationResults: results, reportingStatus: outcome };
  if (route === 'clearance')
    return {
      validationResults: results,
      clearanceStatus: outcome,
      clearedInvoice: outcome === 'CLEARED' ? Buffer.from(clearedXml(xml, stamp), 'utf8').toString('base64') : null,
    };
  // The compliance checks answer as reporting does for a simplified document and as clearance does for a standard one.
  return {
    validationResults: results,
    reportingStatus: simplified ? outcome.replace('CLEARED', 'REPORTED') : null,
    clearanceStatus: simplified ? null : outcome.replace('REPORTED', 'CLEARED'),
    qrSellertStatus: null,
    qrBuyertStatus: null,
  };
}

/** When the document says it was issued (Riyadh time), or null when its date and time cannot be read. */
function issuedAt(doc: CheckedDocument): number | null {
  const at = Date.parse(`${doc.issueDate}T${doc.issueTime}${RIYADH_OFFSET}`);
  return Number.isNaN(at) ? null : at;
}

export function receiveDocument(state: StandInState, route: SubmissionRoute, csid: IssuedCsid, body: unknown): StandInAnswer {
  const request = readBody(body);
  if (!request) {
    const results = validationResults(
      [zatcaError('invalid-request', 'HTTP-Errors', 'The body must be {invoiceHash, uuid, invoice} (the invoice as base64 of its XML).')],
      [],
    );
    return { status: 400, body: answerBody(route, null, results, outcomeOf(route, false), '', state.ca.stamp) };
  }
  const xml = Buffer.from(request.invoice, 'base64').toString('utf8');
  const doc = checkDocument(xml);
  const errors: ZatcaMessage[] = [...doc.errors];
  const warnings: ZatcaMessage[] = [...doc.warnings];
  const resubmission = state.log.some((r) => r.route === route && r.uuid === doc.uuid && doc.uuid !== '');

  if (doc.uuid && request.uuid !== doc.uuid) {
    errors.push(zatcaError('INVOICE_UUID_VALIDATION', 'MISSING_UUID_IN_INVOICE', "The uuid of the request is not the invoice's cbc:UUID."));
  }
  if (doc.hash && request.invoiceHash !== doc.hash) {
    errors.push(zatcaError('invalid-invoice-hash', 'INVOICE_HASHING_ERRORS', `The invoiceHash of the request is not the invoice's hash (${doc.hash}).`));
  }
  if (doc.certificate !== null) {
    const egs = state.registry.egsOf(doc.certificate);
    if (egs === null)
      errors.push(zatcaError('certificate-issuer', 'CERTIFICATE_ERRORS', 'The invoice is signed with a certificate ZATCA did not issue as a CSID.'));
    else if (egs !== csid.egs)
      errors.push(zatcaError('certificate-egs', 'CERTIFICATE_ERRORS', "The invoice is signed with another EGS unit's certificate than the credentials."));
  }
  const simplified = doc.subtype.startsWith('02');
  const standard = doc.subtype.startsWith('01');
  if (route === 'reporting' && !simplified)
    errors.push(zatcaError('invoice-type', 'KSA', 'Only simplified documents (subtype 02…) are reported; clear standard ones.'));
  if (route === 'clearance' && !standard)
    errors.push(zatcaError('invoice-type', 'KSA', 'Only standard documents (subtype 01…) are cleared; report simplified ones.'));
  if (route === 'clearance' && standard && csid.invoiceTypes[0] !== '1') {
    errors.push(
      zatcaError(
        'invoice-type',
        'KSA',
        `The CSID was issued for invoice types ${csid.invoiceTypes}, which do not include standard invoices; onboard the unit for 1100.`,
      ),
    );
  }
  if (route === 'compliance' && ((simplified && csid.invoiceTypes[1] !== '1') || (standard && csid.invoiceTypes[0] !== '1'))) {
    errors.push(
      zatcaError(
        'invoice-type',
        'KSA',
        `The CSID was requested for invoice types ${csid.invoiceTypes}, which do not include this document's (${doc.subtype}).`,
      ),
    );
  }

  const log = (httpStatus: number, outcome: string, repeated = resubmission): ReceivedDocument => {
    const entry: ReceivedDocument = {
      seq: state.log.length + 1,
      at: state.now(),
      route,
      uuid: doc.uuid,
      invoiceHash: request.invoiceHash,
      hash: doc.hash,
      icv: doc.icv,
      pih: doc.pih,
      typeCode: doc.typeCode,
      billingReference: doc.billingReference,
      egs: csid.egs,
      resubmission: repeated,
      httpStatus,
      outcome,
      errors,
      warnings,
      xml,
    };
    state.log.push(entry);
    return entry;
  };

  if (route !== 'compliance') {
    const earlier = errors.length === 0 ? state.accepted.get(doc.hash) : undefined;
    if (earlier && earlier.route === route) {
      // ZATCA's answer to a document it already has: nothing new is reported or cleared.
      const duplicate = [zatcaWarning('Invoice-Warning', 'Duplicate-Invoice', 'Invoice Hash Previously Submitted.')];
      const results = validationResults([], duplicate);
      const outcome = route === 'reporting' ? 'REPORTED' : 'CLEARED';
      const status = route === 'reporting' ? 409 : 208;
      log(status, outcome, true).warnings = duplicate;
      return { status, body: answerBody(route, doc, results, outcome, xml, state.ca.stamp) };
    }
    // A cleared note corrects an invoice ZATCA has: one this unit had cleared or reported under that number (BT-25).
    if (route === 'clearance' && doc.billingReference) {
      const known = [...state.accepted.values()].some((a) => a.egs === csid.egs && a.typeCode === '388' && a.id === doc.billingReference);
      if (!known)
        warnings.push(
          zatcaWarning('billing-reference', 'KSA', `The billing reference ${doc.billingReference} names no invoice cleared or reported from this EGS unit.`),
        );
    }
    // The chain holds the hash the EGS unit gave the document (egs-chains.ts): a document read to another hash is refused for it, not its successors.
    const link = { uuid: doc.uuid, icv: doc.icv, pih: doc.pih, hash: request.invoiceHash };
    const chain = state.chains.check(csid.egs, link);
    errors.push(...chain.errors);
    warnings.push(...chain.warnings);
    const at = issuedAt(doc);
    if (route === 'reporting' && at !== null && state.now() - at > DAY_MS) {
      warnings.push(zatcaWarning('BR-KSA-98', 'KSA', 'The simplified document was reported more than 24 hours after it was issued.'));
    }
    state.chains.record(csid.egs, link);
  }

  const accepted = errors.length === 0;
  const outcome = outcomeOf(route, accepted);
  const status = !accepted ? 400 : warnings.length > 0 && route !== 'compliance' ? 202 : 200;
  if (accepted && route !== 'compliance') state.accepted.set(doc.hash, { route, uuid: doc.uuid, egs: csid.egs, id: doc.id, typeCode: doc.typeCode });
  if (accepted && route === 'compliance') csid.passed.add(`${doc.subtype.slice(0, 2)}:${doc.typeCode}`);
  log(status, outcome);
  return { status, body: answerBody(route, doc, validationResults(errors, warnings), outcome, xml, state.ca.stamp) };
}
