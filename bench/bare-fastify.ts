import Fastify from "fastify";

/** The baseline: a bare Fastify "hello" route, nothing else. */
const app = Fastify({ logger: false });
app.get("/hello", async () => ({ hello: "world" }));
const port = Number(process.env.PORT ?? 0);
const address = await app.listen({ port, host: "127.0.0.1" });
process.stdout.write(`listening ${address}\n`);
