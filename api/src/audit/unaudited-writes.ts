import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/database';

/**
 * The proof behind "every change is in the audit trail, in the same transaction" (tests only).
 * A row trigger on every table notes the transaction of each row it changes; a transaction
 * that changed a table below and wrote no audit record is an unaudited write. Tables are read
 * from the catalogue, so a new table is watched the day it is migrated. Left out are only the
 * tables that are not the association's data but bookkeeping of the machinery itself, each
 * with the reason.
 */
export const UNWATCHED_TABLES: Readonly<Record<string, string>> = {
  audit_records: 'the trail itself',
  __drizzle_migrations: 'the migrations run',
  request_nonces: 'replay protection of signed requests',
  rate_counters: 'rate limits',
  password_failures: 'login lockout counters',
  staff_login_failures: 'login lockout counters (a login itself is audited: staff.login)',
  sessions: 'learners’ login sessions',
  staff_sessions: 'staff sessions (login and logout are audited)',
  sms_codes: 'one-time SMS codes',
  sms_outbox: 'the development SMS outbox',
  mail_outbox: 'the development mail outbox (each mail’s own row, mails, is audited)',
  release_load_counts: 'the shells’ load and failure counts (an automatic rollback they cause is audited)',
  release_canary_visitors: 'a canary’s loads and failures per browser (an automatic rollback they cause is audited)',
  payment_notifications: 'the log of every notification a gateway sent, as received (what it changed is audited)',
  sandbox_payments: 'the sandbox gateway’s own books (the gateway side, not ours)',
  sandbox_refunds: 'the sandbox gateway’s own books (the gateway side, not ours)',
  video_transcodes: 'the state of a queued transcode (queuing it is audited; its result on the course is audited)',
  report_exports: 'the state of a queued export (ordering it is audited: report.export)',
};

/** The probe's own table: not the product's data (left out of `databaseFingerprint`). */
export const PROBE_TABLE = 'audit_write_probe';

/** Installs the probe on every watched table (idempotent). */
export async function installWriteProbe(db: Database): Promise<void> {
  await db.execute(
    sql.raw(
      `create table if not exists ${PROBE_TABLE} (id bigserial primary key, txid bigint not null, table_name text not null)`,
    ),
  );
  await db.execute(
    sql.raw(`create or replace function ${PROBE_TABLE}_note() returns trigger language plpgsql as $$
begin
  insert into ${PROBE_TABLE} (txid, table_name) values (txid_current(), TG_TABLE_NAME);
  return null;
end $$`),
  );
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> ${PROBE_TABLE}`,
  );
  for (const { name } of tables) {
    if (name !== 'audit_records' && Object.hasOwn(UNWATCHED_TABLES, name)) continue;
    await db.execute(
      sql.raw(
        `create or replace trigger ${PROBE_TABLE}_trigger after insert or update or delete on "${name}" for each row execute function ${PROBE_TABLE}_note()`,
      ),
    );
  }
}

export interface UnauditedWrite {
  txid: string;
  tables: string[];
}

/** Where the next `unauditedWritesSince` starts: everything noted so far is behind it. */
export async function probeMark(db: Database): Promise<number> {
  const [row] = await rowsOf<{ id: string | null }>(db, sql.raw(`select max(id)::text as id from ${PROBE_TABLE}`));
  return Number(row?.id ?? 0);
}

/** Transactions after `mark` that changed watched tables and wrote no audit record. */
export async function unauditedWritesSince(db: Database, mark: number): Promise<UnauditedWrite[]> {
  const rows = await rowsOf<{ txid: string; tables: string[] }>(
    db,
    sql`select txid::text as txid, array_agg(distinct table_name order by table_name) as tables
        from ${sql.identifier(PROBE_TABLE)} where id > ${mark}
        group by txid having not bool_or(table_name = 'audit_records') order by min(id)`,
  );
  return rows.map((row) => ({ txid: row.txid, tables: row.tables }));
}
