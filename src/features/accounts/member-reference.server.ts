import { integer } from "drizzle-orm/pg-core";
import { users } from "./accounts.tables.server.ts";

/**
 * A column that holds a member's id, with its foreign key to the members
 * table. Other features' tables use it, so that they keep the database's
 * integrity without importing the accounts feature's tables.
 */
export function memberIdColumn(name: string, onDelete: "cascade" | "set null") {
  return integer(name).references(() => users.id, { onDelete });
}
