import { createInflateRaw } from 'node:zlib';

/**
 * Reading an uploaded .xlsx's zip without trusting it. A spreadsheet bomb is a small file
 * whose parts inflate to hundreds of megabytes (300 MB of whitespace fits in 312 KB), so
 * every part's declared size is checked against a ceiling before anything is inflated,
 * and each part is then inflated as a stream that stops the moment it passes its declared
 * size. A zip whose local entries disagree with its central directory (parts a streaming
 * reader would see and a careful one would not) is refused as a whole.
 */

/** One part of a checked zip: where its data starts and how large it says it is. */
export interface ZipEntry {
  name: string;
  method: 0 | 8;
  compressedSize: number;
  uncompressedSize: number;
  dataOffset: number;
}

/** The ceilings an upload's zip is held to. */
export interface ZipLimits {
  /** No one part may declare more than this many bytes once inflated. */
  maxEntryBytes: number;
  /** Nor all parts together. */
  maxTotalBytes: number;
  maxEntries: number;
}

/** The zip is not one we will read; the caller turns this into its own 400 message. */
export class ZipRefused extends Error {
  constructor(
    readonly reason: 'malformed' | 'too-large',
    detail: string,
  ) {
    super(detail);
  }
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const END_RECORD_BYTES = 22;
const MAX_COMMENT_BYTES = 0xffff;
/** A data descriptor after an entry's data: optional signature, CRC and two sizes (zip64 sizes are refused). */
const MAX_DATA_DESCRIPTOR_BYTES = 16;
const ZIP64_MARKER = 0xffffffff;

function malformed(detail: string): never {
  throw new ZipRefused('malformed', detail);
}

function endRecordOffset(bytes: Buffer): number {
  const earliest = Math.max(0, bytes.length - END_RECORD_BYTES - MAX_COMMENT_BYTES);
  for (let offset = bytes.length - END_RECORD_BYTES; offset >= earliest; offset -= 1) {
    if (bytes.readUInt32LE(offset) === END_OF_CENTRAL_DIRECTORY) return offset;
  }
  return malformed('no end of central directory');
}

/**
 * The zip's parts as its central directory lists them, after checking that the directory
 * and the local headers agree, that the parts lie back to back from the first byte, and
 * that no part, nor all of them together, declares more than the limits.
 */
export function listZipEntries(bytes: Buffer, limits: ZipLimits): ZipEntry[] {
  if (bytes.length < END_RECORD_BYTES) malformed('too short');
  const end = endRecordOffset(bytes);
  const count = bytes.readUInt16LE(end + 10);
  const directorySize = bytes.readUInt32LE(end + 12);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || directoryOffset === ZIP64_MARKER) malformed('zip64 is not an .xlsx we read');
  if (count > limits.maxEntries) throw new ZipRefused('too-large', `${count} parts`);
  if (directoryOffset + directorySize > end) malformed('central directory overlaps its end record');

  const entries: ZipEntry[] = [];
  let total = 0;
  let cursor = directoryOffset;
  let expectedLocal = 0;
  for (let index = 0; index < count; index += 1) {
    if (cursor + 46 > end || bytes.readUInt32LE(cursor) !== CENTRAL_FILE_HEADER) malformed('bad central header');
    const flags = bytes.readUInt16LE(cursor + 8);
    const method = bytes.readUInt16LE(cursor + 10);
    const compressedSize = bytes.readUInt32LE(cursor + 20);
    const uncompressedSize = bytes.readUInt32LE(cursor + 24);
    const nameLength = bytes.readUInt16LE(cursor + 28);
    const extraLength = bytes.readUInt16LE(cursor + 30);
    const commentLength = bytes.readUInt16LE(cursor + 32);
    const localOffset = bytes.readUInt32LE(cursor + 42);
    const name = bytes.toString('utf8', cursor + 46, cursor + 46 + nameLength);
    cursor += 46 + nameLength + extraLength + commentLength;

    if (flags & 0x1) malformed('encrypted part');
    if (method !== 0 && method !== 8) malformed(`compression method ${method}`);
    if (compressedSize === ZIP64_MARKER || uncompressedSize === ZIP64_MARKER) malformed('zip64 part');
    if (method === 0 && compressedSize !== uncompressedSize) malformed('stored part with two sizes');
    if (uncompressedSize > limits.maxEntryBytes)
      throw new ZipRefused('too-large', `${name} declares ${uncompressedSize}`);
    total += uncompressedSize;
    if (total > limits.maxTotalBytes) throw new ZipRefused('too-large', `parts declare ${total}`);

    // The local header must sit where the previous part ended (allowing its data descriptor),
    // name the same part, and be followed by exactly the compressed bytes the directory counts.
    if (localOffset < expectedLocal || localOffset > expectedLocal + MAX_DATA_DESCRIPTOR_BYTES) {
      malformed(`${name} is not where the previous part ended`);
    }
    if (localOffset + 30 > directoryOffset || bytes.readUInt32LE(localOffset) !== LOCAL_FILE_HEADER) {
      malformed(`${name} has no local header`);
    }
    const localNameLength = bytes.readUInt16LE(localOffset + 26);
    const localExtraLength = bytes.readUInt16LE(localOffset + 28);
    const localName = bytes.toString('utf8', localOffset + 30, localOffset + 30 + localNameLength);
    if (localName !== name) malformed(`local header names ${localName}, directory ${name}`);
    const dataOffset = localOffset + 30 + localNameLength + localExtraLength;
    if (dataOffset + compressedSize > directoryOffset) malformed(`${name} runs into the directory`);
    expectedLocal = dataOffset + compressedSize;
    entries.push({ name, method, compressedSize, uncompressedSize, dataOffset });
  }
  if (cursor !== directoryOffset + directorySize) malformed('central directory size disagrees');
  if (directoryOffset < expectedLocal || directoryOffset > expectedLocal + MAX_DATA_DESCRIPTOR_BYTES) {
    malformed('bytes between the last part and the directory');
  }
  return entries;
}

/**
 * A part's bytes as they inflate, chunk by chunk. Stops with `ZipRefused` as soon as the
 * part gives more than it declared (a lying header), or ends short or unfinished.
 */
export async function* inflateEntry(bytes: Buffer, entry: ZipEntry): AsyncGenerator<Buffer> {
  const data = bytes.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
  if (entry.method === 0) {
    yield data;
    return;
  }
  const inflater = createInflateRaw({ chunkSize: 64 * 1024 });
  let produced = 0;
  let finished = false;
  inflater.end(data);
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      produced += chunk.length;
      if (produced > entry.uncompressedSize) {
        throw new ZipRefused('too-large', `${entry.name} inflates past its declared ${entry.uncompressedSize}`);
      }
      yield chunk;
    }
    finished = true;
  } catch (error) {
    if (error instanceof ZipRefused) throw error;
    malformed(`${entry.name} does not inflate`);
  } finally {
    if (!finished) inflater.destroy();
  }
  if (produced !== entry.uncompressedSize) malformed(`${entry.name} inflates short of its declared size`);
}
