import { z } from 'zod';
import { idParam } from './ids';
import { rubricCriterion } from './ai';
import { screeningCandidateStatus } from './status-enums';
import { CANDIDATE_SOURCES } from './statuses';

export const phoneScreeningListItem = z.object({
  id: z.number(),
  jobTitle: z.string().nullable(),
  jobDescription: z.string().nullable(),
  questions: z.array(z.string()),
});
export type PhoneScreeningListItem = z.infer<typeof phoneScreeningListItem>;

/** The first name the AI agent introduces itself by on the call (the database default is 'Alex'). */
export const agentName = z
  .string('Agent name is required')
  .trim()
  .min(1, 'Agent name is required')
  .max(40, 'Agent name must be at most 40 characters')
  // Empty passes here so that an empty name gets only the 'required' message.
  .regex(/^(?:[\p{L}\p{M}](?:[\p{L}\p{M} '’-]*[\p{L}\p{M}])?)?$/u, 'Agent name may use only letters, spaces, hyphens and apostrophes');

export const createPhoneScreeningInput = z.object({
  jobTitle: z.string().trim().min(1, 'Job title is required').max(200),
  jobDescription: z.string().trim().max(20_000).optional().default(''),
  skills: z.string().trim().max(2_000).optional().default(''),
  agentName: agentName.optional(),
});
export type CreatePhoneScreeningInput = z.input<typeof createPhoneScreeningInput>;

export const phoneScreening = z.object({
  id: z.number(),
  jobTitle: z.string().nullable(),
  jobDescription: z.string().nullable(),
  skills: z.string().nullable(),
  questions: z.array(z.string()),
  agentName: z.string(),
  /** The criteria calls are scored by: the AI's, or the recruiter's upload; null until one exists (older screenings get the AI's when a call is first scored). */
  rubric: z.array(rubricCriterion).nullable(),
  createdAt: z.string(),
});
export type PhoneScreening = z.infer<typeof phoneScreening>;

export const updateScreeningQuestionsInput = z.object({ questions: z.array(z.string().max(2_000)).max(30) });

/** PATCH /api/phone-screening/{id}: the settings a recruiter may change; absent fields stay as they are. */
export const updatePhoneScreeningInput = z.object({ agentName: agentName.optional() });
export type UpdatePhoneScreeningInput = z.input<typeof updatePhoneScreeningInput>;

/** Limits of an uploaded rubric (PUT /api/phone-screening/{id}/rubric). */
export const RUBRIC_FILE_MAX_BYTES = 64 * 1024;
export const RUBRIC_MAX_CRITERIA = 20;

/** Time zone options: hourly UTC-12:00 … UTC+12:00 plus UTC+05:30, some labelled with places (spec 9). */
const places: Record<string, string> = {
  'UTC-08:00': 'Pacific',
  'UTC-07:00': 'Mountain',
  'UTC-06:00': 'Central',
  'UTC-05:00': 'Eastern',
  'UTC+00:00': 'London',
  'UTC+01:00': 'Paris/Berlin',
  'UTC+02:00': 'Athens/Cairo',
  'UTC+03:00': 'Moscow/Istanbul',
  'UTC+05:30': 'India',
  'UTC+08:00': 'China/Singapore',
  'UTC+09:00': 'Japan/Korea',
};
/**
 * The zone each labelled option stands for: a candidate in one of its places keeps the local hour
 * through summer time (issue 33, decision 059). An option naming no place is its fixed offset.
 */
const placeZones: Record<string, string> = {
  'UTC-08:00': 'America/Los_Angeles',
  'UTC-07:00': 'America/Denver',
  'UTC-06:00': 'America/Chicago',
  'UTC-05:00': 'America/New_York',
  'UTC+00:00': 'Europe/London',
  'UTC+01:00': 'Europe/Berlin',
  'UTC+02:00': 'Europe/Athens',
  'UTC+03:00': 'Europe/Istanbul',
  'UTC+05:30': 'Asia/Kolkata',
  'UTC+08:00': 'Asia/Singapore',
  'UTC+09:00': 'Asia/Tokyo',
};
/** The zone a time zone option is called in: the IANA zone of its places, else the offset itself. */
export const zoneOfOption = (value: string): string => placeZones[value] ?? value;
const offsetLabel = (minutes: number) => {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
};
export const TIME_ZONES: { value: string; label: string; offsetMinutes: number }[] = [...Array.from({ length: 25 }, (_, i) => (i - 12) * 60), 330]
  .sort((a, b) => a - b)
  .map((m) => {
    const value = offsetLabel(m);
    return { value, label: places[value] ? `${value} (${places[value]})` : value, offsetMinutes: m };
  });

export const COUNTRY_CODES: { value: string; label: string }[] = [
  ['+1', 'United States'],
  ['+44', 'United Kingdom'],
  ['+91', 'India'],
  ['+61', 'Australia'],
  ['+81', 'Japan'],
  ['+86', 'China'],
  ['+49', 'Germany'],
  ['+33', 'France'],
  ['+39', 'Italy'],
  ['+7', 'Russia'],
  ['+65', 'Singapore'],
  ['+82', 'South Korea'],
  ['+55', 'Brazil'],
  ['+52', 'Mexico'],
  ['+27', 'South Africa'],
].map(([value, country]) => ({ value: value!, label: `${value} ${country}` }));

/** Every 30 minutes across 24 hours: valued HH:MM, labelled in 12-hour form with AM/PM. */
export const TIME_SLOTS: { value: string; label: string }[] = Array.from({ length: 48 }, (_, i) => {
  const h = Math.floor(i / 2);
  const m = i % 2 ? 30 : 0;
  const value = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
  const label = `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
  return { value, label };
});

const timeZoneValues = TIME_ZONES.map((t) => t.value) as [string, ...string[]];

/** Server-side candidate input (spec 5). */
export const candidateInput = z.object({
  candidateName: z.string().trim().min(1, 'Name is required').max(200),
  countryCode: z.string().trim().regex(/^\+\d{1,4}$/, 'Country code is required'),
  phoneNumber: z.string().trim().min(5, 'Phone number is required').max(30).regex(/^[\d\s().-]+$/, 'Phone number is required'),
  timeZone: z.enum(timeZoneValues, 'Time zone is required'),
  notes: z.string().trim().max(5_000).optional().default(''),
  interviewTime: z.union([z.iso.datetime({ offset: true, message: 'Invalid interview date or time' }), z.date({ message: 'Invalid interview date or time' })]),
  screeningId: idParam('screeningId').optional(),
});
export type CandidateInput = z.input<typeof candidateInput>;

export const screeningCandidate = z.object({
  id: z.number(),
  screeningId: z.number(),
  candidateName: z.string(),
  countryCode: z.string(),
  phoneNumber: z.string(),
  interviewTime: z.string(),
  timeZone: z.string(),
  notes: z.string().nullable(),
  status: screeningCandidateStatus,
  /** Why a call is waiting or did not happen, in words; null when there is nothing to say. */
  outcome: z.string().nullable(),
  nextCallAt: z.string().nullable(),
  attempts: z.number(),
  /** Where the candidate came from (issue 17). */
  source: z.enum(CANDIDATE_SOURCES),
});
export type ScreeningCandidate = z.infer<typeof screeningCandidate>;

/** The form's date (YYYY-MM-DD) and time (HH:MM) in a UTC±HH:MM zone, as one ISO timestamp; null when invalid. */
export function combineInterviewTime(date: string, time: string, timeZone: string): string | null {
  const zone = TIME_ZONES.find((t) => t.value === timeZone);
  if (!zone || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const utc = Date.parse(`${date}T${time}:00Z`);
  // Rejects dates that do not exist (2026-02-30) rather than rolling them over.
  if (Number.isNaN(utc) || new Date(utc).toISOString().slice(0, 16) !== `${date}T${time}`) return null;
  return new Date(utc - zone.offsetMinutes * 60_000).toISOString();
}
