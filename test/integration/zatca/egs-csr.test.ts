import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createEgsCsr, generateEgsKey } from '../../../src-main/zatca/egs-csr.ts';
import { tempDir } from '../../support/temp-dir.ts';
import { TEST_SUBJECT } from '../../support/zatca-egs.ts';

const dir = tempDir('till-zatca-csr-');
afterAll(() => dir.cleanup());

describe("the EGS unit's CSR", () => {
  it.each([
    ['sandbox', 'TSTZATCA-Code-Signing'],
    ['simulation', 'PREZATCA-Code-Signing'],
    ['production', 'ZATCA-Code-Signing'],
  ] as const)('for %s verifies with openssl req -verify and carries ZATCA subject, template %s and the EGS directory name', async (environment, template) => {
    const { privateKey } = generateEgsKey();
    const pem = await createEgsCsr(privateKey, { ...TEST_SUBJECT, organization: 'Fajr, Cafe' }, environment);
    writeFileSync(dir.file('egs.csr'), pem);
    const text = execFileSync('openssl', ['req', '-in', dir.file('egs.csr'), '-noout', '-verify', '-text'], { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
    expect(text).toContain('ASN1 OID: secp256k1');
    expect(text).toMatch(/Subject: C = SA, OU = Olaya, O = "Fajr, Cafe", CN = Till-test/);
    expect(text).toContain(template);
    expect(text).toContain('DirName:/SN=1-Till|2-0.1.0|3-6f7c1d2e/UID=399999999900003/title=0100/registeredAddress=RRRD2929/businessCategory=Food');
    expect(text).toContain('Signature Algorithm: ecdsa-with-SHA256');
    // The template is a PrintableString (tag 0x13), as ZATCA's openssl configuration writes it.
    const der = execFileSync('openssl', ['req', '-in', dir.file('egs.csr'), '-outform', 'DER']);
    expect(der.includes(Buffer.concat([Buffer.from([0x13, template.length]), Buffer.from(template)]))).toBe(true);
    // The CSR's key is the EGS unit's key.
    writeFileSync(dir.file('key.pem'), privateKey.export({ format: 'pem', type: 'pkcs8' }));
    const fromCsr = execFileSync('openssl', ['req', '-in', dir.file('egs.csr'), '-noout', '-pubkey']).toString();
    const fromKey = execFileSync('openssl', ['pkey', '-in', dir.file('key.pem'), '-pubout']).toString();
    expect(fromCsr).toBe(fromKey);
  });
});
