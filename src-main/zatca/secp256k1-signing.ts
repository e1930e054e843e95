/**
 * ECDSA over secp256k1 for the EGS unit's stamp, signed by libsecp256k1
 * (Bitcoin Core's library) rather than node:crypto: OpenSSL has no fast
 * path for this curve, and its signing was the largest single cost of a
 * phase-2 checkout (see the Performance table of docs/performance.md).
 * libsecp256k1 comes two ways: compiled natively (the `secp256k1`
 * package's prebuilt N-API addon, about 0.04 ms a signature here) and,
 * where that addon does not load (a platform it has no build for), as
 * WebAssembly (tiny-secp256k1, about 0.11 ms). Both are the same library
 * with the same nonce, so a signature is the same kind of signature either
 * way. The key stays a node:crypto KeyObject everywhere else (generated,
 * stored, put in the CSR); only its scalar is handed to libsecp256k1, once
 * per key.
 *
 * The nonce is RFC 6979's hedged with 32 fresh random bytes, so a
 * signature is never repeated and never depends on the random source
 * alone. The result is DER (ECDSA-Sig-Value), as node:crypto's was, so
 * openssl, ZATCA and the stand-in verify it unchanged.
 */
import { createHash, randomBytes, type KeyObject } from 'node:crypto';
import { createRequire } from 'node:module';

/** A build of libsecp256k1: its native addon, or WebAssembly. */
export type Secp256k1Build = 'native' | 'wasm';

/** A compact signature (r and s, 32 bytes each, low-S) of a 32-byte digest, RFC 6979's nonce hedged with `entropy`. */
type SignDigest = (digest: Uint8Array, scalar: Uint8Array, entropy: Uint8Array) => Uint8Array;

/** The part of the `secp256k1` package's native addon used here (its own API; the package ships no types). */
interface NativeSecp256k1 {
  ecdsaSign(digest: Uint8Array, scalar: Uint8Array, options: { data: Uint8Array }): { signature: Uint8Array };
}

// A require of its own (this module is ESM): both builds are loaded synchronously at their first signature, never at import.
const require = createRequire(import.meta.url);
/** Loaded at the first signature; null when it does not load here. */
let native: SignDigest | null | undefined;
let wasm: SignDigest | undefined;

/**
 * The WebAssembly build, loaded only when it signs (its CommonJS entry instantiates synchronously): where the addon
 * loads it never does (importing it took 20 to 30 ms and 10 MB of memory, paid by every process that loaded this code).
 */
function wasmBuild(): SignDigest {
  if (!wasm) {
    const library = require('tiny-secp256k1') as typeof import('tiny-secp256k1');
    wasm = (digest, scalar, entropy) => library.sign(digest, scalar, entropy);
  }
  return wasm;
}

/**
 * The native addon, or null where it does not load. `secp256k1/bindings` is the addon alone: the package's main
 * entry would fall back to a JavaScript implementation (elliptic) instead, which Till never uses.
 */
function nativeBuild(): SignDigest | null {
  if (native !== undefined) return native;
  try {
    const addon = require('secp256k1/bindings') as NativeSecp256k1;
    native = (digest, scalar, entropy) => addon.ecdsaSign(digest, scalar, { data: entropy }).signature;
  } catch {
    native = null;
  }
  return native;
}

/** The build that signs in this process: the native addon, or WebAssembly where it does not load. */
export function secp256k1Build(): Secp256k1Build {
  return nativeBuild() ? 'native' : 'wasm';
}

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
export function signSecp256k1Sha256(message: Uint8Array, privateKey: KeyObject, build: Secp256k1Build = secp256k1Build()): Buffer {
  const digest = createHash('sha256').update(message).digest();
  const sign = build === 'native' ? nativeBuild() : wasmBuild();
  if (!sign) throw new Error("libsecp256k1's native addon does not load on this machine");
  const compact = sign(digest, scalarOf(privateKey), randomBytes(32));
  const r = derInteger(compact.subarray(0, 32));
  const s = derInteger(compact.subarray(32, 64));
  return Buffer.concat([Buffer.from([0x30, r.length + s.length]), r, s]);
}
