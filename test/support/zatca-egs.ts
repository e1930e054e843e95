/** An onboarded EGS signer for tests: a fresh secp256k1 key, its CSR, and a certificate from the stand-in's CA. */
import { createZatcaCa, type ZatcaCa } from '../../emulator/zatca/zatca-ca.ts';
import { readEgsCertificate } from '../../src-main/zatca/egs-certificate.ts';
import { createEgsCsr, generateEgsKey } from '../../src-main/zatca/egs-csr.ts';
import type { EgsSigner } from '../../src-main/zatca/sign-document.ts';
import type { ZatcaBuyerParty, ZatcaDocument, ZatcaSeller } from '../../src-main/zatca/zatca-document.ts';
import { FIRST_PREVIOUS_INVOICE_HASH } from '../../src-shared/zatca/index.ts';
import type { TillDatabase } from '../../src-main/db/index.ts';
import { FileSecretStore } from '../../src-main/secrets/index.ts';
import { setSetting } from '../../src-main/settings/index.ts';
import { checkoutStamp, egsStampOptions, saveEgs, storeEgsKey, type CheckoutStamper } from '../../src-main/zatca/index.ts';

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

/** A business buyer, as a standard (B2B) invoice names it. */
export const TEST_BUYER: ZatcaBuyerParty = {
  name: 'شركة النور للتجارة',
  vatNumber: '300000000000003',
  crn: '1010010001',
  street: 'Tahlia Street',
  building: '4321',
  district: 'Rawdah',
  city: 'Jeddah',
  postalCode: '23434',
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

/**
 * Onboards the till of `db` as `pos zatca onboard` leaves it: the unit's
 * state in zatca_egs, its key in the secrets file beside the database, the
 * seller's address and CRN in the settings. Returns the signer it stored.
 */
export async function onboardForTest(db: TillDatabase, ca?: ZatcaCa): Promise<{ signer: EgsSigner; ca: ZatcaCa }> {
  const made = await testSigner(ca);
  saveEgs(
    db,
    {
      environment: 'sandbox',
      base_url: 'http://127.0.0.1:1/zatca',
      common_name: TEST_SUBJECT.commonName,
      certificate: made.signer.certificate.base64,
      certificate_expires_at: made.signer.certificate.notAfter,
      onboarded_at: Date.UTC(2026, 0, 1),
    },
    FIRST_PREVIOUS_INVOICE_HASH,
  );
  storeEgsKey(new FileSecretStore(db), made.signer.privateKey);
  setTestSeller(db);
  return { signer: made.signer, ca: made.ca };
}

/** The seller's settings of TEST_SELLER: everything onboarding and the documents need. */
export function setTestSeller(db: TillDatabase): void {
  setSetting(db, 'seller_name', TEST_SELLER.name);
  setSetting(db, 'vat_number', TEST_SELLER.vatNumber);
  setSetting(db, 'seller.crn', TEST_SELLER.crn);
  setSetting(db, 'seller.street', TEST_SELLER.street);
  setSetting(db, 'seller.building', TEST_SELLER.building);
  setSetting(db, 'seller.district', TEST_SELLER.district);
  setSetting(db, 'seller.city', TEST_SELLER.city);
  setSetting(db, 'seller.postal_code', TEST_SELLER.postalCode);
}

/** The stamp hook as the host builds it, for a TillService under test. */
export function hostStamp(db: TillDatabase): CheckoutStamper {
  return checkoutStamp(egsStampOptions(db, () => new FileSecretStore(db)));
}
