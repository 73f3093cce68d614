import { execFile } from 'node:child_process';

/**
 * What ffprobe (Debian's ffmpeg) reads from an uploaded lesson video: its length, and which of
 * the two containers the site serves it is. A file ffprobe cannot read, or one without a video
 * stream or a length, is not a lesson.
 */
export type VideoProbe =
  | { ok: true; durationSeconds: number; container: 'mp4' | 'webm' }
  | { ok: false; reason: 'unreadable' | 'format' }
  | { ok: false; reason: 'no-ffprobe' };

const PROBE_TIMEOUT_MS = 60_000;

interface ProbeOutput {
  format?: { format_name?: string; duration?: string };
  streams?: { codec_type?: string; duration?: string }[];
}

export function probeVideo(file: string): Promise<VideoProbe> {
  return new Promise((resolve) => {
    execFile(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'format=format_name,duration:stream=codec_type,duration', '-of', 'json', file],
      { timeout: PROBE_TIMEOUT_MS, maxBuffer: 1024 * 1024 },
      (error, stdout) => {
        if (error && (error as NodeJS.ErrnoException).code === 'ENOENT')
          return resolve({ ok: false, reason: 'no-ffprobe' });
        if (error) return resolve({ ok: false, reason: 'unreadable' });
        resolve(verdictOf(stdout));
      },
    );
  });
}

/** The probe's JSON judged (pure, so the rules are tested without files). */
export function verdictOf(stdout: string): VideoProbe {
  let parsed: ProbeOutput;
  try {
    parsed = JSON.parse(stdout) as ProbeOutput;
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  const video = parsed.streams?.find((stream) => stream.codec_type === 'video');
  const seconds = Number(parsed.format?.duration ?? video?.duration);
  if (!video || !Number.isFinite(seconds) || seconds <= 0) return { ok: false, reason: 'unreadable' };
  const names = (parsed.format?.format_name ?? '').split(',');
  const container = names.includes('mp4') || names.includes('mov') ? 'mp4' : names.includes('webm') ? 'webm' : null;
  if (container === null) return { ok: false, reason: 'format' };
  // Whole seconds, as the study pipeline counts them; a sub-second clip still lasts one.
  return { ok: true, durationSeconds: Math.max(1, Math.round(seconds)), container };
}
