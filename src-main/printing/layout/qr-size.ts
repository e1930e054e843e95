// How big the printer's QR symbol will be, without encoding it: the version
// follows from the payload length (byte mode, error level M, ISO/IEC 18004
// table 7), and the side is 17 + 4 x version modules. The raster layout
// reserves exactly that space, so the preview matches the printed receipt.

const BYTE_CAPACITY_M = [
  14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504, 560, 624, 666, 711, 779, 857, 911, 997, 1059, 1125, 1190, 1264, 1370, 1452,
  1538, 1628, 1722, 1809, 1911, 1989, 2099, 2213, 2331,
];

export const DEFAULT_QR_MODULE_SIZE = 6;

export function qrPayloadBytes(data: string): Uint8Array {
  return new TextEncoder().encode(data);
}

/** The smallest version holding `byteLength` bytes at level M. */
export function qrVersionFor(byteLength: number): number {
  const index = BYTE_CAPACITY_M.findIndex((capacity) => byteLength <= capacity);
  if (index < 0) throw new RangeError(`QR payload of ${byteLength} bytes exceeds the 2331 bytes a level-M QR code holds`);
  return index + 1;
}

export function qrModuleCount(byteLength: number): number {
  return 17 + 4 * qrVersionFor(byteLength);
}

export function checkQrModuleSize(size: number): number {
  if (!Number.isInteger(size) || size < 1 || size > 16) {
    throw new RangeError(`QR module size must be an integer from 1 to 16 dots, got ${size}`);
  }
  return size;
}

/**
 * The requested module size, shrunk until the symbol fits across the paper:
 * printers silently skip a QR code wider than their print area, which
 * would leave a receipt without its (ZATCA-required) code.
 */
export function fittedQrModuleSize(requested: number, data: string, paperDots: number): number {
  const modules = qrModuleCount(qrPayloadBytes(data).length);
  const fitted = Math.min(checkQrModuleSize(requested), Math.floor(paperDots / modules));
  if (fitted < 1) throw new RangeError(`QR code of ${modules} modules cannot fit ${paperDots} dots of paper`);
  return fitted;
}
