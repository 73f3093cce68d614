/**
 * Adaptive streaming (issue 21): each uploaded lesson video is transcoded into HLS renditions
 * and a poster. The numbers are named here once; the functions are pure so they are tested
 * without ffmpeg.
 */

export interface Rendition {
  /** The rendition's folder and name in the master playlist, e.g. `360p`. */
  name: string;
  height: number;
  videoKbps: number;
  audioKbps: number;
}

/** Two renditions: one for weak mobile connections, one for a desk. */
export const HLS_RENDITIONS: readonly Rendition[] = [
  { name: '360p', height: 360, videoKbps: 800, audioKbps: 96 },
  { name: '720p', height: 720, videoKbps: 2500, audioKbps: 128 },
];

/** Segment length in seconds: short enough to switch bitrate quickly, long enough to cache well. */
export const HLS_SEGMENT_SECONDS = 6;
export const MASTER_PLAYLIST = 'master.m3u8';
export const RENDITION_PLAYLIST = 'index.m3u8';
export const POSTER_FILE = 'poster.jpg';
/** How many of ffmpeg's last stderr lines a failed transcode keeps as its reason. */
export const FAILURE_REASON_LINES = 6;

/**
 * The renditions worth making of a source `sourceHeight` pixels high: none taller than the
 * source (upscaling wastes bandwidth), but always the smallest one, so every video plays.
 */
export function renditionsFor(sourceHeight: number, all: readonly Rendition[] = HLS_RENDITIONS): Rendition[] {
  const fitting = all.filter((rendition) => rendition.height <= sourceHeight);
  return fitting.length > 0 ? fitting : all.slice(0, 1);
}

/** ffmpeg's arguments for every rendition in one pass: one decode, scaled per rendition. */
export function hlsArguments(
  input: string,
  outDir: string,
  renditions: readonly Rendition[],
  hasAudio: boolean,
): string[] {
  const count = renditions.length;
  const split = `[0:v]split=${count}${renditions.map((_, index) => `[v${index}]`).join('')}`;
  const scales = renditions.map((rendition, index) => `[v${index}]scale=-2:${rendition.height}[v${index}out]`);
  const args = ['-hide_banner', '-nostdin', '-y', '-i', input, '-filter_complex', [split, ...scales].join(';')];
  renditions.forEach((rendition, index) => {
    args.push(
      '-map',
      `[v${index}out]`,
      `-c:v:${index}`,
      'libx264',
      `-b:v:${index}`,
      `${rendition.videoKbps}k`,
      `-maxrate:v:${index}`,
      `${Math.round(rendition.videoKbps * 1.07)}k`,
      `-bufsize:v:${index}`,
      `${rendition.videoKbps * 2}k`,
    );
    if (hasAudio)
      args.push('-map', 'a:0', `-c:a:${index}`, 'aac', `-b:a:${index}`, `${rendition.audioKbps}k`, '-ac', '2');
  });
  const streamMap = renditions
    .map((rendition, index) => (hasAudio ? `v:${index},a:${index}` : `v:${index}`) + `,name:${rendition.name}`)
    .join(' ');
  args.push(
    '-preset',
    'veryfast',
    '-profile:v',
    'main',
    '-pix_fmt',
    'yuv420p',
    // A keyframe at every segment boundary, so every rendition cuts at the same moments.
    '-force_key_frames',
    `expr:gte(t,n_forced*${HLS_SEGMENT_SECONDS})`,
    '-sc_threshold',
    '0',
    // Packets go out strictly in time order, so each segment holds the audio of its own
    // seconds. By default the muxer lets audio run up to 10 s ahead of video that the encoder
    // still holds back (its look-ahead is frames, seconds in a low-frame-rate lecture): a
    // segment then carried audio of the next one, and a lesson resumed mid-way stalled there.
    '-max_interleave_delta',
    '0',
    '-f',
    'hls',
    '-hls_time',
    String(HLS_SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_filename',
    `${outDir}/%v/segment_%03d.ts`,
    '-master_pl_name',
    MASTER_PLAYLIST,
    '-var_stream_map',
    streamMap,
    '-progress',
    'pipe:1',
    '-nostats',
    `${outDir}/%v/${RENDITION_PLAYLIST}`,
  );
  return args;
}

/** A frame a second in (or halfway through a shorter clip), 720 px high at most. */
export function posterArguments(input: string, output: string, durationSeconds: number): string[] {
  const at = Math.min(1, durationSeconds / 2);
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-ss',
    at.toFixed(2),
    '-i',
    input,
    '-frames:v',
    '1',
    '-vf',
    "scale=-2:'min(720,ih)'",
    '-q:v',
    '3',
    output,
  ];
}

/** The length of a VOD playlist: the sum of its segments' EXTINF durations, in seconds. */
export function playlistSeconds(playlist: string): number {
  let total = 0;
  for (const match of playlist.matchAll(/^#EXTINF:([0-9.]+)/gm)) total += Number(match[1]);
  return total;
}

/** ffmpeg's `-progress` output so far → a fraction 0–1 of `durationSeconds` (null before the first report). */
export function progressOf(progressText: string, durationSeconds: number): number | null {
  const times = [...progressText.matchAll(/^out_time_us=(\d+)$/gm)];
  const last = times.at(-1);
  if (!last || durationSeconds <= 0) return null;
  if (/^progress=end$/m.test(progressText)) return 1;
  return Math.min(1, Number(last[1]) / 1_000_000 / durationSeconds);
}

/** The reason a failed transcode gives: ffmpeg's last lines, which say what it could not do. */
export function failureReasonOf(stderr: string, lines = FAILURE_REASON_LINES): string {
  const kept = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return kept.slice(-lines).join('\n') || 'ffmpeg 未给出原因';
}
