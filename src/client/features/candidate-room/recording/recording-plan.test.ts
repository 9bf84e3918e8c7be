import { describe, expect, it } from 'vitest';
import { countsOf, earlierSegmentAction, nextSegmentNumber, totalProgress, uploadIds } from './recording-plan';
import { newSegmentRecord } from './segment-records';

const segment = (changes: Partial<ReturnType<typeof newSegmentRecord>>) => ({ ...newSegmentRecord(3, 0, 'video/webm'), ...changes });

describe('after a reload', () => {
  it("an earlier page load's segment resumes its upload, is dropped when it holds no byte, is kept when uploaded", () => {
    expect(earlierSegmentAction(segment({ nextByte: 5_000, uploadedBytes: 2_000 }))).toBe('upload');
    // Every byte acknowledged is not finished: the server still needs the final length.
    expect(earlierSegmentAction(segment({ nextByte: 5_000, uploadedBytes: 5_000 }))).toBe('upload');
    expect(earlierSegmentAction(segment({ nextByte: 0 }))).toBe('drop');
    expect(earlierSegmentAction(segment({ nextByte: 5_000, finished: true }))).toBe('keep');
  });

  it('a new recording gets the next segment number, never one in use', () => {
    expect(nextSegmentNumber([], [])).toBe(0);
    expect(nextSegmentNumber([0, 1], [])).toBe(2);
    expect(nextSegmentNumber([0], [4])).toBe(5);
    expect(nextSegmentNumber([2], [0, 1])).toBe(3);
  });
});

describe('what the candidate sees', () => {
  it('a finished segment counts as uploaded; an unfinished one as far as the server acknowledged', () => {
    expect(countsOf(segment({ nextByte: 900, uploadedBytes: 100, finished: true }))).toEqual({ recordedBytes: 900, uploadedBytes: 900 });
    expect(countsOf(segment({ nextByte: 900, uploadedBytes: 100 }))).toEqual({ recordedBytes: 900, uploadedBytes: 100 });
  });

  it('progress adds every segment, the handed-over ones included; offline while the browser is, or any upload retries an outage', () => {
    const segments = [
      { recordedBytes: 100, uploadedBytes: 100 },
      { recordedBytes: 50, uploadedBytes: 10 },
    ];
    const handedOver = { recordedBytes: 1_000, uploadedBytes: 1_000 };
    expect(totalProgress(segments, handedOver, true, 0)).toEqual({ recordedBytes: 1_150, uploadedBytes: 1_110, online: true });
    expect(totalProgress(segments, handedOver, false, 0).online).toBe(false);
    expect(totalProgress(segments, handedOver, true, 1).online).toBe(false);
    expect(totalProgress([], { recordedBytes: 0, uploadedBytes: 0 }, true, 0)).toEqual({ recordedBytes: 0, uploadedBytes: 0, online: true });
  });

  it('finish() hands over the upload ids in segment order, without the empty segments', () => {
    const ids = uploadIds([
      { segment: 2, url: '/api/uploads/cccc' },
      { segment: 0, url: 'http://localhost:3000/api/uploads/aaaa' },
      { segment: 1, url: null },
    ]);
    expect(ids).toEqual(['aaaa', 'cccc']);
  });
});
