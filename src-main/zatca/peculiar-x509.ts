// @peculiar/x509 resolves its parts through tsyringe, which needs the Reflect metadata polyfill loaded first.
import 'reflect-metadata';
import { Crypto } from '@peculiar/webcrypto';
import * as x509 from '@peculiar/x509';

/** WebCrypto with secp256k1 (K-256), which Node's own WebCrypto lacks. */
export const webcrypto = new Crypto();
x509.cryptoProvider.set(webcrypto);

export { x509 };
