/** One document as the stand-in's log keeps it: every submission, resubmissions included, with what was answered. */
import type { ZatcaMessage } from './verify-document.ts';

export type SubmissionRoute = 'compliance' | 'reporting' | 'clearance';

export interface ReceivedDocument {
  /** 1, 2, 3… in arrival order. */
  seq: number;
  /** The stand-in's clock when it arrived. */
  at: number;
  route: SubmissionRoute;
  uuid: string;
  /** The hash the request claimed (`invoiceHash`), and the one recomputed here. */
  invoiceHash: string;
  hash: string;
  icv: number | null;
  pih: string | null;
  typeCode: string;
  /** A credit or debit note's billing reference (BT-25): the number of the invoice it corrects. */
  billingReference: string | null;
  /** The EGS unit (certificate subject) of the credentials, or null when they named none. */
  egs: string | null;
  /** This uuid had already been received on this route (a retry); counted, never reported twice. */
  resubmission: boolean;
  httpStatus: number;
  /** REPORTED, NOT_REPORTED, CLEARED, NOT_CLEARED, or for a resubmission of an accepted document what it was answered. */
  outcome: string;
  errors: ZatcaMessage[];
  warnings: ZatcaMessage[];
  xml: string;
}
