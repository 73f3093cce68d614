import './zod-setup';
import { z } from 'zod';
import { adminPageFields as pageFields, adminTimeText as timeText } from './admin-lists';
import { AUDIT_ACTOR_KINDS } from './audit-fields';
import { defineEndpoint } from './endpoint';
import * as auditLogRoutes from './routes/audit-log';

/**
 * 操作日志 in the console (issue 18, permission `audit.read`): the audit trail, filtered, a
 * page at a time or read whole by cursor for the CSV export. GET /v1/admin/audit is a stable
 * name for automation. Conventions of all console calls: admin-lists.ts.
 */

export const auditListRequestSchema = z.strictObject({
  ...pageFields,
  /** The staff member's user name, exactly. */
  actor: z.string().trim().max(64).optional(),
  /** The action's name, exactly (e.g. staff.create). */
  action: z.string().trim().max(64).optional(),
  /** Part of the target (e.g. an order number or an ID number). */
  target: z.string().trim().max(64).optional(),
  /** Days, 'YYYY-MM-DD', Beijing time, both included. */
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  /**
   * A cursor for reading the whole match (the CSV export): the records after this one in the
   * list's order (newest first), instead of `page`. Records written meanwhile are newer, so
   * they neither repeat nor push a record out of the pages, as offsets would.
   */
  before_id: z.number().int().min(1).optional(),
});
export type AuditListRequest = z.input<typeof auditListRequestSchema>;

export const auditRecordSchema = z.object({
  id: z.number().int(),
  time: timeText,
  actor: z.string(),
  actor_kind: z.enum(AUDIT_ACTOR_KINDS),
  actor_name: z.string().nullable(),
  roles: z.array(z.string()),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

export const auditListResponseSchema = z.object({ total: z.number().int(), list: z.array(auditRecordSchema) });
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

export const auditLogEndpoints = {
  audit: defineEndpoint({
    ...auditLogRoutes.audit,
    request: auditListRequestSchema,
    response: auditListResponseSchema,
  }),
};
