/** The one wire format of every failure: { error: a sentence a person can read, code }. */
export const errorCodes = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_APPROVED',
  'NOT_FOUND',
  /** A link that was valid once: expired, used or revoked. */
  'GONE',
  'CONFLICT',
  'INVALID_CREDENTIALS',
  'ACCOUNT_REJECTED',
  'TOO_MANY_REQUESTS',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'SERVICE_UNAVAILABLE',
  /** The speech-to-text provider could not transcribe a candidate's answer (502; the room then offers typing, decision 056). */
  'TRANSCRIPTION_FAILED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export interface ErrorBody {
  error: string;
  code: ErrorCode;
}
