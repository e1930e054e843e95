import { wallClock } from '../../src-shared/pricing/index.ts';

/**
 * `yyyy-MM-dd HH:mm:ss` as the loyalty check's `date` is shown in the
 * contract, on the branch's wall clock (`timeZone`, an IANA name; the
 * machine's own when null): the same reading the discount windows use. The
 * instant comes from the till's injected clock.
 */
export function formatRewardDate(at: number, timeZone: string | null): string {
  try {
    return wallClock(at, timeZone ?? undefined).stamp;
  } catch {
    // A time zone this runtime does not know: the machine's, rather than no reward at all.
    return wallClock(at).stamp;
  }
}
