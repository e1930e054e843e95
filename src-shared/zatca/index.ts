export { encodeZatcaQr, decodeZatcaQr, formatZatcaTimestamp, ZatcaQrError } from './zatca-qr.ts';
export type { ZatcaQrFields } from './zatca-qr.ts';
export { encodeZatcaPhase2Qr, decodeZatcaPhase2Qr, ZATCA_QR_MAX_CHARS, type ZatcaPhase2QrFields } from './zatca-qr-phase2.ts';
export { encodeBase64, decodeBase64 } from './base64.ts';
export { FIRST_PREVIOUS_INVOICE_HASH, riyadhDateTime } from './invoice-chain.ts';
