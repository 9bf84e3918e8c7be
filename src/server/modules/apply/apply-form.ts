import type { Multipart } from '@fastify/multipart';
import { z } from 'zod';
import {
  CONSENT_MESSAGE,
  COVER_NOTE_MAX,
  COVER_NOTE_MESSAGE,
  CV_SIZE_MESSAGE,
  CV_TYPE_MESSAGE,
  type ApplyField,
  type ApplyKind,
} from '../../../contracts/apply';
import { AppError } from '../../lib/errors';
import { assertStorableText } from '../../plugins/text-input';
import { isTimeZone } from '../phone-calls/calling-hours';
import { cvFileName, detectCvType } from './cv-file';

/**
 * An application as the public form sends it (multipart/form-data), read and checked field by
 * field: every problem is named by its field, so the page can show each under its input.
 */

/** The hidden field people never see and bots fill in (decision 035). */
export const HONEYPOT_FIELD = 'website';

export interface RawApplication {
  fields: Record<string, string>;
  cv: { fileName: string | undefined; bytes: Buffer } | null;
  /** The CV was over the limit (its bytes were not kept). */
  isCvTooLarge: boolean;
}

/** Reads every part of the form: text fields by name, the `cv` file (others are drained and ignored). */
export async function readApplicationParts(parts: AsyncIterableIterator<Multipart>): Promise<RawApplication> {
  const raw: RawApplication = { fields: {}, cv: null, isCvTooLarge: false };
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname !== 'cv' || raw.cv || raw.isCvTooLarge) {
        part.file.resume();
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      // The limit stops the stream and marks it truncated: the file is refused, not cut short.
      if (part.file.truncated) raw.isCvTooLarge = true;
      else if (chunks.length > 0 || part.filename) raw.cv = { fileName: part.filename, bytes: Buffer.concat(chunks) };
    } else if (typeof part.value === 'string' && !(part.fieldname in raw.fields)) {
      assertStorableText(part.value, part.fieldname);
      raw.fields[part.fieldname] = part.value;
    }
  }
  return raw;
}

export interface CheckedApplication {
  candidateName: string;
  email: string | null;
  countryCode: string;
  phoneNumber: string;
  timeZone: string;
  coverNote: string | null;
  noticeVersion: string;
  cv: { fileName: string; contentType: string; bytes: Buffer } | null;
}

/** A refused application (400, APPLICATION_INVALID): one sentence, and one message per field in its details. */
export function applicationRefused(fields: Partial<Record<ApplyField, string>>) {
  const messages = Object.values(fields);
  return new AppError('APPLICATION_INVALID', `Please correct ${messages.length === 1 ? 'this' : 'these'}: ${messages.join('; ')}.`, { details: { fields } });
}

const emailSchema = z.string().max(320).pipe(z.email());
const isTicked = (value: string | undefined) => ['true', 'on', 'yes', '1'].includes((value ?? '').trim().toLowerCase());

/** Checks a job's or a screening's application; a screening also needs a phone number and a time zone, and the email is optional there. */
export function checkApplication(kind: ApplyKind, raw: RawApplication): CheckedApplication {
  const f = (name: string) => (raw.fields[name] ?? '').trim();
  const problems: Partial<Record<ApplyField, string>> = {};

  const candidateName = f('candidateName');
  if (!candidateName) problems.candidateName = 'Please enter your name';
  else if (candidateName.length > 200) problems.candidateName = 'Your name must be at most 200 characters';

  const email = f('email');
  if (!email) {
    if (kind === 'job') problems.email = 'Please enter your email address';
  } else if (!emailSchema.safeParse(email).success) problems.email = 'Please enter a valid email address';

  const countryCode = f('countryCode');
  const phoneNumber = f('phoneNumber');
  const timeZone = f('timeZone');
  if (kind === 'screening') {
    if (!/^\+\d{1,4}$/.test(countryCode)) problems.countryCode = 'Please choose your country code';
    if (phoneNumber.length < 5 || phoneNumber.length > 30 || !/^[\d\s().-]+$/.test(phoneNumber)) problems.phoneNumber = 'Please enter your phone number, digits only';
    if (!isTimeZone(timeZone)) problems.timeZone = 'Please choose your time zone';
  }

  const coverNote = (raw.fields.coverNote ?? '').trim();
  if (coverNote.length > COVER_NOTE_MAX) problems.coverNote = COVER_NOTE_MESSAGE;

  if (!isTicked(raw.fields.consent)) problems.consent = CONSENT_MESSAGE;

  let cv: CheckedApplication['cv'] = null;
  if (raw.isCvTooLarge) problems.cv = CV_SIZE_MESSAGE;
  else if (raw.cv) {
    const type = detectCvType(raw.cv.bytes);
    if (!type) problems.cv = CV_TYPE_MESSAGE;
    else cv = { fileName: cvFileName(raw.cv.fileName, type), contentType: type.contentType, bytes: raw.cv.bytes };
  }

  if (Object.keys(problems).length > 0) throw applicationRefused(problems);
  return { candidateName, email: email || null, countryCode, phoneNumber, timeZone, coverNote: coverNote || null, noticeVersion: f('noticeVersion'), cv };
}
