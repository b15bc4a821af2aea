import { integer } from "drizzle-orm/pg-core";
import { clubs } from "../clubs.tables.server.ts";

/** A column holding a club's id, with its foreign key: a club's forum and notes go with it. */
export function clubIdColumn(name: string) {
  return integer(name).references(() => clubs.id, { onDelete: "cascade" });
}
