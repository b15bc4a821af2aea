/**
 * Bulk inserts for the seed: thousands of rows as one JSON parameter per
 * statement (`json_to_recordset` in the columns' own types), which
 * both drivers take far faster than one bound parameter per value, and which
 * never meets the protocol's 65,535-parameter limit.
 */
import { getTableColumns, getTableName, sql, type InferInsertModel } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../../platform/db/client.server.ts";

/** Rows per statement: large enough to amortise a statement, small enough to keep the JSON text modest. */
const ROWS_PER_STATEMENT = 10_000;

export async function insertJsonRows<Table extends PgTable>(
  tx: Database,
  table: Table,
  rows: readonly Partial<InferInsertModel<Table>>[],
  options: { readonly overridingSystemValue?: boolean } = {},
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = getTableColumns(table);
  const keys = Object.keys(first);
  const names = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return column.name;
  });
  const list = sql.raw(names.map((name) => `"${name}"`).join(", "));
  // The record's shape in SQL types, so the JSON is read straight into the columns' types.
  const shape = sql.raw(keys.map((key, index) => `"${names[index] ?? key}" ${columns[key]?.getSQLType() ?? "text"}`).join(", "));
  const tableName = sql.raw(`"${getTableName(table)}"`);
  const overriding = sql.raw(options.overridingSystemValue ? "OVERRIDING SYSTEM VALUE" : "");
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const json = JSON.stringify(
      rows.slice(start, start + ROWS_PER_STATEMENT).map((row) => {
        const record: Record<string, unknown> = {};
        const values: Record<string, unknown> = row;
        keys.forEach((key, index) => (record[names[index] ?? key] = values[key] ?? null));
        return record;
      }),
    );
    await tx.execute(sql`INSERT INTO ${tableName} (${list}) ${overriding} SELECT ${list} FROM json_to_recordset(${json}::json) AS r(${shape})`);
  }
}
