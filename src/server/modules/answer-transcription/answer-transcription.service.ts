import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ANSWER_AUDIO_CONTENT_TYPE, recordingFormatOf, type AnswerTranscriptionResult } from '../../../contracts/candidate-room';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { CandidateAccess } from '../../plugins/access';
import { TranscriptionError, type SpeechToText } from '../../speech/stt';
import { liveInterview } from '../candidate-room/candidate-room.service';

/** One answer's audio as the candidate's browser sent it: the request body and its content type. */
export interface AnswerAudio {
  bytes: Buffer;
  contentType: string;
}

export const NO_SPEECH_TO_TEXT = 'Answers are not transcribed on this server: please type your answer';
export const UNSUPPORTED_ANSWER_AUDIO = "Send the answer's audio as WebM, Ogg or MP4 (audio/webm, audio/ogg or audio/mp4)";

type AnswerContainer = 'webm' | 'ogg' | 'mp4';
const OGG_SIGNATURE = [0x4f, 0x67, 0x67, 0x53]; // "OggS"

/** The container, from the file's first bytes: what the provider is told, whatever the header claimed. */
function containerOf(bytes: Buffer): AnswerContainer | null {
  if (bytes.length >= 4 && OGG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'ogg';
  return recordingFormatOf(bytes.subarray(0, 8));
}

/**
 * Transcribes one answer while the candidate waits (issue 32, decision 056): only for the candidate
 * of an interview in progress, only with STT_PROVIDER set. The audio goes to a temporary file, which
 * `stt.transcribe` sends from disk as it does recordings (decision 013), and is removed afterwards;
 * nothing is stored, since the interview's recording already holds the answer.
 */
export async function transcribeAnswer(
  deps: { db: Db; stt: SpeechToText | null; now: Date },
  candidate: CandidateAccess,
  id: number,
  audio: AnswerAudio,
): Promise<AnswerTranscriptionResult> {
  await liveInterview(deps.db, candidate, id, deps.now, 'started');
  // Not the server's fault (a 5xx pages someone): it has no provider, and the room offers typing.
  if (!deps.stt) throw new AppError('NOT_FOUND', NO_SPEECH_TO_TEXT);
  if (audio.bytes.length === 0) throw new AppError('BAD_REQUEST', "The answer's audio is empty: send the recording as the request body");
  if (!ANSWER_AUDIO_CONTENT_TYPE.test(audio.contentType)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_ANSWER_AUDIO);
  const container = containerOf(audio.bytes);
  if (!container) throw new AppError('UNSUPPORTED_MEDIA_TYPE', `The answer's audio is not a WebM, Ogg or MP4 file. ${UNSUPPORTED_ANSWER_AUDIO}`);

  const dir = await mkdtemp(path.join(os.tmpdir(), 'hireloop-answer-'));
  try {
    const filename = `answer.${container}`;
    const file = path.join(dir, filename);
    await writeFile(file, audio.bytes);
    const heard = await deps.stt.transcribe({ path: file, filename, mediaType: `audio/${container}` });
    return { text: heard.text.replace(/\s+/g, ' ').trim() };
  } catch (err) {
    if (err instanceof TranscriptionError) throw new AppError('TRANSCRIPTION_FAILED', `Your answer could not be transcribed: ${err.reason}`);
    throw err;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
