/**
 * The status bar's ZATCA part, computed on the host with its clock:
 * simplified documents must reach ZATCA within 24 hours of issue, so the
 * oldest unreported one warns at 12 hours and alarms at 20 (time left to
 * get the till online); the CSID is warned 30 days before it expires.
 */
import type { ZatcaCsidLevel, ZatcaReportLevel, ZatcaStatusView } from '../../src-shared/zatca/index.ts';
import type { ChainSummary, EgsState } from './zatca-store.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const REPORT_WARNING_MS = 12 * HOUR_MS;
export const REPORT_ALARM_MS = 20 * HOUR_MS;
export const CSID_WARNING_MS = 30 * DAY_MS;

export function reportLevel(ageMs: number | null): ZatcaReportLevel {
  if (ageMs === null || ageMs < REPORT_WARNING_MS) return 'ok';
  return ageMs < REPORT_ALARM_MS ? 'warning' : 'alarm';
}

export function csidLevel(leftMs: number | null): ZatcaCsidLevel {
  if (leftMs === null || leftMs > CSID_WARNING_MS) return 'ok';
  return leftMs > 0 ? 'warning' : 'expired';
}

/**
 * Where ZATCA reporting stands at `now`. Without an EGS unit of its own every
 * level is 'ok' and the status bar shows nothing, unless the branch has
 * units (`units`: a hub and its standby are one each): then this till is a
 * hub that signs nothing, which the bar says, with the age of the documents
 * it still has to report for the unit it took over from.
 */
export function zatcaStatusAt(
  egs: Pick<EgsState, 'certificate_expires_at'> | null,
  summary: ChainSummary & { uncleared?: number; units?: number },
  now: number,
): ZatcaStatusView {
  const notAUnit = egs === null && (summary.units ?? 0) > 0;
  const oldest = egs || notAUnit ? summary.oldestUnreportedAt : null;
  const age = oldest === null ? null : Math.max(0, now - oldest);
  const left = egs ? egs.certificate_expires_at - now : null;
  return {
    onboarded: egs !== null,
    documents: summary.documents,
    unreported: summary.unreported,
    rejected: summary.rejected,
    uncleared: summary.uncleared ?? 0,
    oldest_unreported_at: oldest,
    oldest_unreported_hours: age === null ? null : Math.floor(age / HOUR_MS),
    report_level: reportLevel(age),
    csid_expires_at: egs?.certificate_expires_at ?? null,
    csid_days_left: left === null ? null : Math.ceil(left / DAY_MS),
    csid_level: csidLevel(left),
    not_a_unit: notAUnit,
    at: now,
  };
}

/** The next moment a level or a shown figure (hours, days) changes on its own, after `now`; null when nothing is counting. */
export function nextStatusChange(status: ZatcaStatusView): number | null {
  const { at } = status;
  const moments: number[] = [];
  if (status.oldest_unreported_at !== null) {
    const oldest = status.oldest_unreported_at;
    moments.push(oldest + (Math.floor((at - oldest) / HOUR_MS) + 1) * HOUR_MS);
  }
  if (status.csid_expires_at !== null) {
    const expires = status.csid_expires_at;
    // Days left step down every 24 hours counted back from the expiry; the warning starts 30 days before it.
    moments.push(expires - (Math.ceil((expires - at) / DAY_MS) - 1) * DAY_MS, expires - CSID_WARNING_MS, expires);
  }
  const later = moments.filter((moment) => moment > at);
  return later.length === 0 ? null : Math.min(...later);
}
