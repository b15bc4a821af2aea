import { WebSocketServer } from "ws";

/** The baseline for the play bench: a bare `ws` server that echoes every text frame. */
const server = new WebSocketServer({ host: "127.0.0.1", port: Number(process.env.PORT ?? 0) });
server.on("connection", (socket) => {
  socket.on("message", (data, isBinary) => socket.send(data, { binary: isBinary }));
});
server.on("listening", () => {
  const address = server.address();
  if (typeof address === "object" && address !== null) console.log(`listening ws://127.0.0.1:${address.port}`);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => server.close(() => process.exit(0)));
