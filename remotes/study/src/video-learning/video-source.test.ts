import { HLS_TYPE, needsHlsEngine, videoSourceTypeOf } from './video-source';

test('an HLS playlist is typed as HLS; an uploaded file as it is', () => {
  expect(videoSourceTypeOf('/media/videos/hls/12/master.m3u8')).toBe('application/x-mpegURL');
  expect(videoSourceTypeOf('https://cdn.example.org/hls/12/master.m3u8?X-Amz-Signature=abc')).toBe(
    'application/x-mpegURL',
  );
  expect(videoSourceTypeOf('/media/videos/lessons/3-ab.webm')).toBe('video/webm');
  expect(videoSourceTypeOf('/media/videos/lessons/3-ab.mp4')).toBe('video/mp4');
  expect(videoSourceTypeOf('/media/videos/lessons/3-ab.mp4?token=x.m3u8')).toBe('video/mp4');
});

test('VHS is loaded for an HLS lesson only: an uploaded file plays in the browser itself', () => {
  expect(needsHlsEngine(HLS_TYPE)).toBe(true);
  expect(needsHlsEngine('video/webm')).toBe(false);
  expect(needsHlsEngine('video/mp4')).toBe(false);
});
