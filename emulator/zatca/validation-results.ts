/**
 * ZATCA's answer to a submitted document: `validationResults` with the
 * info, warning and error messages and an overall status (PASS, WARNING or
 * ERROR), as its compliance, reporting and clearance APIs return it.
 */
import type { ZatcaMessage } from './verify-document.ts';

export interface ValidationResults {
  infoMessages: ZatcaMessage[];
  warningMessages: ZatcaMessage[];
  errorMessages: ZatcaMessage[];
  status: 'PASS' | 'WARNING' | 'ERROR';
}

/** ZATCA's info message for a document that passed its schema checks. */
const XSD_VALID: ZatcaMessage = {
  type: 'INFO',
  code: 'XSD_ZATCA_VALID',
  category: 'XSD validation',
  message: 'Complied with UBL 2.1 standards in line with ZATCA specifications',
  status: 'PASS',
};

export function validationResults(errors: ZatcaMessage[], warnings: ZatcaMessage[]): ValidationResults {
  return {
    infoMessages: [XSD_VALID],
    warningMessages: warnings,
    errorMessages: errors,
    status: errors.length > 0 ? 'ERROR' : warnings.length > 0 ? 'WARNING' : 'PASS',
  };
}

export const zatcaError = (code: string, category: string, message: string): ZatcaMessage => ({ type: 'ERROR', code, category, message, status: 'ERROR' });
export const zatcaWarning = (code: string, category: string, message: string): ZatcaMessage => ({
  type: 'WARNING',
  code,
  category,
  message,
  status: 'WARNING',
});
