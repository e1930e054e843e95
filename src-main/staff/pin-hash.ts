import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { isPin } from '../../src-shared/shifts/index.ts';
import { TillError } from '../../src-shared/errors/index.ts';

// scrypt with a per-PIN salt: a stolen database does not give the PINs back
// quickly, and two cashiers with the same PIN have different hashes.
// N=2^14 keeps one check near 50 ms, off the event loop (libuv thread pool).
const N = 16_384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(pin: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(pin, salt, KEY_LENGTH, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$hash`, base64 parts: the format names its parameters so they can grow later. */
export async function hashPin(pin: string): Promise<string> {
  if (!isPin(pin)) throw new TillError('invalid_input', 'a PIN is 4 to 6 digits');
  const salt = randomBytes(16);
  const key = await derive(pin, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Whether `pin` matches `stored`, in constant time; a malformed stored hash never matches. */
export async function verifyPin(pin: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt' || !isPin(pin)) return false;
  const [n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![n, r, p].every(Number.isSafeInteger) || n > 1 << 20) return false;
  const expected = Buffer.from(parts[5]!, 'base64');
  const key = await derive(pin, Buffer.from(parts[4]!, 'base64'), n, r, p);
  return expected.length === key.length && timingSafeEqual(expected, key);
}
