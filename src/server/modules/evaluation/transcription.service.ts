import { recordingContentType } from '../../../contracts/candidate-room';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TranscriptEntry } from '../../../contracts/ai';
import type { InterviewTranscripts } from '../../../contracts/report';
import type { Db } from '../../db/client';
import { interviews, type ServerTranscript } from '../../db/schema';
import { TranscriptionError, type HeardSegment, type SpeechToText } from '../../speech/stt';
import { splitWebm } from '../../speech/webm-pieces';
import type { RecordingStore } from '../../storage';
import type { SessionUser } from '../auth/session';
import { getOwnInterview } from '../interviews/interviews.service';
import { isInterviewerSpeaker, mergeServerWords } from './merge-transcript';
import { transcriptEntries } from './stored-transcript';

type InterviewRow = typeof interviews.$inferSelect;

export interface TranscriptionDeps {
  db: Db;
  stt: SpeechToText;
  storage: RecordingStore;
  log: FastifyBaseLogger;
}

type Outcome = { ok: true; transcript: ServerTranscript } | { ok: false; reason: string };

/** "312 MB", "25 MB", "1.5 MB", "9 KB". */
function sizeText(bytes: number): string {
  const mb = bytes / 1024 ** 2;
  if (mb >= 10) return `${Math.round(mb)} MB`;
  if (mb >= 1) return `${Math.round(mb * 10) / 10} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Transcribes each part of the recording in order; a later part's times continue from the earlier parts' length. */
async function transcribeRecording(deps: TranscriptionDeps, row: InterviewRow): Promise<Outcome> {
  const parts = row.recordingSegments ?? [];
  if (parts.length === 0) return { ok: false, reason: 'no recording to transcribe' };
  const browser = transcriptEntries(row.transcript);

  const sizes: number[] = [];
  for (const part of parts) {
    const size = await deps.storage.size(part.uploadId).catch(() => null);
    if (size === null) return { ok: false, reason: 'the recording file is missing' };
    sizes.push(size);
  }
  const segments: HeardSegment[] = [];
  let offsetMs = 0;
  let text = '';
  let language: string | undefined;
  for (const [i, part] of parts.entries()) {
    const format = part.format ?? 'webm';
    const mediaType = recordingContentType(format, row.videoRecording);
    // The provider's client and the WebM splitter read a file: a recording in a bucket is copied to a temporary one.
    const local = await deps.storage.localCopy(part.uploadId);
    let split: Awaited<ReturnType<typeof splitWebm>> = null;
    let partEndMs = 0;
    try {
      // A part larger than the provider takes (a video interview past a few minutes) goes in pieces
      // of whole clusters, each placed on the part's clock by where it starts.
      // Only WebM is cut (at its clusters); an MP4 past the limit is not sent (its browser transcript is scored).
      split = sizes[i]! > deps.stt.maxBytes && format === 'webm' ? await splitWebm(local.path, deps.stt.maxBytes) : null;
      if (sizes[i]! > deps.stt.maxBytes && !split) {
        return { ok: false, reason: `recording too large to transcribe (${sizeText(sizes[i]!)} > ${sizeText(deps.stt.maxBytes)})` };
      }
      const pieces = split ? split.pieces : [{ path: local.path, startMs: 0 }];
      for (const piece of pieces) {
        let heard;
        try {
          heard = await deps.stt.transcribe({ path: piece.path, filename: `interview.${format}`, mediaType });
        } catch (err) {
          if (err instanceof TranscriptionError) return { ok: false, reason: `server transcription failed (${err.reason})` };
          throw err;
        }
        const at = offsetMs + piece.startMs;
        for (const s of heard.segments) segments.push({ startMs: s.startMs + at, endMs: s.endMs + at, text: s.text });
        partEndMs = piece.startMs + (heard.durationMs ?? heard.segments.at(-1)?.endMs ?? 0);
        text += heard.text;
        language ??= heard.language;
      }
    } finally {
      await split?.dispose();
      await local.dispose();
    }
    offsetMs += partEndMs;
  }
  if (!text.trim()) return { ok: false, reason: 'server transcription failed (the transcription was empty)' };

  const merged = mergeServerWords(browser, segments);
  if (!merged.ok) return { ok: false, reason: `server transcription not used (${merged.reason})` };
  return {
    ok: true,
    transcript: { provider: deps.stt.provider, model: deps.stt.model, ...(language ? { language } : {}), segments, transcript: merged.transcript },
  };
}

/**
 * Decides, once per interview, which transcript is scored: the server's transcription of the
 * recording, or, when there is none or it failed, the browser's live transcript with the reason.
 * Never throws for a provider's failure, so evaluation always follows. The decision is written
 * only while the interview is still undecided and 'evaluating', so a retried or duplicated job
 * keeps the first decision. Returns the interview as stored afterwards.
 */
export async function decideTranscript(deps: TranscriptionDeps, row: InterviewRow): Promise<InterviewRow> {
  if (row.transcriptSource !== null) return row;
  let outcome: Outcome;
  try {
    outcome = await transcribeRecording(deps, row);
  } catch (err) {
    deps.log.error({ err, interviewId: row.id }, 'server transcription failed unexpectedly');
    outcome = { ok: false, reason: 'server transcription failed (an internal error; see the server log)' };
  }
  const values = outcome.ok
    ? { serverTranscript: outcome.transcript, transcriptSource: 'server' as const, transcriptionError: null }
    : { serverTranscript: null, transcriptSource: 'browser' as const, transcriptionError: outcome.reason };
  await deps.db
    .update(interviews)
    .set(values)
    .where(and(eq(interviews.id, row.id), isNull(interviews.transcriptSource), eq(interviews.status, 'evaluating')));
  if (outcome.ok) deps.log.info({ interviewId: row.id, segments: outcome.transcript.segments.length }, 'interview transcribed on the server');
  else deps.log.warn({ interviewId: row.id, reason: outcome.reason }, 'scoring the browser transcript');
  const [stored] = await deps.db.select().from(interviews).where(eq(interviews.id, row.id));
  return stored ?? row;
}

/** The transcript the interview is scored on. */
export function scoredTranscript(row: InterviewRow): TranscriptEntry[] {
  const entries = row.transcriptSource === 'server' && row.serverTranscript ? transcriptEntries(row.serverTranscript.transcript) : transcriptEntries(row.transcript);
  return scoredTurns(entries);
}

/**
 * The turns the interview is judged on (issue 32): without the practice question and its answer,
 * without answers the candidate redid, and without the interviewer's line that opened a retake,
 * so the new answer follows its question.
 */
export const scoredTurns = (entries: TranscriptEntry[]): TranscriptEntry[] =>
  entries.filter((e) => !e.practice && !e.replaced && !(e.retake && isInterviewerSpeaker(e.speaker)));

/** Both transcripts of the company's interview and which one was scored. */
export async function interviewTranscripts(db: Db, user: SessionUser, interviewId: number): Promise<InterviewTranscripts> {
  const row = await getOwnInterview(db, user, interviewId);
  const server = row.transcriptSource === 'server' ? row.serverTranscript : null;
  return {
    scored: server ? 'server' : 'browser',
    fallbackReason: server ? null : row.transcriptionError,
    browser: transcriptEntries(row.transcript),
    server: server
      ? { provider: server.provider, model: server.model, language: server.language ?? null, transcript: transcriptEntries(server.transcript) }
      : null,
  };
}
