import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The bytes of an MP4 test pattern of `seconds` (ffmpeg's testsrc, 10 frames a second). */
export function testClip(seconds: number, size = '320x240'): Buffer {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-clip-'));
  try {
    const file = path.join(work, 'clip.mp4');
    const source = `testsrc=duration=${seconds}:size=${size}:rate=10`;
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', source, '-pix_fmt', 'yuv420p', file]);
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
