/**
 * Calling hours, the one rule for every automated call (docs/decisions/035-apply-pages.md, 059):
 * weekdays, 09:00 to 18:00 on the candidate's own clock, in their zone (an IANA zone keeps its own
 * summer time; a fixed offset such as 'UTC-03:00' is used for an option that names no place). An
 * applicant is called no sooner than ten minutes after applying. Pure functions: the clock and the
 * zone are arguments.
 */

export const CALLING_HOURS = { startMinute: 9 * 60, endMinute: 18 * 60, leadMinutes: 10 } as const;

/** The rule in words, for the notes a recruiter reads on a candidate's card. */
export const CALLING_HOURS_TEXT = "Calls are placed on weekdays between 9:00 and 18:00 in the candidate's time zone";

/** A zone written as a fixed offset ('UTC+05:30'): its minutes east of UTC, else null. */
function fixedOffset(zone: string): number | null {
  const m = /^UTC([+-])(\d{2}):(\d{2})$/.exec(zone);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : null;
}

const MINUTE = 60_000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', weekday: 'short', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether the runtime knows this IANA time zone ('Europe/Paris', 'UTC'). */
export function isTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

interface LocalTime {
  year: number;
  month: number;
  day: number;
  minuteOfDay: number;
  weekday: number;
}

function localTime(at: Date, timeZone: string): LocalTime {
  const fixed = fixedOffset(timeZone);
  if (fixed !== null) {
    const local = new Date(Math.floor(at.getTime() / MINUTE) * MINUTE + fixed * MINUTE);
    return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate(), minuteOfDay: local.getUTCHours() * 60 + local.getUTCMinutes(), weekday: local.getUTCDay() };
  }
  const parts = Object.fromEntries(partsFormatter(timeZone).formatToParts(at).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    minuteOfDay: Number(parts.hour) * 60 + Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

/** The zone's offset from UTC at `at`, in minutes (east positive). */
export function offsetMinutesAt(at: Date, timeZone: string): number {
  const l = localTime(at, timeZone);
  const asUtc = Date.UTC(l.year, l.month - 1, l.day) + l.minuteOfDay * MINUTE;
  return Math.round((asUtc - Math.floor(at.getTime() / MINUTE) * MINUTE) / MINUTE);
}

/** The offset at `at` as the screening candidates' zone column keeps it: 'UTC+01:00', 'UTC-04:00', 'UTC+05:45'. */
export function offsetLabel(at: Date, timeZone: string): string {
  const minutes = offsetMinutesAt(at, timeZone);
  const abs = Math.abs(minutes);
  return `UTC${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The instant a wall-clock time of a local date has in the zone (twice corrected, for a change of offset in between). */
function instantOf(year: number, month: number, day: number, minuteOfDay: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day) + minuteOfDay * MINUTE;
  let guess = new Date(wall - offsetMinutesAt(new Date(wall), timeZone) * MINUTE);
  guess = new Date(wall - offsetMinutesAt(guess, timeZone) * MINUTE);
  return guess;
}

const isWeekday = (weekday: number) => weekday >= 1 && weekday <= 5;

/**
 * When an applicant who applied at `now` is first called: `now` plus the lead time (to the next
 * whole minute) when that falls inside calling hours on their clock, else the next opening.
 */
export function nextCallingSlot(now: Date, timeZone: string): Date {
  return callableFrom(new Date(Math.ceil((now.getTime() + CALLING_HOURS.leadMinutes * MINUTE) / MINUTE) * MINUTE), timeZone);
}

/**
 * `at` itself when it falls inside calling hours on the candidate's clock, else the next opening
 * (09:00 of the next weekday that has one ahead): for a call due at a recruiter's time, or a retry.
 */
export function callableFrom(at: Date, timeZone: string): Date {
  const here = localTime(at, timeZone);
  if (isWeekday(here.weekday) && here.minuteOfDay >= CALLING_HOURS.startMinute && here.minuteOfDay < CALLING_HOURS.endMinute) return at;
  // Walk the local calendar, a day at a time, to the first weekday opening after `at`.
  for (let ahead = 0; ahead <= 7; ahead++) {
    const date = new Date(Date.UTC(here.year, here.month - 1, here.day + ahead));
    const weekday = date.getUTCDay();
    if (!isWeekday(weekday)) continue;
    if (ahead === 0 && here.minuteOfDay >= CALLING_HOURS.startMinute) continue;
    return instantOf(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), CALLING_HOURS.startMinute, timeZone);
  }
  throw new Error('unreachable: a week always has a weekday');
}

/** A call time as the candidate reads it, on their clock: 'Monday, November 30, 2026 at 09:00 (Europe/Paris)'. */
export function describeLocal(at: Date, timeZone: string): string {
  const fixed = fixedOffset(timeZone);
  const shown = fixed === null ? at : new Date(at.getTime() + fixed * MINUTE);
  const text = new Intl.DateTimeFormat('en-US', { timeZone: fixed === null ? timeZone : 'UTC', weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(shown);
  return `${text} (${timeZone})`;
}
