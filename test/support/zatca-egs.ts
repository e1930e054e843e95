/** An onboarded EGS signer for tests: a fresh secp256k1 key, its CSR, and a certificate from the stand-in's CA. */
import { createZatcaCa, type ZatcaCa } from '../../emulator/zatca/zatca-ca.ts';
import { readEgsCertificate } from '../../src-main/zatca/egs-certificate.ts';
import { createEgsCsr, generateEgsKey } from '../../src-main/zatca/egs-csr.ts';
import type { EgsSigner } from '../../src-main/zatca/sign-document.ts';
import type { ZatcaDocument, ZatcaSeller } from '../../src-main/zatca/zatca-document.ts';
import { FIRST_PREVIOUS_INVOICE_HASH } from '../../src-shared/zatca/index.ts';

export const TEST_SELLER: ZatcaSeller = {
  name: 'مقهى الفجر & Co <Riyadh>',
  vatNumber: '399999999900003',
  crn: '1010010000',
  street: 'King Fahd Road',
  building: '1234',
  district: 'Olaya',
  city: 'Riyadh',
  postalCode: '12345',
};

export const TEST_SUBJECT = {
  commonName: 'Till-test',
  serialNumber: '1-Till|2-0.1.0|3-6f7c1d2e',
  organization: 'Fajr Cafe',
  organizationUnit: 'Olaya',
  vatNumber: TEST_SELLER.vatNumber,
  invoiceTypes: '0100',
  location: 'RRRD2929',
  industry: 'Food',
};

export async function testSigner(ca?: ZatcaCa): Promise<{ signer: EgsSigner; ca: ZatcaCa; csr: string }> {
  const authority = ca ?? (await createZatcaCa(Date.UTC(2026, 0, 1)));
  const { privateKey } = generateEgsKey();
  const csr = await createEgsCsr(privateKey, TEST_SUBJECT, 'sandbox');
  const certificate = readEgsCertificate(await authority.issue(csr, Date.UTC(2026, 0, 1), 365 * 2));
  return { signer: { privateKey, certificate }, ca: authority, csr };
}

export function testDocument(overrides: Partial<ZatcaDocument> = {}): ZatcaDocument {
  return {
    kind: 'invoice',
    id: 'T1-20261125-0001',
    uuid: '3cf5ee18-ee25-44ea-a444-2c37ba7f28be',
    issuedAt: Date.UTC(2026, 10, 25, 10, 15, 30),
    icv: 1,
    pih: FIRST_PREVIOUS_INVOICE_HASH,
    seller: TEST_SELLER,
    vatRate: 1500,
    lines: [
      { id: 1, name: 'Latte "large" & <hot>', quantity: 2, net: 1739, tax: 261, total: 2000 },
      { id: 2, name: 'كرواسون', quantity: 3, net: 2609, tax: 391, total: 3000 },
    ],
    net: 4348,
    tax: 652,
    total: 5000,
    paymentMeansCode: '10',
    ...overrides,
  };
}
