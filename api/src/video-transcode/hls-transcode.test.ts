import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HLS_RENDITIONS, failureReasonOf, hlsArguments, playlistSeconds, progressOf, renditionsFor } from './hls-rules';
import { transcodeToHls } from './hls-transcode';

describe('the rules', () => {
  test('no rendition taller than the source, but always the smallest', () => {
    assert.deepEqual(
      renditionsFor(1080).map((rendition) => rendition.name),
      ['360p', '720p'],
    );
    assert.deepEqual(
      renditionsFor(720).map((rendition) => rendition.name),
      ['360p', '720p'],
    );
    assert.deepEqual(
      renditionsFor(480).map((rendition) => rendition.name),
      ['360p'],
    );
    assert.deepEqual(
      renditionsFor(240).map((rendition) => rendition.name),
      ['360p'],
    );
  });

  test('one ffmpeg pass maps every rendition, with audio only when the source has it', () => {
    const withAudio = hlsArguments('in.mp4', '/out', HLS_RENDITIONS, true).join(' ');
    assert.match(withAudio, /split=2\[v0\]\[v1\]/);
    assert.match(withAudio, /-var_stream_map v:0,a:0,name:360p v:1,a:1,name:720p/);
    assert.match(withAudio, /-hls_playlist_type vod/);
    const silent = hlsArguments('in.mp4', '/out', HLS_RENDITIONS, false).join(' ');
    assert.match(silent, /-var_stream_map v:0,name:360p v:1,name:720p/);
    assert.doesNotMatch(silent, /-map a:0/);
  });

  test('a playlist’s length, progress from -progress output, and a failure’s reason', () => {
    assert.equal(playlistSeconds('#EXTM3U\n#EXTINF:6.000000,\na.ts\n#EXTINF:4.010000,\nb.ts\n#EXT-X-ENDLIST\n'), 10.01);
    assert.equal(progressOf('frame=1\n', 10), null);
    assert.equal(progressOf('out_time_us=2500000\nprogress=continue\nout_time_us=5000000\n', 10), 0.5);
    assert.equal(progressOf('out_time_us=9900000\nprogress=end\n', 10), 1);
    assert.equal(failureReasonOf('a\n\nb\nc\nd\ne\nf\ng\n'), 'b\nc\nd\ne\nf\ng');
    assert.equal(failureReasonOf(''), 'ffmpeg 未给出原因');
  });
});

describe('a real 10-second clip through Debian’s ffmpeg', () => {
  let folder: string;
  let clip: string;

  before(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hls-'));
    clip = path.join(folder, 'clip.mp4');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=1280x720:rate=25:duration=10',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=10',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-c:a',
      'aac',
      '-shortest',
      clip,
    ]);
  });
  after(() => fs.rmSync(folder, { recursive: true, force: true }));

  test('two renditions with their playlists and segments, a poster, and the transcoded length', async () => {
    const out = path.join(folder, 'hls');
    const progress: number[] = [];
    const result = await transcodeToHls({
      input: clip,
      outDir: out,
      onProgress: (fraction) => progress.push(fraction),
    });
    assert.ok(result.ok, JSON.stringify(result));
    assert.equal(result.durationSeconds, 10);
    assert.deepEqual(result.renditions, ['360p/index.m3u8', '720p/index.m3u8']);

    const master = fs.readFileSync(path.join(out, result.master), 'utf8');
    assert.match(master, /^#EXTM3U/);
    const variants = [...master.matchAll(/#EXT-X-STREAM-INF:([^\n]+)\n([^\n]+)/g)];
    assert.equal(variants.length, 2, master);
    for (const [, attributes, uri] of variants) {
      assert.match(attributes!, /BANDWIDTH=\d+/);
      assert.match(attributes!, /RESOLUTION=\d+x(360|720)/);
      assert.match(attributes!, /CODECS="avc1\.[0-9a-f]+,mp4a\.40\.2"/);
      const playlist = fs.readFileSync(path.join(out, uri!.trim()), 'utf8');
      assert.match(playlist, /#EXT-X-PLAYLIST-TYPE:VOD/);
      assert.match(playlist, /#EXT-X-ENDLIST/);
      const segments = [...playlist.matchAll(/^(segment_\d{3}\.ts)$/gm)].map((match) => match[1]!);
      assert.ok(segments.length >= 2, playlist);
      for (const segment of segments)
        assert.ok(fs.statSync(path.join(out, path.dirname(uri!.trim()), segment)).size > 0, segment);
      assert.ok(Math.abs(playlistSeconds(playlist) - 10) < 0.5);
    }
    const poster = fs.readFileSync(path.join(out, result.poster));
    assert.deepEqual([...poster.subarray(0, 3)], [0xff, 0xd8, 0xff], 'a JPEG');

    assert.ok(progress.length >= 1);
    assert.deepEqual(
      progress,
      [...progress].sort((a, b) => a - b),
      'progress only goes forward',
    );
    assert.equal(progress.at(-1), 1);
  });

  test('a slide-show lecture (1 frame a second) keeps each segment’s audio in its own seconds', async () => {
    // The encoder holds back frames, seconds at 1 fps; the muxer once let the audio run ahead
    // by most of a segment, and a lesson resumed in the middle stalled for want of audio.
    const slides = path.join(folder, 'slides.webm');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x180:rate=1:duration=30',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=30',
      '-c:v',
      'libvpx',
      '-c:a',
      'libopus',
      '-shortest',
      slides,
    ]);
    const out = path.join(folder, 'slides-hls');
    const result = await transcodeToHls({ input: slides, outDir: out });
    assert.ok(result.ok, JSON.stringify(result));
    const rendition = path.join(out, path.dirname(result.renditions[0]!));
    const startOf = (segment: string, stream: 'v' | 'a') =>
      Number(
        execFileSync('ffprobe', [
          '-v',
          'error',
          '-select_streams',
          stream,
          '-show_entries',
          'stream=start_time',
          '-of',
          'csv=p=0',
          path.join(rendition, segment),
        ])
          .toString()
          .trim()
          .split('\n')[0],
      );
    const segments = fs.readdirSync(rendition).filter((file) => file.endsWith('.ts'));
    assert.ok(segments.length >= 4, segments.join());
    for (const segment of segments.slice(1, -1)) {
      const video = startOf(segment, 'v');
      const audio = startOf(segment, 'a');
      assert.ok(audio <= video + 1, `${segment}: audio from ${audio} s, video from ${video} s`);
    }
  });

  test('a file that is no video fails with a reason, and one ffmpeg refuses gives ffmpeg’s words', async () => {
    const junk = path.join(folder, 'junk.mp4');
    fs.writeFileSync(junk, 'not a video');
    const unreadable = await transcodeToHls({ input: junk, outDir: path.join(folder, 'junk') });
    assert.deepEqual(unreadable, { ok: false, reason: '无法读取视频文件（ffprobe 未能识别其中的视频流）' });

    // A rendition ffmpeg cannot make (an odd height for yuv420p at libx264) fails with ffmpeg's own reason.
    const refused = await transcodeToHls({
      input: clip,
      outDir: path.join(folder, 'refused'),
      renditions: [{ name: 'odd', height: 361, videoKbps: 400, audioKbps: 64 }],
    });
    assert.equal(refused.ok, false);
    assert.ok(!refused.ok && refused.reason.length > 0);
  });
});
