/**
 * HTTP range requests for media (RFC 9110 §14): video players ask for parts of a file to
 * start and to seek. One range is served; a header with several ranges, or one this parser
 * does not understand, is ignored and the whole file is sent (which the RFC allows).
 */

export type RangeOutcome =
  { kind: 'whole' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/** The part of a `size`-byte file a `Range` header asks for; `end` is inclusive. */
export function byteRangeOf(header: string | undefined, size: number): RangeOutcome {
  if (header === undefined) return { kind: 'whole' };
  const match = SINGLE_RANGE.exec(header.trim());
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return { kind: 'whole' }; // invalid: ignored
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
}

/**
 * `If-Range`: serve the range only when the client's copy is still current (the ETag we
 * send, or the Last-Modified date); otherwise the whole file.
 */
export function ifRangeAllows(ifRange: string | undefined, etag: string, lastModified: Date): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  // Strong comparison (RFC 9110 §13.1.5): a weak tag never matches.
  if (value.startsWith('"') || value.startsWith('W/')) return !value.startsWith('W/') && value === etag;
  const date = Date.parse(value);
  return !Number.isNaN(date) && Math.floor(lastModified.getTime() / 1000) <= Math.floor(date / 1000);
}
