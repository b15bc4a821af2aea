import { createHash } from "node:crypto";
import { sql, type Column, type SQL } from "drizzle-orm";

/**
 * Helpers for prepared statements: the reads on hot paths (a session, a
 * polled JSON call) are built once and planned once per connection.
 */

/**
 * The name of a prepared statement: a readable base and a hash of the
 * statement's SQL. PostgreSQL keeps prepared statements per connection by
 * name, and a name given twice with different SQL (two instances of a service
 * built with different parts, e.g. with or without the club roles) fails; the
 * hash keeps every distinct statement's name distinct.
 */
export function preparedName(base: string, query: { toSQL(): { sql: string } }): string {
  return `${base}_${createHash("sha256").update(query.toSQL().sql).digest("hex").slice(0, 10)}`;
}

/**
 * `column = any($name::int[])`: a list of integer ids as one parameter, so one
 * prepared statement serves any number of ids (an `in (...)` list is a new
 * statement for every length).
 */
export function isAnyOfIntegers(column: Column, placeholderName: string): SQL {
  return sql`${column} = any(${sql.placeholder(placeholderName)}::int[])`;
}
