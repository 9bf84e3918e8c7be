import { mediaErrorCode, RecorderError } from './errors';

export const stopTracks = (stream: MediaStream | null): void => stream?.getTracks().forEach((track) => track.stop());

/** Every track still delivering (none ended: unplugged, revoked, taken by another app). */
export const isLive = (stream: MediaStream | null): stream is MediaStream =>
  !!stream && stream.getTracks().length > 0 && stream.getTracks().every((track) => track.readyState === 'live');

/** Camera (720p) and microphone, or the microphone alone; a refusal rejects with the spec's RecorderError code. */
export async function openMedia(video: boolean): Promise<MediaStream> {
  try {
    return await navigator.mediaDevices.getUserMedia({ video: video ? { width: 1280, height: 720 } : false, audio: true });
  } catch (err) {
    throw new RecorderError(mediaErrorCode(err), err);
  }
}
