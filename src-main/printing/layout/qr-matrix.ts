// The QR symbol itself, module by module, for everything we draw (the
// preview, the PDF, and full-raster receipts). Encoded exactly as
// qr-size.ts sizes it and as the printer is told to with GS ( k: model 2,
// error level M, the payload's UTF-8 bytes in byte mode, the smallest
// version holding them. The mask is the encoder's choice by the standard's
// penalty rules; any mask scans the same.

import QRCode from 'qrcode';
import { qrModuleCount, qrPayloadBytes, qrVersionFor } from './qr-size.ts';

export interface QrMatrix {
  /** Modules a side: 17 + 4 x version. No quiet zone: that is paper left white around it. */
  size: number;
  /** Row after row, 1 = dark module. */
  modules: Uint8Array;
}

/** A receipt's QR is previewed, printed and maybe reprinted: keep the last few. */
const CACHE_LIMIT = 16;
const cache = new Map<string, QrMatrix>();

/** Forgets every encoded symbol (with the strip cache: benchmarks measuring a cold render). */
export function clearQrCache(): void {
  cache.clear();
}

export function qrMatrix(data: string): QrMatrix {
  const cached = cache.get(data);
  if (cached) return cached;
  const bytes = qrPayloadBytes(data);
  const version = qrVersionFor(bytes.length);
  const symbol = QRCode.create([{ mode: 'byte', data: bytes }], { errorCorrectionLevel: 'M', version });
  const size = symbol.modules.size;
  if (size !== qrModuleCount(bytes.length)) {
    throw new Error(`QR encoder made a ${size}-module symbol where version ${version} has ${qrModuleCount(bytes.length)}`);
  }
  const matrix: QrMatrix = { size, modules: Uint8Array.from(symbol.modules.data, (dark) => (dark ? 1 : 0)) };
  cache.set(data, matrix);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  return matrix;
}
