/**
 * The MIME type video.js is given for a lesson's address: an HLS master playlist (issue 21,
 * played by VHS, video.js's HLS engine, which adapts to bandwidth), or the uploaded file as
 * it is (MP4 or WebM) until its transcode has finished.
 */
export const HLS_TYPE = 'application/x-mpegURL';

export function videoSourceTypeOf(src: string): string {
  const pathname = src.split(/[?#]/, 1)[0] ?? '';
  if (pathname.endsWith('.m3u8')) return HLS_TYPE;
  if (pathname.endsWith('.webm')) return 'video/webm';
  return 'video/mp4';
}

/**
 * Whether a lesson of this type needs VHS, video.js's HLS engine: every HLS lesson. VHS
 * itself leaves Safari to its native HLS, as the full video.js build did. (Chromium 156 here
 * answers `canPlayType` "maybe" for HLS and plays it natively too, but the site keeps VHS
 * for Chromium: e2e/tests/hls-lesson.spec.ts holds it to VHS's adaptive streaming.)
 */
export function needsHlsEngine(type: string): boolean {
  return type === HLS_TYPE;
}

/**
 * Loads VHS, which registers itself with the player library on load. The study remote
 * builds video.js without it (rspack.config.ts); the lesson player asks for it when the
 * learner means to watch (lesson-player.tsx, attachOnIntent).
 */
export async function loadHlsEngine(): Promise<void> {
  await import('@videojs/http-streaming');
}
