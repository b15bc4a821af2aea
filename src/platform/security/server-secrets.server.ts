import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { serverSecrets } from "./security.tables.server.ts";

/**
 * A named secret every instance shares: created once in the database by
 * whichever instance asks first (the insert that loses the race reads the
 * winner's value), or taken from the environment when set there.
 */
export async function sharedSecret(db: Database, name: string, fromEnvironment?: string): Promise<Buffer> {
  if (fromEnvironment) return Buffer.from(fromEnvironment, "utf8");
  await db.insert(serverSecrets).values({ name, value: randomBytes(32).toString("base64") }).onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`server secret ${name} could not be created`);
  return Buffer.from(row.value, "base64");
}
