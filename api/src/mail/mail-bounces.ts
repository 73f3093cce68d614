import { and, eq } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import { jobActor, writeAudit } from '../audit/audit-log';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { parseDsn, type Dsn } from './dsn';
import { mailIdOfBounceAddress, mailIdOfMessageId } from './mail-ids';
import { mails } from './mail-schema';

/**
 * Late bounces (docs/mail.md): the association's server accepted a mail, the learner's mailbox
 * did not exist, and a delivery status notification (RFC 3464) came back to the site's mailbox.
 * The `mail-bounces` job reads that mailbox's INBOX over IMAP (`BOUNCE_IMAP_URL`), takes the
 * DSNs, records each `failed` one on the mail it names (status `bounced`, the diagnostic for
 * 财务) and moves it to BOUNCE_FOLDER, so it is read once. Mail that is not a DSN stays where it is.
 */

export const MAIL_BOUNCES_JOB = 'mail-bounces';
/** Where a handled DSN goes (created when missing). */
export const BOUNCE_FOLDER = '已处理退信';
/** DSNs one run reads; the next run goes on. */
const BOUNCE_BATCH = 100;
/** What of the diagnostic is kept on the row. */
const DIAGNOSTIC_LIMIT = 300;

const actor = jobActor(MAIL_BOUNCES_JOB);

export type BounceOutcome = 'bounced' | 'ignored' | 'unknown' | 'unchanged';

/**
 * What 财务 reads: the learner's mail server's words, digit runs removed (a QQ mailbox's
 * address is digits: the words describe the refusal, not the learner).
 */
export function bounceErrorOf(dsn: Pick<Dsn, 'diagnostic' | 'status'>): string {
  const words = (dsn.diagnostic ?? '').replace(/\d+/g, '').replace(/\s+/g, ' ').trim();
  const text = words.replace(/^[\s.,;:#-]+/, '');
  return (text === '' ? `退信（${dsn.status ?? '原因未说明'}）` : `退信：${text}`).slice(0, DIAGNOSTIC_LIMIT);
}

/** The mail a DSN names by a proof we made (its Message-ID or its VERP address); null for a forgery or another's mail. */
export function mailIdOfDsn(secret: string, dsn: Dsn): number | null {
  if (dsn.messageId) {
    const id = mailIdOfMessageId(secret, dsn.messageId);
    if (id !== null) return id;
  }
  for (const address of dsn.addressedTo) {
    const id = mailIdOfBounceAddress(secret, address);
    if (id !== null) return id;
  }
  return null;
}

/**
 * Records one DSN: a `failed` one naming a sent mail makes it `bounced`, audited as the job's
 * in the same transaction. `delayed` (and any other action), a DSN naming no mail of ours, and
 * one about a mail not (or no longer) `sent` change nothing.
 */
export async function recordBounce(db: Database, clock: Clock, secret: string, dsn: Dsn): Promise<BounceOutcome> {
  if (dsn.action !== 'failed') return 'ignored';
  const mailId = mailIdOfDsn(secret, dsn);
  if (mailId === null) return 'unknown';
  const error = bounceErrorOf(dsn);
  return db.transaction(async (tx) => {
    const now = clock.now();
    const [row] = await tx
      .update(mails)
      .set({ status: 'bounced', lastError: error, updatedAt: now })
      .where(and(eq(mails.id, mailId), eq(mails.status, 'sent')))
      .returning({ recipient: mails.recipient });
    if (!row) return 'unchanged' as const;
    await writeAudit(tx, clock, actor, {
      action: 'mail.bounce',
      target: row.recipient,
      before: { status: 'sent' },
      after: { mail: mailId, status: 'bounced', dsn_status: dsn.status, error },
    });
    return 'bounced' as const;
  });
}

/** The connection `BOUNCE_IMAP_URL` names: `imaps://user:授权码@host:993`, user and password URL-encoded. */
export function imapOptionsOf(bounceImapUrl: string) {
  const url = new URL(bounceImapUrl);
  const secure = url.protocol === 'imaps:';
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 993 : 143,
    secure,
    auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
  };
}

export interface BounceReading {
  db: Database;
  clock: Clock;
  /** MEDIA_URL_SECRET, under which the mails' Message-IDs were proven. */
  secret: string;
  bounceImapUrl: string;
  /** Only for a test server's self-signed certificate. */
  tls?: { rejectUnauthorized: boolean };
}

export interface BounceRun {
  read: number;
  bounced: number;
  /** DSNs that were delayed, named no mail of ours, or named a mail already recorded: moved, nothing changed. */
  ignored: number;
}

/** One run of the job: every DSN in the INBOX read, recorded and moved to BOUNCE_FOLDER. */
export async function readBounces(deps: BounceReading): Promise<BounceRun> {
  const run: BounceRun = { read: 0, bounced: 0, ignored: 0 };
  const client = new ImapFlow({
    ...imapOptionsOf(deps.bounceImapUrl),
    ...(deps.tls ? { tls: deps.tls } : {}),
    logger: false,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  await client.connect();
  try {
    const folders = await client.list();
    if (!folders.some((folder) => folder.path === BOUNCE_FOLDER)) await client.mailboxCreate(BOUNCE_FOLDER);
    const lock = await client.getMailboxLock('INBOX');
    try {
      // Only reports: a DSN's Content-Type is multipart/report (the server filters, we check it whole).
      const found = await client.search({ header: { 'content-type': 'report' } }, { uid: true });
      for (const uid of found || []) {
        if (run.read >= BOUNCE_BATCH) break;
        const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
        if (!message || !message.source) continue;
        const dsn = parseDsn(message.source);
        if (dsn === null) continue; // a read receipt or another report: not ours to move
        run.read += 1;
        const outcome = await recordBounce(deps.db, deps.clock, deps.secret, dsn);
        if (outcome === 'bounced') run.bounced += 1;
        else run.ignored += 1;
        // Recorded (or nothing to record): read once.
        await client.messageMove(String(uid), BOUNCE_FOLDER, { uid: true });
      }
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
  return run;
}
