/**
 * The MIME type video.js is given for a lesson's address: an HLS master playlist (issue 21,
 * played by video.js 8's built-in VHS, which adapts to bandwidth), or the uploaded file as
 * it is (MP4 or WebM) until its transcode has finished.
 */
export function videoSourceTypeOf(src: string): string {
  const pathname = src.split(/[?#]/, 1)[0] ?? '';
  if (pathname.endsWith('.m3u8')) return 'application/x-mpegURL';
  if (pathname.endsWith('.webm')) return 'video/webm';
  return 'video/mp4';
}
