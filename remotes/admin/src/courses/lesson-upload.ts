import { Upload } from 'tus-js-client';
import { LESSON_UPLOAD_PATH } from '@yaoshi/contracts/course-admin';
import { readStaffToken } from '@yaoshi/api-client/staff-session';

/**
 * One lesson video up to the server by tus (issue 20). Chunks of 32 MB keep every request
 * short whatever the file's size; tus-js-client remembers each upload's address in
 * localStorage by the file's fingerprint, so choosing the same file again after a reload or a
 * dropped network resumes from what the server holds instead of starting over.
 */
export const UPLOAD_CHUNK_BYTES = 32 * 1024 * 1024;
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10000];

export interface UploadCallbacks {
  onProgress: (percent: number) => void;
  onSuccess: (uploadId: string) => void;
  onError: (message: string) => void;
}

export interface RunningUpload {
  abort: () => void;
}

/** The server's refusal as the staff member should read it (the tus body is our Chinese message). */
export function uploadErrorText(error: Error & { originalResponse?: { getBody(): string } | null }): string {
  const body = error.originalResponse?.getBody();
  if (body && /[\u4e00-\u9fff]/.test(body)) {
    try {
      const parsed = JSON.parse(body) as { message?: string };
      if (parsed.message) return parsed.message;
    } catch {
      // a plain-text body: the message itself
    }
    return body.trim();
  }
  return '视频上传中断，请检查网络后重新选择同一文件继续上传';
}

export function startLessonUpload(file: File, callbacks: UploadCallbacks): RunningUpload {
  const upload = new Upload(file, {
    endpoint: LESSON_UPLOAD_PATH,
    chunkSize: UPLOAD_CHUNK_BYTES,
    retryDelays: RETRY_DELAYS_MS,
    metadata: { filename: file.name, filetype: file.type },
    removeFingerprintOnSuccess: true,
    onBeforeRequest: (request) => {
      const token = readStaffToken();
      if (token) request.setHeader('Authorization', `Bearer ${token}`);
    },
    onProgress: (sent, total) => callbacks.onProgress(total > 0 ? Math.floor((sent / total) * 100) : 0),
    onSuccess: () => callbacks.onSuccess(upload.url?.split('/').pop() ?? ''),
    onError: (error) => callbacks.onError(uploadErrorText(error)),
  });
  void upload.findPreviousUploads().then((previous) => {
    const last = previous[0];
    if (last) upload.resumeFromPreviousUpload(last);
    upload.start();
  });
  return { abort: () => void upload.abort() };
}
