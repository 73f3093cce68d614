import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { stdSerializers, type DestinationStream, type LoggerOptions } from 'pino';

/**
 * The logger's configuration, in one place: JSON lines (pino), each request's lines tagged
 * with its request id (`reqId`), and nothing a log reader must not see. Logs travel to
 * places with weaker protection than the database (files, collectors, support tickets), so
 * passwords, SMS codes, tokens, ID-card numbers and full phone numbers never reach them:
 *   - known fields are redacted wherever a log call puts them (REDACTED_PATHS); phone
 *     numbers keep their first 3 and last 4 digits so support can still match a complaint;
 *   - the request line's URL keeps its query names but not their values: GET calls carry the
 *     whole payload in `?data=` (spec 01 §7), and media links carry signatures;
 *   - request headers are not logged at all (Authorization, X-Sign);
 *   - database errors lose the statement parameters and the `detail` that echo values.
 */

export const REQUEST_ID_HEADER = 'x-request-id';

/** Field names that hold secrets or personal identifiers, at the top of a log object or one level down. */
const SENSITIVE_FIELDS = [
  'password',
  'confirm_password',
  'old_password',
  'new_password',
  'vcode',
  'smsCode',
  'code',
  'text',
  'token',
  'authorization',
  'idNumber',
  'id_number',
  'idcard',
  'username',
  'phone',
  'mobile',
  'data',
] as const;

export const REDACTED_PATHS: readonly string[] = [
  ...SENSITIVE_FIELDS,
  ...SENSITIVE_FIELDS.filter((field) => field !== 'code').map((field) => `*.${field}`),
  'req.headers',
];

export const REDACTED = '[REDACTED]';
const PHONE = /^1\d{10}$/;

/** Phone numbers become 138****5678; anything else under a sensitive name is removed. */
export function censor(value: unknown): unknown {
  if (typeof value === 'string' && PHONE.test(value)) return `${value.slice(0, 3)}****${value.slice(-4)}`;
  return REDACTED;
}

/** `/v1/vcode?data=%7B...%7D` → `/v1/vcode?data=[REDACTED]`: names kept, values gone. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const names = url
    .slice(question + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0] ?? ''}=${REDACTED}`);
  return `${url.slice(0, question)}?${names.join('&')}`;
}

/** ID-card numbers (18 characters) and mainland mobile numbers anywhere in free text. */
const IN_TEXT = /(?<![0-9A-Za-z])(?:\d{17}[\dXx]|1\d{10})(?![0-9A-Za-z])/g;

function scrubText(text: string): string {
  return text.replace(/\bparams: [\s\S]*$/, `params: ${REDACTED}`).replace(IN_TEXT, REDACTED);
}

type SerializedError = ReturnType<typeof stdSerializers.err> & Record<string, unknown>;

/**
 * pino's error serializer, then: drizzle's "Failed query: … params: …" message, pg's
 * `detail` ("Key (phone)=(13800001111) already exists") and any parameter list are cut.
 */
export function errorSerializer(error: Error): SerializedError {
  const serialized = stdSerializers.err(error) as SerializedError;
  for (const key of ['params', 'parameters', 'detail', 'query']) delete serialized[key];
  if (typeof serialized.message === 'string') serialized.message = scrubText(serialized.message);
  if (typeof serialized.stack === 'string') serialized.stack = scrubText(serialized.stack);
  if (serialized.cause && typeof serialized.cause === 'object') {
    const cause = serialized.cause as Record<string, unknown>;
    for (const key of ['params', 'parameters', 'detail', 'query']) delete cause[key];
    if (typeof cause.message === 'string') cause.message = scrubText(cause.message);
    if (typeof cause.stack === 'string') cause.stack = scrubText(cause.stack);
  }
  return serialized;
}

export function requestSerializer(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export function replySerializer(reply: FastifyReply): Record<string, unknown> {
  return { statusCode: reply.statusCode };
}

/** What a caller chooses about logging: level and, for tests, where lines go. */
export interface LogSettings {
  level: string;
  stream?: DestinationStream;
}

export function loggerOptions(settings: LogSettings): LoggerOptions & { stream?: DestinationStream } {
  return {
    level: settings.level,
    redact: { paths: [...REDACTED_PATHS], censor },
    serializers: { req: requestSerializer as never, res: replySerializer as never, err: errorSerializer },
    ...(settings.stream ? { stream: settings.stream } : {}),
  };
}

const PROXY_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * A request's id: the one the load balancer sent in X-Request-Id (so its access log and
 * ours share an id) when a proxy is trusted and the id is plain, else a new UUID.
 */
export function requestIdGenerator(trustProxy: unknown): (request: IncomingMessage) => string {
  return (request) => {
    const given = request.headers[REQUEST_ID_HEADER];
    if (trustProxy && typeof given === 'string' && PROXY_REQUEST_ID.test(given)) return given;
    return randomUUID();
  };
}

/** The Fastify options that carry the above. */
export function fastifyLogging(
  settings: LogSettings | false | undefined,
  trustProxy: FastifyServerOptions['trustProxy'],
): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'requestIdHeader'> {
  return {
    logger: settings ? loggerOptions(settings) : false,
    requestIdHeader: false,
    genReqId: requestIdGenerator(trustProxy),
  };
}
