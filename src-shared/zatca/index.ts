export { encodeZatcaQr, decodeZatcaQr, formatZatcaTimestamp, ZatcaQrError } from './zatca-qr.ts';
export type { ZatcaQrFields } from './zatca-qr.ts';
