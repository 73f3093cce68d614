import type { CertificateVerification } from '@yaoshi/contracts/certificates';

/**
 * /verify?no=… server-rendered counts one lookup against the visitor's limit (the server's
 * query, deploy/src/public-pages). Its answer goes into the page as JSON, and the browser's
 * page takes it from there instead of asking the API again: one view, one lookup.
 */
export const SERVER_ANSWER_ID = 'verify-server-answer';

interface ServerAnswer {
  no: string;
  result: CertificateVerification;
}

/** The JSON of the answer, safe inside a `<script type="application/json">` (no `<` to end it early). */
export function serverAnswerJson(no: string, result: CertificateVerification): string {
  return JSON.stringify({ no, result } satisfies ServerAnswer)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

let kept: ServerAnswer | null | undefined;

/**
 * The server's answer for `no`, if the page came with one: read once from the document (the
 * server's markup is replaced at the takeover), then kept for the page's life.
 */
export function serverAnswerFor(
  no: string,
  doc: Document | undefined = globalThis.document,
): CertificateVerification | undefined {
  if (kept === undefined) {
    kept = null;
    const text = doc?.getElementById(SERVER_ANSWER_ID)?.textContent;
    if (text) {
      try {
        const parsed = JSON.parse(text) as Partial<ServerAnswer>;
        if (typeof parsed.no === 'string' && parsed.result) kept = { no: parsed.no, result: parsed.result };
      } catch {
        kept = null;
      }
    }
  }
  return kept && kept.no === no ? kept.result : undefined;
}

/** Tests: forget what was read. */
export function forgetServerAnswer(): void {
  kept = undefined;
}
