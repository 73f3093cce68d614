import { AVATAR_MAX_BYTES } from '@yaoshi/contracts/profile-rules';

export type FacePhotoKind = 'jpeg' | 'png';

export type DecodedImage =
  { ok: true; kind: FacePhotoKind; bytes: Buffer } | { ok: false; reason: 'not-an-image' | 'too-large' };

const DATA_URL = /^data:image\/(jpeg|jpg|png);base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const JPEG_MAGIC = [0xff, 0xd8, 0xff];
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Buffer, magic: readonly number[]): boolean {
  return magic.every((byte, index) => bytes[index] === byte);
}

/** What the bytes are, by their first bytes, whatever the sender declared. */
export function imageKindOf(bytes: Buffer): FacePhotoKind | null {
  if (startsWith(bytes, JPEG_MAGIC)) return 'jpeg';
  if (startsWith(bytes, PNG_MAGIC)) return 'png';
  return null;
}

/**
 * A face photo as sent in `avatar`: a JPEG or PNG data URL, or bare base64. The size is
 * checked before decoding, and the kind by magic bytes (a data URL declaring PNG over
 * JPEG bytes is refused).
 */
export function decodeImageData(text: string): DecodedImage {
  const declared = DATA_URL.exec(text);
  const base64 = (declared ? text.slice(declared[0].length) : text).replace(/\s+/g, '');
  if (base64.length === 0 || base64.length % 4 !== 0 || !BASE64.test(base64))
    return { ok: false, reason: 'not-an-image' };
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  if ((base64.length / 4) * 3 - padding > AVATAR_MAX_BYTES) return { ok: false, reason: 'too-large' };
  const bytes = Buffer.from(base64, 'base64');
  const kind = imageKindOf(bytes);
  if (kind === null) return { ok: false, reason: 'not-an-image' };
  if (declared && (declared[1]?.toLowerCase() === 'png') !== (kind === 'png'))
    return { ok: false, reason: 'not-an-image' };
  return { ok: true, kind, bytes };
}
