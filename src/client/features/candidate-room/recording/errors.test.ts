import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordingFiletype } from './chunk-store-types';
import { mediaErrorCode, pickMimeType } from './errors';

describe('camera and microphone failures', () => {
  it("map to the spec's recorder error codes, old Chrome names included", () => {
    const code = (name: string) => mediaErrorCode(new DOMException('x', name));
    expect(['NotAllowedError', 'PermissionDeniedError', 'SecurityError'].map(code)).toEqual(Array(3).fill('permission_denied'));
    expect(['NotFoundError', 'DevicesNotFoundError'].map(code)).toEqual(Array(2).fill('no_specified_media_found'));
    expect(['NotReadableError', 'TrackStartError'].map(code)).toEqual(Array(2).fill('media_in_use'));
    expect(['OverconstrainedError', 'ConstraintNotSatisfiedError'].map(code)).toEqual(Array(2).fill('invalid_media_constraints'));
    expect(code('AbortError')).toBe('media_aborted');
    expect(mediaErrorCode(new TypeError('no constraints'))).toBe('no_constraints');
    expect(code('UnknownError')).toBe('recorder_error');
    expect(mediaErrorCode('odd')).toBe('recorder_error');
  });
});

describe('the recording format', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** A MediaRecorder that records exactly `supported`. */
  const browserRecording = (supported: string[] | null) => {
    const Recorder = function MediaRecorder() {} as unknown as typeof MediaRecorder & { isTypeSupported?: (t: string) => boolean };
    if (supported) Recorder.isTypeSupported = (type: string) => supported.includes(type);
    vi.stubGlobal('MediaRecorder', Recorder);
  };

  it('is WebM VP8/Opus where the browser records it (Chrome, Edge, Firefox), as the spec asks', () => {
    browserRecording(['video/webm;codecs=vp8,opus', 'video/webm', 'audio/webm;codecs=opus', 'audio/webm', 'video/mp4']);
    expect(pickMimeType(true)).toBe('video/webm;codecs=vp8,opus');
    expect(pickMimeType(false)).toBe('audio/webm;codecs=opus');
    browserRecording(['video/webm', 'audio/webm']);
    expect([pickMimeType(true), pickMimeType(false)]).toEqual(['video/webm', 'audio/webm']);
  });

  it('is MP4 (H.264/AAC) where the browser records no WebM (Safari, iPhones)', () => {
    browserRecording(['video/mp4;codecs=avc1,mp4a', 'video/mp4', 'audio/mp4']);
    expect(pickMimeType(true)).toBe('video/mp4;codecs=avc1,mp4a');
    expect(pickMimeType(false)).toBe('audio/mp4');
  });

  it("is the browser's own default ('') where it names none of them or cannot say, and null without MediaRecorder", () => {
    browserRecording(['video/x-matroska']);
    expect(pickMimeType(true)).toBe('');
    browserRecording(null);
    expect(pickMimeType(false)).toBe('');
    vi.stubGlobal('MediaRecorder', undefined);
    expect(pickMimeType(true)).toBeNull();
  });

  it("names the segment's type after what the recorder records", () => {
    expect(recordingFiletype('video/webm;codecs=vp8,opus', true)).toBe('video/webm');
    expect(recordingFiletype('audio/webm;codecs=opus', false)).toBe('audio/webm');
    // WebKit reports its codecs with spaces and profiles.
    expect(recordingFiletype('video/mp4; codecs=avc1.4d002a,mp4a', true)).toBe('video/mp4');
    expect(recordingFiletype('audio/mp4; codecs=mp4a', false)).toBe('audio/mp4');
    // A video recorder of an audio-only interview still makes an audio segment.
    expect(recordingFiletype('video/mp4', false)).toBe('audio/mp4');
    // Unknown until the recording starts: the server decides by the bytes.
    expect(recordingFiletype('', true)).toBe('video/webm');
  });
});
