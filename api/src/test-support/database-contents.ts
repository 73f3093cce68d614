import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/database';
import { PROBE_TABLE } from '../audit/unaudited-writes';

/**
 * "Did anything change?" by content, not by row counts: one hash per table over every row
 * (as text, in a fixed order), so an UPDATE or a DELETE followed by an INSERT shows too.
 * Every table the migrations made is read from the catalogue, so a new table is covered
 * without a change here.
 *
 * `ignore` leaves out what a request may legitimately write even when it is refused:
 * whole tables (`'request_nonces'`) or single columns (`'staff_sessions.last_seen_at'`).
 */
export async function databaseContents(db: Database, ignore: readonly string[] = []): Promise<Record<string, string>> {
  // The audit probe notes transactions, even refused ones: the product's data is the rest.
  const ignored = new Set([...ignore, PROBE_TABLE]);
  // The catalogue itself rather than information_schema's views: the same list, several times faster.
  const columns = await rowsOf<{ table_name: string; column_name: string }>(
    db,
    sql`select c.relname as table_name, a.attname as column_name
          from pg_catalog.pg_attribute a
          join pg_catalog.pg_class c on c.oid = a.attrelid
          join pg_catalog.pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
         order by c.relname, a.attnum`,
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns) {
    if (ignored.has(table) || ignored.has(`${table}.${column}`)) continue;
    byTable.set(table, [...(byTable.get(table) ?? []), column]);
  }
  if (byTable.size === 0) return {};
  // One statement for every table: md5 over the rows' text, sorted, so the hash does not depend on the heap order.
  const parts = [...byTable].map(
    ([table, kept]) =>
      sql`select ${table}::text as name, md5(coalesce(string_agg(r::text, E'\n' order by r::text), '')) as hash
            from (select ${sql.join(
              kept.map((column) => sql.identifier(column)),
              sql`, `,
            )} from ${sql.identifier(table)}) r`,
  );
  const rows = await rowsOf<{ name: string; hash: string }>(db, sql.join(parts, sql` union all `));
  const hashes: Record<string, string> = {};
  for (const row of [...rows].sort((a, b) => a.name.localeCompare(b.name))) hashes[row.name] = row.hash;
  return hashes;
}
