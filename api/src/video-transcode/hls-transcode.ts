import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  MASTER_PLAYLIST,
  POSTER_FILE,
  RENDITION_PLAYLIST,
  failureReasonOf,
  hlsArguments,
  playlistSeconds,
  posterArguments,
  progressOf,
  renditionsFor,
  type Rendition,
} from './hls-rules';

/**
 * Transcodes one video into HLS (issue 21) with Debian's ffmpeg: the renditions of
 * `hls-rules.ts` in one pass, then a poster. The caller (the transcoding job) stores the
 * folder and reports progress; a failure carries ffmpeg's own reason, for the console.
 */

export interface SourceInfo {
  height: number;
  hasAudio: boolean;
  durationSeconds: number;
}

export type TranscodeResult =
  | {
      ok: true;
      /** Relative to the output folder. */
      master: string;
      poster: string;
      renditions: string[];
      /** The transcoded length (the playlists' segments), which the study rules count against. */
      durationSeconds: number;
    }
  | { ok: false; reason: string };

const PROBE_TIMEOUT_MS = 60_000;

interface ProbeJson {
  format?: { duration?: string };
  streams?: { codec_type?: string; height?: number }[];
}

/** What the transcode needs to know of the source, or null when ffprobe cannot read it. */
export function probeSource(input: string): Promise<SourceInfo | null> {
  return new Promise((resolve) => {
    execFile(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type,height', '-of', 'json', input],
      { timeout: PROBE_TIMEOUT_MS, maxBuffer: 1024 * 1024 },
      (error, stdout) => {
        if (error) return resolve(null);
        try {
          const parsed = JSON.parse(stdout) as ProbeJson;
          const video = parsed.streams?.find((stream) => stream.codec_type === 'video');
          const durationSeconds = Number(parsed.format?.duration);
          if (!video?.height || !Number.isFinite(durationSeconds) || durationSeconds <= 0) return resolve(null);
          resolve({
            height: video.height,
            hasAudio: parsed.streams?.some((stream) => stream.codec_type === 'audio') ?? false,
            durationSeconds,
          });
        } catch {
          resolve(null);
        }
      },
    );
  });
}

/**
 * Runs ffmpeg; resolves with its exit code and stderr, feeding `-progress` output to
 * `onStdout`. An aborted `signal` kills it.
 */
function runFfmpeg(
  args: string[],
  onStdout?: (text: string) => void,
  signal?: AbortSignal,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('ffmpeg', args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(signal ? { signal, killSignal: 'SIGKILL' as const } : {}),
    });
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => onStdout?.(chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      // Only the end matters for a reason; keep memory bounded on a long encode.
      stderr = (stderr + chunk).slice(-16_384);
    });
    child.on('error', (error) => resolve({ code: null, stderr: `${stderr}\n${error.message}` }));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

export async function transcodeToHls(options: {
  input: string;
  outDir: string;
  /** 0–1, as ffmpeg goes through the source. */
  onProgress?: (fraction: number) => void;
  renditions?: readonly Rendition[];
  /** Aborted: ffmpeg is killed and the promise rejects with the signal's reason (not a failed result). */
  signal?: AbortSignal;
}): Promise<TranscodeResult> {
  options.signal?.throwIfAborted();
  const source = await probeSource(options.input);
  if (!source) return { ok: false, reason: '无法读取视频文件（ffprobe 未能识别其中的视频流）' };
  const renditions = options.renditions ?? renditionsFor(source.height);
  await fs.rm(options.outDir, { recursive: true, force: true });
  await fs.mkdir(options.outDir, { recursive: true });
  for (const rendition of renditions) await fs.mkdir(path.join(options.outDir, rendition.name), { recursive: true });

  let progressText = '';
  let reported = -1;
  const encode = await runFfmpeg(
    hlsArguments(options.input, options.outDir, renditions, source.hasAudio),
    (chunk) => {
      progressText = (progressText + chunk).slice(-4096);
      const fraction = progressOf(progressText, source.durationSeconds);
      if (fraction !== null && fraction > reported) {
        reported = fraction;
        options.onProgress?.(fraction);
      }
    },
    options.signal,
  );
  options.signal?.throwIfAborted();
  if (encode.code !== 0) return { ok: false, reason: failureReasonOf(encode.stderr) };

  const poster = await runFfmpeg(
    posterArguments(options.input, path.join(options.outDir, POSTER_FILE), source.durationSeconds),
    undefined,
    options.signal,
  );
  options.signal?.throwIfAborted();
  if (poster.code !== 0) return { ok: false, reason: failureReasonOf(poster.stderr) };

  const first = await fs.readFile(path.join(options.outDir, renditions[0]!.name, RENDITION_PLAYLIST), 'utf8');
  if (reported < 1) options.onProgress?.(1);
  return {
    ok: true,
    master: MASTER_PLAYLIST,
    poster: POSTER_FILE,
    renditions: renditions.map((rendition) => `${rendition.name}/${RENDITION_PLAYLIST}`),
    durationSeconds: Math.max(1, Math.round(playlistSeconds(first))),
  };
}
