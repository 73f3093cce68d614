/**
 * The mail settings (issue 37): `SMTP_URL` (the association's mail server, e.g.
 * `smtps://user:password@smtp.example.org:465`) and `MAIL_FROM` (the sender). Without
 * `SMTP_URL`, mail goes to the development outbox (GET /dev/mail-outbox), which production
 * refuses except on a staging site declared with STAGING_SANDBOX=allow, as the SMS outbox.
 * Read by config.ts; this file imports nothing of it, so the settings are plain fields here.
 */
export interface MailSettings {
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  stagingSandbox: boolean;
}

export const SMTP_URL_PATTERN = /^smtps?:\/\/\S+$/;

/** Outside production, or on a declared staging site, with no mail server named. */
export function mailOutboxAllowed(
  settings: MailSettings | Omit<MailSettings, 'mailFrom'>,
  production: boolean,
): boolean {
  return settings.smtpUrl === undefined && (!production || settings.stagingSandbox);
}

/** Production only: the outbox in place of a mail server. */
export function mailProductionProblems(settings: Omit<MailSettings, 'mailFrom'>): string[] {
  if (settings.smtpUrl !== undefined || settings.stagingSandbox) return [];
  return [
    "SMTP_URL is unset, so mail would go to the development mail outbox: invoices and reminders would reach no one and be readable at /dev/mail-outbox. Set SMTP_URL and MAIL_FROM to the association's mail server, or set STAGING_SANDBOX=allow on a staging site.",
  ];
}

/** Anywhere: a mail server without a sender cannot send. */
export function mailConfigProblems(settings: Pick<MailSettings, 'smtpUrl' | 'mailFrom'>): string[] {
  if (settings.smtpUrl === undefined || settings.mailFrom !== undefined) return [];
  return [
    'SMTP_URL is set without MAIL_FROM: set the sender of every mail, e.g. MAIL_FROM="省药师协会 <noreply@example.org>".',
  ];
}

/** `BOUNCE_IMAP_URL`: the site mailbox over IMAP, `imaps://` (TLS on connect, 993) or `imap://` (STARTTLS if offered). */
export const BOUNCE_IMAP_URL_PATTERN = /^imaps?:\/\/\S+$/;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Production only: the mailbox's 授权码 (the same as SMTP_URL's) must not cross the network in
 * the clear, as the SMS gateways' keys do not: plain `imap://` only on loopback (a local relay).
 */
export function bounceProductionProblems(bounceImapUrl: string | undefined): string[] {
  if (bounceImapUrl === undefined) return [];
  let url: URL;
  try {
    url = new URL(bounceImapUrl);
  } catch {
    return ['BOUNCE_IMAP_URL is not a URL: write it as imaps://user:授权码@imap.example.org:993.'];
  }
  if (url.protocol === 'imaps:' || LOOPBACK.has(url.hostname)) return [];
  return [
    `BOUNCE_IMAP_URL must be imaps:// in production (plain imap:// only on loopback): the mailbox's password would cross the network in the clear. Use imaps://…@${url.hostname}:993.`,
  ];
}
