import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { mailOutbox } from './mail-schema';
import { bounceAddressOf, messageIdOf } from './mail-ids';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** One mail as it leaves: plain text, Chinese, UTF-8. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  attachments?: readonly MailAttachment[];
  /** Extra headers, e.g. List-Unsubscribe on a reminder. */
  headers?: Readonly<Record<string, string>>;
  /** The `mails` row it is: gives the mail its own Message-ID (and VERP sender) so a late bounce names it. */
  mailId?: number;
}

/** How mails are marked for their bounces (src/mail/mail-ids.ts): the secret of the proof, and whether to use VERP. */
export interface BounceMarks {
  secret: string;
  verp: boolean;
}

/** Where mail goes. The SMTP server in production; the outbox in development; nothing else in the API knows which. */
export interface MailTransport {
  readonly name: 'smtp' | 'outbox';
  /** Resolves once the server accepted the mail for delivery; rejects with a MailSendError when it did not. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * The server did not take a mail. `permanent`: a 5xx answer (no such mailbox, refused
 * sender), so trying again would not help; otherwise (4xx, connection refused, time-out) the
 * job tries again later. The message is the server's own words, kept on the mail's row.
 */
export class MailSendError extends Error {
  override name = 'MailSendError';
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** How long a connection or an answer may take before the attempt counts as failed. */
const SMTP_TIMEOUT_MS = 30_000;
/** What of a server's answer is kept on the row. */
const ERROR_TEXT_LIMIT = 500;

interface SmtpFailure {
  responseCode?: number;
  response?: string;
  code?: string;
  message?: string;
}

/** A nodemailer error as a MailSendError: 5xx is permanent, the rest is worth another try. */
export function mailSendErrorOf(error: unknown): MailSendError {
  const failure = (typeof error === 'object' && error !== null ? error : {}) as SmtpFailure;
  const words = failure.response ?? failure.message ?? String(error);
  const code = failure.responseCode;
  const prefix = code !== undefined ? '' : failure.code ? `${failure.code}: ` : '';
  return new MailSendError(`${prefix}${words}`.slice(0, ERROR_TEXT_LIMIT), code !== undefined && code >= 500);
}

/** `SMTP_URL` through nodemailer; each mail from `from` (`MAIL_FROM`), marked for its bounces when `marks` is given. */
export function smtpMailTransport(smtpUrl: string, from: string, marks?: BounceMarks): MailTransport {
  const transporter = nodemailer.createTransport(
    {
      url: smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    },
    { from },
  );
  return {
    name: 'smtp',
    async send(mail) {
      try {
        const marked = marks && mail.mailId !== undefined ? { secret: marks.secret, id: mail.mailId } : null;
        await transporter.sendMail({
          ...(marked ? { messageId: messageIdOf(marked.secret, marked.id, from) } : {}),
          ...(marked && marks?.verp
            ? { envelope: { from: bounceAddressOf(marked.secret, marked.id, from), to: mail.to } }
            : {}),
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          headers: mail.headers ? { ...mail.headers } : undefined,
          attachments: mail.attachments?.map((file) => ({ ...file })),
        });
      } catch (error) {
        throw mailSendErrorOf(error);
      }
    },
    close() {
      transporter.close();
    },
  };
}

/**
 * Development, tests and a declared staging site: the mail goes to the `mail_outbox` table,
 * read back at GET /dev/mail-outbox (registered only then).
 */
export function outboxMailTransport(db: Database, clock: Clock, log: FastifyBaseLogger): MailTransport {
  return {
    name: 'outbox',
    async send(mail) {
      log.info({ to: mail.to }, 'mail written to the development outbox (GET /dev/mail-outbox)');
      await db.insert(mailOutbox).values({
        recipient: mail.to,
        subject: mail.subject,
        body: mail.text,
        attachments: (mail.attachments ?? []).map((file) => file.filename).join(','),
        sentAt: clock.now(),
      });
    },
    close() {},
  };
}

/** Production without a mail server (start-up refuses that; only hand-built apps reach it): every mail fails, recorded. */
export function unconfiguredMailTransport(): MailTransport {
  return {
    name: 'smtp',
    async send() {
      throw new MailSendError('没有配置发信服务器（SMTP_URL）', false);
    },
    close() {},
  };
}

/** The transport the configuration names. */
export function mailTransportFromConfig(
  settings: {
    smtpUrl: string | undefined;
    mailFrom: string | undefined;
    outboxAllowed: boolean;
    mediaUrlSecret: string;
    mailBounceVerp: boolean;
  },
  db: Database,
  clock: Clock,
  log: FastifyBaseLogger,
): MailTransport {
  if (settings.smtpUrl !== undefined && settings.mailFrom !== undefined)
    return smtpMailTransport(settings.smtpUrl, settings.mailFrom, {
      secret: settings.mediaUrlSecret,
      verp: settings.mailBounceVerp,
    });
  return settings.outboxAllowed ? outboxMailTransport(db, clock, log) : unconfiguredMailTransport();
}
