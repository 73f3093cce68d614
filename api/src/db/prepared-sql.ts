import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './database';
import { batchedStatement, type BatchOptions } from './statement-batcher';

const dialect = new PgDialect();

/** Runs a prepared statement with its placeholders' values, by name. */
export type PreparedStatement<Row> = (values: Record<string, unknown>) => Promise<Row[]>;

/** What both drivers' clients offer (a node-postgres Pool, or PGlite). */
interface RawClient {
  query(
    config: { name: string; text: string; values: unknown[] } | string,
    values?: unknown[],
  ): Promise<{ rows: unknown[] }>;
}

/**
 * A statement for the hottest paths (every signed request's admission, the progress
 * report): its text is built once here, and on PostgreSQL it is sent as a named
 * statement, so each pooled connection parses and plans it once instead of on every call.
 * On PGlite (one connection in process) it runs as a plain parameterised query.
 * It goes to the driver directly, past drizzle's per-call wrapping (a measurable share of
 * a request's CPU at thousands of requests a second).
 *
 * Write values as `sql.placeholder('name')` and cast each one in the SQL
 * (`${sql.placeholder('at')}::timestamptz`): the parameters reach PostgreSQL untyped.
 * Rows come back as the driver returns them without drizzle's column mapping, so select
 * only int4/bool/text/float8 (cast timestamps to epoch milliseconds, counts to int).
 * `name` must be unique in the application: a connection keeps one text per name.
 */
export function preparedStatement<Row>(db: Database, name: string, query: SQL): PreparedStatement<Row> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  // Both drizzle drivers keep their client here (a pg Pool or a PGlite instance).
  const client = (db as unknown as { $client: RawClient }).$client;
  if (client instanceof pg.Pool) {
    return async (values) =>
      (await client.query({ name, text, values: fillPlaceholders(params, values) })).rows as Row[];
  }
  return async (values) => (await client.query(text, fillPlaceholders(params, values))).rows as Row[];
}

/** The placeholder a batched statement reads its calls from: a JSON array, one object per call. */
export const BATCH_INPUT = sql`${sql.placeholder('batch')}::json`;

/**
 * A prepared statement run for many concurrent calls at once (statement-batcher.ts).
 * The statement reads its calls with `json_to_recordset(${BATCH_INPUT}) as input(i int, …)`,
 * where each call's object has the fields of `In` (write them in snake_case, as the
 * column list names them) plus `i`, its place in the batch; and it answers rows carrying
 * that `i`. Each call gets its row, or undefined when the statement answered none for it.
 */
export function preparedBatch<In extends object, Row extends { i: number }>(
  db: Database,
  name: string,
  query: SQL,
  options?: BatchOptions,
): (input: In) => Promise<Row | undefined> {
  const statement = preparedStatement<Row>(db, name, query);
  return batchedStatement<In, Row | undefined>(async (inputs) => {
    const rows = await statement({ batch: JSON.stringify(inputs.map((input, i) => ({ ...input, i }))) });
    const byPlace = new Map(rows.map((row) => [row.i, row]));
    return inputs.map((_input, i) => byPlace.get(i));
  }, options);
}
