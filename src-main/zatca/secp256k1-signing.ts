/**
 * ECDSA over secp256k1 for the EGS unit's stamp, signed by libsecp256k1
 * (Bitcoin Core's library, in tiny-secp256k1's WebAssembly build) rather
 * than node:crypto: OpenSSL has no fast path for this curve, and its
 * signing was the largest single cost of a phase-2 checkout (see the
 * Performance table of docs/performance.md). The key stays a node:crypto KeyObject
 * everywhere else (generated, stored, put in the CSR); only its scalar is
 * handed to libsecp256k1, once per key.
 *
 * The nonce is RFC 6979's hedged with 32 fresh random bytes, so a
 * signature is never repeated and never depends on the random source
 * alone. The result is DER (ECDSA-Sig-Value), as node:crypto's was, so
 * openssl, ZATCA and the stand-in verify it unchanged.
 */
import { createHash, randomBytes, type KeyObject } from 'node:crypto';
import * as libsecp256k1 from 'tiny-secp256k1';

const scalars = new WeakMap<KeyObject, Uint8Array>();

/** The private scalar of a secp256k1 key, taken out of the KeyObject once. */
function scalarOf(privateKey: KeyObject): Uint8Array {
  let scalar = scalars.get(privateKey);
  if (!scalar) {
    const curve = privateKey.asymmetricKeyDetails?.namedCurve;
    if (privateKey.type !== 'private' || curve !== 'secp256k1') {
      throw new TypeError(`the EGS unit's key must be a secp256k1 private key (this one is ${privateKey.type} ${curve ?? privateKey.asymmetricKeyType})`);
    }
    const d = privateKey.export({ format: 'jwk' }).d;
    if (!d) throw new TypeError("the EGS unit's key has no private scalar");
    scalar = new Uint8Array(Buffer.from(d, 'base64url'));
    scalars.set(privateKey, scalar);
  }
  return scalar;
}

/** An unsigned big-endian integer as a DER INTEGER: no redundant leading zeros, a zero byte before a high bit. */
function derInteger(unsigned: Uint8Array): Buffer {
  let start = 0;
  while (start < unsigned.length - 1 && unsigned[start] === 0) start++;
  const digits = unsigned.subarray(start);
  const pad = digits[0]! & 0x80 ? 1 : 0;
  const out = Buffer.alloc(2 + pad + digits.length);
  out[0] = 0x02;
  out[1] = pad + digits.length;
  out.set(digits, 2 + pad);
  return out;
}

/**
 * ECDSA-SHA256 of `message` with `privateKey` (secp256k1), DER-encoded: what `crypto.sign('sha256', message, key)` gives.
 * The ECDSA-Sig-Value (a SEQUENCE of r and s, at most 70 bytes: every length fits one byte) is written by hand: an
 * ASN.1 library's generic serializer took a quarter of the signing.
 */
export function signSecp256k1Sha256(message: Uint8Array, privateKey: KeyObject): Buffer {
  const digest = createHash('sha256').update(message).digest();
  const compact = libsecp256k1.sign(digest, scalarOf(privateKey), randomBytes(32));
  const r = derInteger(compact.subarray(0, 32));
  const s = derInteger(compact.subarray(32, 64));
  return Buffer.concat([Buffer.from([0x30, r.length + s.length]), r, s]);
}
