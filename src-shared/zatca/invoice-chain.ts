/**
 * Facts of the invoice chain every ZATCA document carries.
 *
 * The first document of an EGS unit names as its previous invoice hash the
 * base64 of the hexadecimal SHA-256 of "0" (ZATCA's developer documentation;
 * the SDK's samples use this value).
 */
export const FIRST_PREVIOUS_INVOICE_HASH = 'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==';

/** Saudi Arabia keeps UTC+3 all year (no daylight saving). */
const RIYADH_OFFSET_MS = 3 * 60 * 60 * 1000;

/**
 * An epoch-millisecond time as the document's IssueDate and IssueTime in
 * Riyadh time, the wall clock the buyer and the branch's accountant read.
 */
export function riyadhDateTime(epochMs: number): { date: string; time: string } {
  if (!Number.isFinite(epochMs)) throw new RangeError(`time ${epochMs} is not a valid epoch-millisecond time`);
  const iso = new Date(Math.floor(epochMs / 1000) * 1000 + RIYADH_OFFSET_MS).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
}
