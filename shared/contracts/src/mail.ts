import './zod-setup';
import { z } from 'zod';
import { adminTimeText as timeText } from './admin-lists';
import { defineEndpoint } from './endpoint';
import * as mailRoutes from './routes/mail';
import { cancelOrderRequestSchema } from './orders';

/**
 * Mail (issue 37): the learner has the invoice mail sent again from 我的订单; 财务 sees, on an
 * invoice, every mail sent about it (delivered, waiting for another try, or refused with the
 * mail server's words).
 */

export const MAIL_STATUS_TEXT = {
  queued: '等待发送',
  sent: '已发送',
  failed: '发送失败',
  /** The server took it; the learner's mailbox sent it back later (a DSN read from the site's mailbox). */
  bounced: '已退信',
} as const;
export type MailStatusName = keyof typeof MAIL_STATUS_TEXT;

export const mailRowSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(['queued', 'sent', 'failed', 'bounced']),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: timeText,
  sent_at: timeText.nullable(),
});
export type MailRow = z.infer<typeof mailRowSchema>;

export const mailEndpoints = {
  /** The issued invoice's mail, sent again to the email on the request (rate-limited). */
  resendInvoiceMail: defineEndpoint({
    ...mailRoutes.resendInvoiceMail,
    request: cancelOrderRequestSchema,
    response: z.object({ to: z.string() }),
  }),
  /** Every mail about the invoice of an order, newest first. */
  invoiceMails: defineEndpoint({
    ...mailRoutes.invoiceMails,
    request: z.strictObject({ order_no: z.string().trim().min(1).max(40) }),
    response: z.object({ list: z.array(mailRowSchema) }),
  }),
};

export const DIGEST_TEXT = {
  emailInvalid: '请填写有效的邮箱',
} as const;

/** A staff member's 每日待办 mail: on with an address, or off (their own account page). */
export const staffDigestSettingSchema = z.object({ enabled: z.boolean(), email: z.string() });
export type StaffDigestSetting = z.infer<typeof staffDigestSettingSchema>;

export const staffDigestEndpoints = {
  mySetting: defineEndpoint({
    ...mailRoutes.myDigest,
    request: z.strictObject({}),
    response: staffDigestSettingSchema,
  }),
  saveMySetting: defineEndpoint({
    ...mailRoutes.saveMyDigest,
    request: z
      .strictObject({ enabled: z.boolean(), email: z.string().trim().max(100) })
      .refine((setting) => !setting.enabled || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(setting.email), {
        error: DIGEST_TEXT.emailInvalid,
        path: ['email'],
      }),
    response: staffDigestSettingSchema,
  }),
};
