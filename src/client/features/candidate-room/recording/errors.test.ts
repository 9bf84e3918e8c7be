import { describe, expect, it } from 'vitest';
import { mediaErrorCode } from './errors';

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
