/**
 * A till onboarded against the ZATCA stand-in for the reporting tests: its
 * EGS unit points at the stand-in, its CSID secret is in the secrets file
 * beside the database (as `pos zatca onboard` leaves it), and a signer can
 * be swapped in to make a document ZATCA will refuse.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { RunningZatcaStandIn } from '../../emulator/zatca/start-zatca-stand-in.ts';
import { setSettingFromText } from '../../src-main/settings/index.ts';
import type { TillDatabase } from '../../src-main/db/index.ts';
import { FileSecretStore } from '../../src-main/secrets/index.ts';
import { CSID_SECRET, readEgs, saveEgs, storeEgsKey, type EgsSigner } from '../../src-main/zatca/index.ts';
import { FIRST_PREVIOUS_INVOICE_HASH } from '../../src-shared/zatca/index.ts';
import { onboardForTest } from './zatca-egs.ts';
import { documentAsSigned } from '../../src-main/zatca/stored-xml.ts';

/**
 * Makes the till of `db` trust `caPem` (the stand-in's test CA) for ZATCA's stamp on cleared invoices, as an operator
 * would: the PEM beside the database, named by the operator-only setting zatca.stand_in_ca_file.
 */
export function trustStandInCa(db: TillDatabase, caPem: string): void {
  const file = join(dirname(db.name), 'zatca-stand-in-ca.pem');
  writeFileSync(file, caPem);
  setSettingFromText(db, 'zatca.stand_in_ca_file', file);
}

/** Onboards the till of `db` with a certificate from the stand-in's CA, registered there as its production CSID; the till trusts that CA's stamp. */
export async function onboardAgainstStandIn(db: TillDatabase, zatca: RunningZatcaStandIn, invoiceTypes = '0100'): Promise<EgsSigner> {
  trustStandInCa(db, zatca.ca.certificatePem);
  const { signer } = await onboardForTest(db, zatca.ca);
  const { secret } = zatca.credentialsFor(signer.certificate.base64, 'sandbox', invoiceTypes);
  useSigner(db, signer, zatca.url, invoiceTypes);
  new FileSecretStore(db).set(CSID_SECRET, secret);
  return signer;
}

/** Makes `signer` the unit's key and certificate from the next checkout on; the chain carries on. */
export function useSigner(db: TillDatabase, signer: EgsSigner, baseUrl?: string, invoiceTypes?: string): void {
  const egs = readEgs(db)!;
  saveEgs(
    db,
    {
      environment: egs.environment,
      base_url: baseUrl ?? egs.base_url,
      common_name: egs.common_name,
      certificate: signer.certificate.base64,
      certificate_expires_at: signer.certificate.notAfter,
      onboarded_at: egs.onboarded_at,
      ...(invoiceTypes ? { invoice_types: invoiceTypes } : {}),
    },
    FIRST_PREVIOUS_INVOICE_HASH,
  );
  storeEgsKey(new FileSecretStore(db), signer.privateKey);
}

export interface StoredReportRow {
  icv: number;
  order_uuid: string;
  hash: string;
  xml: string;
  report_state: string;
  attempts: number;
  zatca_status: string | null;
  messages: string | null;
  last_error: string | null;
}

export function reportRows(db: TillDatabase): StoredReportRow[] {
  return (
    db
      .prepare('SELECT icv, order_uuid, hash, xml, report_state, attempts, zatca_status, messages, last_error FROM zatca_documents ORDER BY icv')
      .all() as StoredReportRow[]
  ).map(documentAsSigned);
}
