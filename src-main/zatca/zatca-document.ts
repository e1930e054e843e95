/**
 * What one ZATCA document says, before it is XML: the seller, the lines and
 * the totals in minor units (never floats), and its place in the chain.
 * Amounts are positive on every kind: a credit note states what it gives
 * back, its type code says it is a credit.
 */
import type { Minor } from '../../src-shared/money/index.ts';

export const DOCUMENT_KINDS = ['invoice', 'credit', 'debit'] as const;
export type ZatcaDocumentKind = (typeof DOCUMENT_KINDS)[number];

/** UNTDID 1001 codes ZATCA uses: tax invoice, credit note, debit note. */
export const TYPE_CODES: Record<ZatcaDocumentKind, '388' | '381' | '383'> = { invoice: '388', credit: '381', debit: '383' };

/** The type code's name attribute for a simplified (B2C) document: positions 01 = simplified, the rest no special case. */
export const SIMPLIFIED_SUBTYPE = '0200000';
/** The same for a standard (B2B) tax invoice: positions 01 = standard; cleared by ZATCA before it is handed over. */
export const STANDARD_SUBTYPE = '0100000';

export type ZatcaProfile = 'simplified' | 'standard';

/** A party as ZATCA's documents name it: the seller (AccountingSupplierParty) or a business buyer. */
export interface ZatcaParty {
  name: string;
  vatNumber: string;
  /** Commercial registration number (the party identification, scheme CRN); a buyer may have none (''). */
  crn: string;
  street: string;
  building: string;
  district: string;
  city: string;
  postalCode: string;
}

export type ZatcaSeller = ZatcaParty;

/** The business buyer a standard invoice names (AccountingCustomerParty). */
export type ZatcaBuyerParty = ZatcaParty;

export interface ZatcaLine {
  id: number;
  name: string;
  quantity: number;
  /** The line's amount without VAT, after its discounts. */
  net: Minor;
  tax: Minor;
  /** net + tax. */
  total: Minor;
  /**
   * The line's discounts as one line-level allowance (AllowanceCharge, BG-27), without VAT, and what they
   * were (BT-139): the price then states the line before them, so PriceAmount − allowance = LineExtensionAmount.
   */
  allowance?: { amount: Minor; reason: string };
}

export interface ZatcaDocument {
  kind: ZatcaDocumentKind;
  /** simplified by default; standard names its buyer and carries no QR of the till's (ZATCA's cleared document does). */
  profile?: ZatcaProfile;
  buyer?: ZatcaBuyerParty;
  /** The invoice number the buyer sees (the order number). */
  id: string;
  uuid: string;
  issuedAt: number;
  /** Invoice counter value: 1, 2, 3… across every document of the EGS unit. */
  icv: number;
  /** Previous invoice hash (base64). */
  pih: string;
  seller: ZatcaSeller;
  /** Hundredths of a percent (1500 = 15%). */
  vatRate: number;
  lines: ZatcaLine[];
  net: Minor;
  tax: Minor;
  total: Minor;
  /** UNTDID 4461: 10 in cash, 48 bank card, 1 not defined. */
  paymentMeansCode: '10' | '48' | '1';
  /** Credit and debit notes: the invoice they correct and why (KSA-10). */
  billingReference?: string;
  reason?: string;
}
