/** The subject of a certificate (base64 DER): how the stand-in knows an EGS unit. */
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';

export function x509Subject(certificateBase64: string): string {
  return new x509.X509Certificate(Buffer.from(certificateBase64, 'base64')).subject;
}
