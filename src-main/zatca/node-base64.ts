/**
 * Node's base64 of a QR's bytes, for src-shared's QR encoders (encodeZatcaQr, encodeZatcaPhase2Qr): the same text as
 * their own encoder, which src-shared writes by hand (no Buffer there), without its array of character codes at every sale.
 */
export function nodeBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('base64');
}
