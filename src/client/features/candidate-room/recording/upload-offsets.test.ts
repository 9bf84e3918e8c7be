import { describe, expect, it } from 'vitest';
import { checkServerOffset, readServerReply, segmentStart, sendReadiness, sliceTarget, sliceToSend, uploadIdFromUrl } from './upload-offsets';

const headers =
  (values: Record<string, string>) =>
  (name: string): string | undefined =>
    values[name];

describe('what a server reply acknowledges', () => {
  it('a PATCH answered 204 acknowledges its Upload-Offset and proves the connection', () => {
    expect(readServerReply('PATCH', 204, headers({ 'Upload-Offset': '1048576' }))).toEqual({ connected: true, offset: 1_048_576, uploadLength: null });
  });

  it('a HEAD (resuming after a reload, an outage or a restart) gives the offset to resume from, and a declared length', () => {
    expect(readServerReply('HEAD', 200, headers({ 'Upload-Offset': '4096' }))).toEqual({ connected: false, offset: 4096, uploadLength: null });
    expect(readServerReply('HEAD', 200, headers({ 'Upload-Offset': '4096', 'Upload-Length': '5000' }))).toEqual({
      connected: false,
      offset: 4096,
      uploadLength: 5000,
    });
  });

  it('creation proves the connection but acknowledges nothing', () => {
    expect(readServerReply('POST', 201, headers({ 'Upload-Offset': '10' }))).toEqual({ connected: true, offset: null, uploadLength: null });
  });

  it('an error status, or a header that is missing or not a number, acknowledges nothing', () => {
    for (const status of [409, 423, 500]) {
      expect(readServerReply('PATCH', status, headers({ 'Upload-Offset': '10' }))).toEqual({ connected: false, offset: null, uploadLength: null });
    }
    expect(readServerReply('PATCH', 204, headers({}))).toEqual({ connected: true, offset: null, uploadLength: null });
    expect(readServerReply('HEAD', 200, headers({ 'Upload-Offset': 'soon', 'Upload-Length': '' }))).toMatchObject({ offset: null, uploadLength: null });
  });

  it('an offset past what was recorded is not about these bytes: nothing may be deleted on its word', () => {
    expect(() => checkServerOffset(101, 100)).toThrow('The server has 101 bytes of a 100-byte segment');
    expect(() => checkServerOffset(100, 100)).not.toThrow();
    expect(() => checkServerOffset(0, 0)).not.toThrow();
  });
});

describe('which bytes go to tus', () => {
  it('while recording: what is stored of the range asked for, the last bytes marked done once the recording ended', () => {
    expect(sliceTarget(0, 512, null)).toEqual({ complete: false, end: 512 });
    expect(sliceToSend(512, { nextByte: 300, recordingDone: false, serverLength: null })).toEqual({ end: 300, done: false });
    expect(sliceToSend(512, { nextByte: 300, recordingDone: true, serverLength: null })).toEqual({ end: 300, done: true });
    expect(sliceToSend(512, { nextByte: 900, recordingDone: true, serverLength: null })).toEqual({ end: 512, done: false });
  });

  it('with a length the server already has (declared by an attempt whose last PATCH failed): up to it, never declared again', () => {
    expect(sliceTarget(100, 612, 400)).toEqual({ complete: false, end: 400 });
    expect(sliceToSend(400, { nextByte: 400, recordingDone: true, serverLength: 400 })).toEqual({ end: 400, done: false });
    expect(sliceTarget(400, 912, 400)).toEqual({ complete: true });
  });

  it('waiting bytes go out once the range is stored, the recording ended, or the flush interval passed', () => {
    const want = { start: 100, end: 612 };
    expect(sendReadiness(want, { nextByte: 612, recordingDone: false }, 0, 1_000)).toEqual({ send: true });
    expect(sendReadiness(want, { nextByte: 150, recordingDone: true }, 0, 1_000)).toEqual({ send: true });
    expect(sendReadiness(want, { nextByte: 150, recordingDone: false }, 1_000, 1_000)).toEqual({ send: true });
    expect(sendReadiness(want, { nextByte: 150, recordingDone: false }, 400, 1_000)).toEqual({ send: false, waitMs: 600 });
    // Nothing waits yet: no timer, the next stored chunk wakes the upload.
    expect(sendReadiness(want, { nextByte: 100, recordingDone: false }, 5_000, 1_000)).toEqual({ send: false, waitMs: undefined });
  });

  it('nothing is created on the server before a byte is stored; a segment that ended empty is dropped', () => {
    expect(segmentStart({ nextByte: 0, recordingDone: false })).toBe('wait');
    expect(segmentStart({ nextByte: 0, recordingDone: true })).toBe('drop');
    expect(segmentStart({ nextByte: 1, recordingDone: false })).toBe('upload');
    expect(segmentStart({ nextByte: 1, recordingDone: true })).toBe('upload');
  });
});

describe('upload ids', () => {
  it('are the last path segment of the upload URL, relative or absolute', () => {
    expect(uploadIdFromUrl('http://x/api/uploads/abcdef0123456789')).toBe('abcdef0123456789');
    expect(uploadIdFromUrl('/api/uploads/abc%20def/')).toBe('abc def');
    expect(uploadIdFromUrl('https://example.com/api/uploads/0f0f?x=1')).toBe('0f0f');
  });
});
