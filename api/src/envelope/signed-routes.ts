import type { FastifyInstance, FastifyReply, FastifyRequest, LogLevel } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '@yaoshi/contracts/endpoint';
import { ADMIN_MESSAGES, STAFF_PATHS_BEFORE_PASSWORD_CHANGE } from '@yaoshi/contracts/staff-admin';
import { verifySignature, type SignatureFailure } from '@yaoshi/envelope/verify';
import type { Clock } from '../clock';
import { signSecrets, type Config } from '../config';
import { MESSAGES } from '../messages';
import { bearerToken, type Principal, type StaffAuthenticator, type StaffPrincipal } from '../auth/authenticator';
import { ApiError, refusedRequest, unauthorized } from './api-error';
import { toApiError } from './fastify-errors';
import type { RequestGate } from './request-gate';
import { dataFieldOf, payloadFromData, queryStringOf } from './request-data';
import { validatePayload } from './validate-payload';

/**
 * Every /v1 route goes through one pipeline, in this order, and nothing of a route runs
 * until all of it has passed:
 *
 *   1. read the exact `data` text (query string for GET, form body for POST);
 *   2. verify the signature over it (spec 01 §7) — unknown app, missing headers, bad
 *      signature or a timestamp more than 5 minutes off are refused;
 *   3. record the nonce in the database — a nonce seen before is refused;
 *   4. for `auth: true` contracts, resolve the bearer token (issue 3);
 *   5. JSON-parse `data`, require an object, drop apptype/appversion, and validate the
 *      payload strictly against the contract;
 *   6. run the handler and answer `{ code: 200, message, data }`, the data checked
 *      against the contract's response schema so nothing undeclared leaks out.
 *
 * Every refusal is `{ code, message, data: null }` with the HTTP status equal to code.
 */

/** Face photos of about 2 MB arrive later as base64 (≈ 2.7 MB) inside `data`. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** What the pipeline itself reads; each feature's routes receive the whole app context (`app-deps.ts`). */
export interface PipelineDeps {
  clock: Clock;
  config: Config;
  /** Records each request's nonce and resolves its bearer token (steps 3 and 4). */
  gate: RequestGate;
  /** Resolves a staff token for `auth: 'staff'` contracts (step 4 of the staff console's calls). */
  staffAuthenticator: StaffAuthenticator;
}

export interface EndpointContext<Req extends z.ZodType> {
  payload: z.output<Req>;
  /** The signed-in learner; never null for a contract with `auth: true`. */
  principal: Principal | null;
  /** The signed-in staff member; never null for a contract with `auth: 'staff'`. */
  staff: StaffPrincipal | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type EndpointHandler<Req extends z.ZodType, Res extends z.ZodType> = (
  context: EndpointContext<Req>,
) => Promise<z.input<Res>>;

export interface EndpointOptions {
  /**
   * The level of Fastify's two request lines (incoming, completed) for this route. Calls
   * every browser repeats every few seconds use `warn`, so that at the default `info` they
   * do not make up most of the log; their errors are still logged.
   */
  logLevel?: LogLevel;
  /**
   * When this says so, the route answers 503 with `Retry-After` (seconds) before anything
   * else, the signature and nonce checks included: a flood meets a full pool for the price
   * of an HTTP parse. A 503 reveals nothing and changes nothing.
   */
  shedLoad?: () => { message: string; retryAfterSeconds: number } | null;
}

export interface EndpointRegistrar {
  add<Req extends z.ZodType, Res extends z.ZodType>(
    endpoint: Endpoint<Req, Res>,
    handler: EndpointHandler<Req, Res>,
    options?: EndpointOptions,
  ): void;
}

/** A feature's routes, given the app's context (`AppDeps` in `app-deps.ts`). */
export type RouteModule<Deps extends PipelineDeps> = (api: EndpointRegistrar, deps: Deps) => void;

const SIGNATURE_MESSAGES: Record<SignatureFailure, string> = {
  'missing-headers': MESSAGES.signatureMissing,
  'unknown-app': MESSAGES.unknownApp,
  'stale-timestamp': MESSAGES.requestExpired,
  'bad-signature': MESSAGES.signatureInvalid,
};

export function sendEnvelope(reply: FastifyReply, code: number, message: string, data: unknown): FastifyReply {
  return reply.code(code).header('cache-control', 'no-store').send({ code, message, data });
}

function rawDataText(request: FastifyRequest): string | null {
  if (request.method === 'GET') return dataFieldOf(queryStringOf(request.url));
  return typeof request.body === 'string' ? dataFieldOf(request.body) : null;
}

interface Pipeline {
  secrets: ReadonlyMap<string, string>;
  deps: PipelineDeps;
}

function routeHandler<Req extends z.ZodType, Res extends z.ZodType>(
  pipeline: Pipeline,
  endpoint: Endpoint<Req, Res>,
  handler: EndpointHandler<Req, Res>,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const dataText = rawDataText(request);
    // A missing `data` is checked as the empty text: a request that signed nothing but
    // its headers is still authentic, and then fails as malformed below.
    const signature = verifySignature(request.headers, dataText ?? '', {
      secrets: pipeline.secrets,
      now: pipeline.deps.clock.nowMs(),
    });
    if (!signature.ok) throw refusedRequest(SIGNATURE_MESSAGES[signature.reason]);
    // Only a signed-in contract looks its token up; the others ignore one if sent. A
    // learner's token is looked up among learners' sessions only, a staff token among
    // staff sessions only, so neither opens the other's endpoints.
    const learnerAuth = endpoint.auth === true;
    const staffAuth = endpoint.auth === 'staff';
    const token = learnerAuth || staffAuth ? bearerToken(request.headers.authorization) : null;
    const admission = await pipeline.deps.gate.admit(signature, learnerAuth ? token : null);
    if (!admission.fresh) throw refusedRequest(MESSAGES.requestReplayed);
    const principal = learnerAuth ? admission.principal : null;
    if (learnerAuth && principal === null) throw unauthorized(MESSAGES.loginRequired);
    let staff: StaffPrincipal | null = null;
    if (staffAuth) {
      staff = token === null || token.length > 200 ? null : await pipeline.deps.staffAuthenticator.authenticate(token);
      if (staff === null) throw unauthorized(MESSAGES.staffLoginRequired);
      if (staff.mustChangePassword && !STAFF_PATHS_BEFORE_PASSWORD_CHANGE.has(endpoint.path))
        throw new ApiError(403, ADMIN_MESSAGES.passwordChangeRequired);
      if (endpoint.permission !== undefined && !staff.permissions.has(endpoint.permission))
        throw new ApiError(403, MESSAGES.staffForbidden);
    }
    const payload = validatePayload(endpoint.request, payloadFromData(dataText));
    const data: unknown = await handler({ payload, principal, staff, request, reply });
    return sendEnvelope(reply, 200, MESSAGES.success, endpoint.response.parse(data));
  };
}

const V1_PREFIX = '/v1';

/**
 * Registers the /v1 scope on `app`: its own body parser, error handler and 404, so the
 * site served beside it (deploy/) keeps Fastify's defaults or sets its own.
 */
export function registerSignedRoutes<Deps extends PipelineDeps>(
  app: FastifyInstance,
  deps: Deps,
  modules: readonly RouteModule<Deps>[],
): void {
  app.register(
    async (scope) => {
      // Only the envelope's form body is accepted: JSON, text or multipart bodies get 415
      // before any of their bytes are read.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        FORM_CONTENT_TYPE,
        { parseAs: 'string', bodyLimit: MAX_BODY_BYTES },
        (_request, body, done) => {
          // Kept as text: the signature covers these exact bytes.
          done(null, body);
        },
      );

      scope.setErrorHandler((error, request, reply) => {
        const apiError = toApiError(error);
        // A 503 (database away, login pool full) is expected under load and said once elsewhere; only a bug is an error.
        if (apiError.code === 500) request.log.error({ err: error }, 'unexpected error in /v1 route');
        else request.log.debug({ err: error }, 'request refused');
        if (apiError.retryAfterSeconds !== undefined)
          void reply.header('retry-after', String(apiError.retryAfterSeconds));
        return sendEnvelope(reply, apiError.code, apiError.message, null);
      });
      scope.setNotFoundHandler((_request, reply) => sendEnvelope(reply, 404, MESSAGES.notFound, null));

      const pipeline: Pipeline = { secrets: signSecrets(deps.config), deps };
      const registrar: EndpointRegistrar = {
        add(endpoint, handler, options = {}) {
          scope.route({
            ...(options.logLevel ? { logLevel: options.logLevel } : {}),
            ...(options.shedLoad
              ? {
                  onRequest: (_request: FastifyRequest, reply: FastifyReply, done: () => void) => {
                    const shed = options.shedLoad?.();
                    if (shed)
                      sendEnvelope(
                        reply.header('retry-after', String(shed.retryAfterSeconds)),
                        503,
                        shed.message,
                        null,
                      );
                    else done();
                  },
                }
              : {}),
            method: endpoint.method,
            url: endpoint.path.slice(V1_PREFIX.length),
            bodyLimit: MAX_BODY_BYTES,
            // A HEAD would be signed and consume a nonce for nothing.
            exposeHeadRoute: false,
            // Read by the route table (tests that cover every route), not by the pipeline.
            config: { requestSchema: endpoint.request, auth: endpoint.auth },
            handler: routeHandler(pipeline, endpoint, handler),
          });
        },
      };
      for (const module of modules) module(registrar, deps);
    },
    { prefix: V1_PREFIX },
  );
}
