import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { articleRequestSchema } from '@yaoshi/contracts/content';
import { encodeData, formEncode } from '@yaoshi/envelope/envelope';
import { MESSAGES } from '../messages';
import { ApiError } from './api-error';
import { toApiError } from './fastify-errors';
import { nonceExpiry, NONCE_RETENTION_MS } from './nonce-store';
import { dataFieldOf, payloadFromData, queryStringOf } from './request-data';
import { validatePayload } from './validate-payload';

/** The pure pieces of the envelope pipeline; the HTTP behaviour is in envelope.test.ts. */

function refusal(fn: () => unknown): { code: number; message: string } {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof ApiError, String(error));
    return { code: error.code, message: error.message };
  }
  assert.fail('expected a refusal');
}

test('the data field comes back exactly as the client encoded it', () => {
  const data = encodeData({ reason: '课程 重复+购买 & 退款=是', n: 1 });
  assert.equal(dataFieldOf(formEncode(data)), data);
  assert.equal(dataFieldOf(queryStringOf(`/v1/x?${formEncode(data)}`)), data);
  assert.equal(queryStringOf('/v1/x'), '');
  assert.equal(dataFieldOf(''), null);
  assert.equal(dataFieldOf('data=1&data=2'), null);
});

test('payloads must be JSON objects; the client identity is dropped', () => {
  assert.deepEqual(payloadFromData(encodeData({ catid: 1 })), { catid: 1 });
  for (const text of [null, '', '{', '[]', '"x"', '1', 'null', `${'['.repeat(100_000)}`]) {
    assert.deepEqual(
      refusal(() => payloadFromData(text)),
      { code: 400, message: MESSAGES.payloadMalformed },
      String(text).slice(0, 20),
    );
  }
});

test('validation names the field, choosing the closest shape of a union', () => {
  assert.deepEqual(validatePayload(articleRequestSchema, { catid: '3' }), { catid: 3, limit: 10, page: 1 });
  const field = (payload: unknown) => refusal(() => validatePayload(articleRequestSchema, payload)).message;
  assert.equal(field({ catid: 'x' }), MESSAGES.payloadInvalid('catid'));
  assert.equal(field({ postid: 'x' }), MESSAGES.payloadInvalid('postid'));
  assert.equal(field({ catid: 1, a: 1, b: 2 }), MESSAGES.payloadInvalid('a, b'));
  const nested = z.strictObject({ invoice: z.strictObject({ title: z.string() }) });
  assert.equal(
    refusal(() => validatePayload(nested, { invoice: { title: 1 } })).message,
    MESSAGES.payloadInvalid('invoice.title'),
  );
});

test("Fastify's own errors become 4xx envelopes; only the unknown is a 500", () => {
  const fastifyError = (code: string, statusCode: number) => Object.assign(new Error(code), { code, statusCode });
  assert.equal(toApiError(fastifyError('FST_ERR_CTP_BODY_TOO_LARGE', 413)).code, 413);
  assert.equal(toApiError(fastifyError('FST_ERR_CTP_BODY_TOO_LARGE', 413)).message, MESSAGES.payloadTooLarge);
  assert.equal(toApiError(fastifyError('FST_ERR_CTP_INVALID_MEDIA_TYPE', 415)).code, 415);
  assert.equal(toApiError(fastifyError('FST_ERR_CTP_INVALID_CONTENT_LENGTH', 400)).code, 400);
  assert.equal(toApiError(fastifyError('FST_ERR_CTP_EMPTY_JSON_BODY', 400)).code, 400);
  assert.equal(toApiError(fastifyError('SOMETHING', 418)).code, 400);
  assert.equal(toApiError(new TypeError('x is undefined')).code, 500);
  assert.equal(toApiError('thrown string').code, 500);
  const own = new ApiError(404, MESSAGES.articleNotFound);
  assert.equal(toApiError(own), own);
});

test('a nonce is kept for as long as its request could be replayed', () => {
  assert.equal(nonceExpiry(1_000).getTime(), 1_000 + NONCE_RETENTION_MS);
});
