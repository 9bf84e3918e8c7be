import { TIME_ZONES } from '@/contracts/phone-screenings';

const pad = (n: number) => String(n).padStart(2, '0');

/** Today's date in the browser's local time, as YYYY-MM-DD. */
export function todayLocal(): string {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * A stored UTC timestamp as wall-clock date (YYYY-MM-DD) and time (HH:MM) in a UTC±HH:MM zone,
 * the inverse of combineInterviewTime. An unknown zone is treated as UTC; an invalid timestamp gives empty strings.
 */
export function splitInterviewTime(iso: string, timeZone: string): { date: string; time: string } {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return { date: '', time: '' };
  const offset = TIME_ZONES.find((t) => t.value === timeZone)?.offsetMinutes ?? 0;
  const shifted = new Date(ms + offset * 60_000);
  return {
    date: `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`,
    time: `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`,
  };
}

/** The interview's date (locale date) and time (hh:mm) as seen in the candidate's own zone. */
export function formatInterviewTime(iso: string, timeZone: string): { date: string; time: string } | null {
  const { date, time } = splitInterviewTime(iso, timeZone);
  if (!date) return null;
  const [y, m, d] = date.split('-').map(Number);
  // Build a local date from the zone's wall-clock parts so the locale format shows that calendar day.
  const localDay = new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
  return { date: localDay.toLocaleDateString(), time: `${time} ${timeZone}` };
}

/** A moment in the viewer's locale, or a dash when there is none. */
export const formatDateTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
