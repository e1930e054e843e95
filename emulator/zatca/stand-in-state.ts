/** What the ZATCA stand-in holds while it runs. */
import type { Prng } from '../../src-shared/random/index.ts';
import type { ArmedHold } from '../request-hold.ts';
import type { CsidRegistry } from './csid-registry.ts';
import type { EgsChains } from './egs-chains.ts';
import type { ReceivedDocument } from './received-document.ts';
import type { ZatcaCa } from './zatca-ca.ts';
import type { ZatcaFaults } from './zatca-faults.ts';

export interface StandInState {
  ca: ZatcaCa;
  registry: CsidRegistry;
  chains: EgsChains;
  log: ReceivedDocument[];
  /** By recomputed hash, the documents accepted on reporting or clearance and what they were answered (a resubmission gets the same). */
  accepted: Map<string, AcceptedDocument>;
  faults: ZatcaFaults;
  faultPrng: Prng;
  holds: ArmedHold[];
  now: () => number;
  /** The one OTP the compliance CSID endpoint accepts. */
  otp: string;
}

/** A document reported or cleared: enough to answer its resubmission and to find the invoice a note's billing reference names. */
export interface AcceptedDocument {
  route: 'reporting' | 'clearance';
  uuid: string;
  egs: string;
  /** Its cbc:ID (the invoice number BT-1) and type code (388, 381, 383). */
  id: string;
  typeCode: string;
}

/** A route's answer: the HTTP status and the JSON body (none for a bare 401). */
export interface StandInAnswer {
  status: number;
  body?: unknown;
}
