import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import * as releaseAdminRoutes from './routes/releases-admin';
import { REMOTE_KEY_PATTERN, VERSION_PATTERN } from './release-manifest';

/**
 * The staff console's 发布管理 page (issues 17 and 18): what `npm run release -- status` and
 * `history` show, and pin, rollback, canary and promote, for staff whose roles grant
 * `releases.manage`. Each move needs a reason; the registry records it under the staff
 * member's name, and the audit log records it like every staff change.
 */

export const RELEASE_ENVIRONMENTS = ['production', 'staging'] as const;
export type ReleaseEnvironment = (typeof RELEASE_ENVIRONMENTS)[number];
export const RELEASE_ENVIRONMENT_NAMES: Readonly<Record<ReleaseEnvironment, string>> = {
  production: '生产环境',
  staging: '预发布环境',
};

export const RELEASE_REASON_MAX_LENGTH = 200;
export const CANARY_PERCENT_MIN = 1;
export const CANARY_PERCENT_MAX = 99;

export const RELEASE_ADMIN_MESSAGES = {
  remoteInvalid: '远程模块名称不合法',
  versionInvalid: '版本号不合法',
  reasonRequired: '请填写原因',
  reasonTooLong: `原因不超过${RELEASE_REASON_MAX_LENGTH}字`,
  percentInvalid: `灰度比例须为 ${CANARY_PERCENT_MIN}–${CANARY_PERCENT_MAX} 的整数`,
  environmentInvalid: '环境须为 production 或 staging',
} as const;

const M = RELEASE_ADMIN_MESSAGES;

const remote = z.string({ error: M.remoteInvalid }).regex(REMOTE_KEY_PATTERN, { error: M.remoteInvalid });
const version = z.string({ error: M.versionInvalid }).regex(VERSION_PATTERN, { error: M.versionInvalid });
const env = z.enum(RELEASE_ENVIRONMENTS, { error: M.environmentInvalid }).default('production');
const reason = z
  .string({ error: M.reasonRequired })
  .trim()
  .min(1, { error: M.reasonRequired })
  .max(RELEASE_REASON_MAX_LENGTH, { error: M.reasonTooLong });

export const versionHealthSchema = z.object({
  version: z.string(),
  loads: z.number().int(),
  failures: z.number().int(),
  /** failures / loads (0 to 1), 0 with no loads. */
  failureRate: z.number(),
});
export type VersionHealth = z.infer<typeof versionHealthSchema>;

export const remoteReleaseStatusSchema = z.object({
  remote: z.string(),
  section: z.string(),
  federationName: z.string(),
  pinned: z.string().nullable(),
  canary: z.object({ version: z.string(), percent: z.number().int() }).nullable(),
  /** Published versions, oldest first. */
  versions: z.array(z.string()),
  health: z.array(versionHealthSchema),
  /** The version 回滚 goes back to; null when no earlier pin exists (the page offers no 回滚). */
  rollbackTo: z.string().nullable(),
});
export type RemoteReleaseStatus = z.infer<typeof remoteReleaseStatusSchema>;

export const releaseStatusSchema = z.object({
  environment: z.enum(RELEASE_ENVIRONMENTS),
  remotes: z.array(remoteReleaseStatusSchema),
});
export type ReleaseStatus = z.infer<typeof releaseStatusSchema>;

export const releaseHistoryLineSchema = z.object({
  /** ISO time. */
  at: z.string(),
  environment: z.string(),
  /** pin, rollback, canary, promote, canary-end, auto-rollback. */
  action: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  actor: z.string(),
  reason: z.string(),
});
export type ReleaseHistoryLine = z.infer<typeof releaseHistoryLineSchema>;

/** What a move did: the pin (from → to) or the canary started. */
export const releaseMoveResultSchema = z.object({
  environment: z.string(),
  remote: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  percent: z.number().int().optional(),
  /** True when exactly this canary was already running: nothing changed. */
  unchanged: z.boolean().optional(),
});
export type ReleaseMoveResult = z.infer<typeof releaseMoveResultSchema>;

export const releasePinRequestSchema = z.strictObject({ remote, version, env, reason });
export type ReleasePinRequest = z.input<typeof releasePinRequestSchema>;
export const releaseRollbackRequestSchema = z.strictObject({ remote, env, reason });
export type ReleaseRollbackRequest = z.input<typeof releaseRollbackRequestSchema>;
export const releaseCanaryRequestSchema = z.strictObject({
  remote,
  version,
  percent: z
    .number({ error: M.percentInvalid })
    .int({ error: M.percentInvalid })
    .min(CANARY_PERCENT_MIN, { error: M.percentInvalid })
    .max(CANARY_PERCENT_MAX, { error: M.percentInvalid }),
  env,
  reason,
});
export type ReleaseCanaryRequest = z.input<typeof releaseCanaryRequestSchema>;
export const releasePromoteRequestSchema = z.strictObject({ remote, env, reason });
export const releaseCanaryEndRequestSchema = z.strictObject({ remote, env, reason });
export type ReleaseCanaryEndRequest = z.input<typeof releaseCanaryEndRequestSchema>;
export type ReleasePromoteRequest = z.input<typeof releasePromoteRequestSchema>;

export const releaseAdminEndpoints = {
  status: defineEndpoint({
    ...releaseAdminRoutes.status,
    request: z.strictObject({ env }),
    response: releaseStatusSchema,
  }),
  history: defineEndpoint({
    ...releaseAdminRoutes.history,
    request: z.strictObject({ remote }),
    response: z.object({ remote: z.string(), history: z.array(releaseHistoryLineSchema) }),
  }),
  pin: defineEndpoint({
    ...releaseAdminRoutes.pin,
    request: releasePinRequestSchema,
    response: releaseMoveResultSchema,
  }),
  rollback: defineEndpoint({
    ...releaseAdminRoutes.rollback,
    request: releaseRollbackRequestSchema,
    response: releaseMoveResultSchema,
  }),
  canary: defineEndpoint({
    ...releaseAdminRoutes.canary,
    request: releaseCanaryRequestSchema,
    response: releaseMoveResultSchema,
  }),
  promote: defineEndpoint({
    ...releaseAdminRoutes.promote,
    request: releasePromoteRequestSchema,
    response: releaseMoveResultSchema,
  }),
  /** 结束灰度: every visitor is back on the pin; the canary version stays published. */
  canaryEnd: defineEndpoint({
    ...releaseAdminRoutes.canaryEnd,
    request: releaseCanaryEndRequestSchema,
    response: releaseMoveResultSchema,
  }),
};
