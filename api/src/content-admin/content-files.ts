import { randomBytes } from 'node:crypto';
import type { ContentFile } from '@yaoshi/contracts/content-admin';
import { checkContentFile, type UploadKind } from '@yaoshi/contracts/content-admin-rules';
import type { Audit } from '../audit/audit-log';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { badInput } from '../envelope/api-error';
import { MESSAGES } from '../messages';
import { contentFiles } from '../content/content-schema';
import { mediaUrlOf } from '../content/content-queries';
import type { Storage } from '../storage/storage';

/**
 * Images and attachments staff upload (issue 20), stored under `content/` in storage with a
 * random name and served by `/media/*` like every other media file. The type is checked on
 * the content's first bytes as well as the extension: a renamed executable is no PDF.
 */
export const CONTENT_FILE_FOLDER = 'content';

const BASE64_PATTERN = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes of a base64 text, refusing anything that is not base64 (Buffer.from would skip it silently). */
export function bytesOfBase64(text: string): Buffer {
  const compact = text.replace(/\s+/g, '');
  if (compact.length % 4 !== 0 || !BASE64_PATTERN.test(compact)) throw badInput(MESSAGES.payloadMalformed);
  return Buffer.from(compact, 'base64');
}

export interface CheckedUpload {
  kind: UploadKind;
  name: string;
  bytes: Buffer;
  extension: string;
}

export function checkUpload(kind: UploadKind, name: string, base64: string): CheckedUpload {
  const bytes = bytesOfBase64(base64);
  const check = checkContentFile(kind, name, bytes);
  if (!check.ok) throw badInput(check.message);
  return { kind, name, bytes, extension: check.extension };
}

/** Writes the file (never over another), then records it with its audit record in `tx`; a failed record removes the file. */
export async function storeUpload(
  tx: Database,
  clock: Clock,
  audit: Audit,
  storage: Storage,
  upload: CheckedUpload,
): Promise<ContentFile> {
  const relative = `${CONTENT_FILE_FOLDER}/${randomBytes(16).toString('hex')}.${upload.extension}`;
  await storage.put(relative, upload.bytes, { ifAbsent: true });
  try {
    const [row] = await tx
      .insert(contentFiles)
      .values({
        kind: upload.kind,
        name: upload.name,
        path: relative,
        size: upload.bytes.length,
        createdAt: clock.now(),
      })
      .returning({ id: contentFiles.id });
    const file = { id: row!.id, name: upload.name, size: upload.bytes.length, url: mediaUrlOf(relative) };
    await audit({ action: 'content.upload', target: upload.name, after: { kind: upload.kind, ...file } });
    return file;
  } catch (error) {
    await storage.delete(relative);
    throw error;
  }
}
