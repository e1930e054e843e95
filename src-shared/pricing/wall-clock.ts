/**
 * An instant as the branch's wall clock reads it: the date, the time and the
 * day of the week in its time zone (an IANA name; undefined: the machine's).
 * Discount windows are written in wall-clock terms, so they are compared in
 * them: a DST change or a till in another zone does not move a happy hour.
 */
export interface WallClock {
  /** `yyyy-MM-dd HH:mm:ss`: compares as text in time order. */
  stamp: string;
  /** `HH:mm`. */
  time: string;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * The last second asked and its reading: pricing a cart asks once per
 * discount, several times a sale, always about the same instant, and
 * formatToParts cost more than the rest of a discount's checks. A reading
 * has whole seconds, so any instant of the same second reads the same.
 */
let last: { second: number; timeZone: string | undefined; clock: WallClock } | null = null;

export function wallClock(epochMs: number, timeZone?: string): WallClock {
  const second = Math.floor(epochMs / 1000);
  if (last !== null && last.second === second && last.timeZone === timeZone) return last.clock;
  const parts: Record<string, string> = {};
  for (const part of formatFor(timeZone).formatToParts(new Date(epochMs))) parts[part.type] = part.value;
  const time = `${parts.hour}:${parts.minute}`;
  // Shared by the callers of the same second: frozen, so none can change it for the others.
  const clock: WallClock = Object.freeze({
    stamp: `${parts.year}-${parts.month}-${parts.day} ${time}:${parts.second}`,
    time,
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  });
  last = { second, timeZone, clock };
  return clock;
}
