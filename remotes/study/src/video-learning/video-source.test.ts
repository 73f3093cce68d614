import { videoSourceTypeOf } from './video-source';

test('an HLS playlist plays through VHS; an uploaded file as it is', () => {
  expect(videoSourceTypeOf('/media/videos/hls/12/master.m3u8')).toBe('application/x-mpegURL');
  expect(videoSourceTypeOf('https://cdn.example.org/hls/12/master.m3u8?X-Amz-Signature=abc')).toBe(
    'application/x-mpegURL',
  );
  expect(videoSourceTypeOf('/media/videos/lessons/3-ab.webm')).toBe('video/webm');
  expect(videoSourceTypeOf('/media/videos/lessons/3-ab.mp4')).toBe('video/mp4');
  expect(videoSourceTypeOf('/media/videos/lessons/3-ab.mp4?token=x.m3u8')).toBe('video/mp4');
});
