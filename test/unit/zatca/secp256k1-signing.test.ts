import { generateKeyPairSync, randomBytes, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { secp256k1Build, signSecp256k1Sha256, type Secp256k1Build } from '../../../src-main/zatca/secp256k1-signing.ts';

// secp256k1's group order; a low-S signature has s ≤ n/2 (libsecp256k1 only makes those).
const N = BigInt('0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141');

/** r and s out of a DER ECDSA-Sig-Value, read by hand here so the check does not share the encoder under test. */
function rs(der: Buffer): { r: bigint; s: bigint } {
  expect(der[0]).toBe(0x30);
  expect(der[1]).toBe(der.length - 2);
  const read = (at: number): [bigint, number] => {
    expect(der[at]).toBe(0x02);
    const len = der[at + 1]!;
    const bytes = der.subarray(at + 2, at + 2 + len);
    // DER: minimal, and positive.
    expect(bytes[0]! & 0x80).toBe(0);
    if (len > 1) expect(bytes[0] === 0 && (bytes[1]! & 0x80) === 0).toBe(false);
    return [BigInt('0x' + bytes.toString('hex')), at + 2 + len];
  };
  const [r, next] = read(2);
  const [s, end] = read(next);
  expect(end).toBe(der.length);
  return { r, s };
}

describe('ECDSA secp256k1 signing (libsecp256k1)', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });

  // Elsewhere skipped, not passed: the package ships prebuilds for some platforms only, and WebAssembly signs there.
  it.runIf(process.platform === 'linux' && process.arch === 'x64')(
    'signs with the native addon on Linux x64 (the build a broken or missing prebuild would silently slow)',
    () => {
      expect(secp256k1Build()).toBe('native');
    },
  );

  it.each<Secp256k1Build>(['native', 'wasm'])(
    '%s: makes DER signatures that OpenSSL (node:crypto) verifies, minimal and low-S, over many messages',
    (build) => {
      // 600 messages: r or s shorter than 32 bytes (1 in 128) and a high first byte (1 in 2) both occur.
      for (let i = 0; i < 600; i++) {
        const message = randomBytes(32);
        const signature = signSecp256k1Sha256(message, privateKey, build);
        expect(verify('sha256', message, publicKey, signature)).toBe(true);
        const { r, s } = rs(signature);
        expect(r > 0n && r < N).toBe(true);
        expect(s > 0n && s <= N / 2n).toBe(true);
        // Over another message it does not verify.
        expect(verify('sha256', randomBytes(32), publicKey, signature)).toBe(false);
      }
    },
  );

  it.each<Secp256k1Build>(['native', 'wasm'])('%s: hedges the nonce: the same message signed twice gives two signatures', (build) => {
    const message = Buffer.from('the same invoice hash');
    expect(signSecp256k1Sha256(message, privateKey, build).equals(signSecp256k1Sha256(message, privateKey, build))).toBe(false);
  });

  it('refuses a key that is not a secp256k1 private key', () => {
    const p256 = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    expect(() => signSecp256k1Sha256(Buffer.from('x'), p256)).toThrow(/secp256k1 private key/);
    expect(() => signSecp256k1Sha256(Buffer.from('x'), publicKey)).toThrow(/secp256k1 private key/);
  });
});
