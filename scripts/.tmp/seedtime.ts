import { openDatabase } from "../../src/platform/db/client.server.ts";
import { seedDemoDataIfEmpty } from "../../src/server/seed/demo-data.server.ts";
const h = await openDatabase({ dataDir: "memory://" });
await h.migrate();
const t = performance.now();
await seedDemoDataIfEmpty(h.db, { finishedGames: 40 });
console.log("seed pglite", performance.now() - t);
