/** An EAN-13 barcode from its first twelve digits, with the check digit scanners verify. */
export function ean13(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  // Joined rather than concatenated: one flat string, not a rope.
  return [first12, (10 - (sum % 10)) % 10].join('');
}

/** Saudi Arabia's GS1 prefix, so demo barcodes look like local packaging. */
export const GS1_PREFIX = '628';
