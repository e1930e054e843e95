/**
 * `yyyy-MM-dd HH:mm:ss` as the loyalty check's `date` is shown in the
 * contract, on the branch's wall clock (`timeZone`, an IANA name; the
 * machine's own when null). The instant comes from the till's injected clock.
 */
export function formatRewardDate(at: number, timeZone: string | null): string {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-GB', {
      ...(timeZone ? { timeZone } : {}),
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
  } catch {
    // A time zone this runtime does not know: the machine's, rather than no reward at all.
    return formatRewardDate(at, null);
  }
  const part = Object.fromEntries(format.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}
