import { readConfig } from "./config.server.ts";
import { createKingsideApp } from "./app.server.ts";

const config = readConfig();
const kingside = await createKingsideApp(config);
const address = await kingside.app.listen({ port: config.port, host: config.host });
console.log(`Kingside is serving on ${address.replace("0.0.0.0", "localhost")} (database: ${kingside.database.kind}, bus: ${kingside.bus.kind})`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    kingside.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
