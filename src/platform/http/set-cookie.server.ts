import type { FastifyInstance, FastifyReply } from "fastify";

/**
 * Sets a cookie as a plain Set-Cookie header: @fastify/cookie writes its
 * cookies in onSend, which a hijacked page response never reaches.
 */
export function setCookieHeader(reply: FastifyReply, name: string, value: string, options: Parameters<FastifyInstance["serializeCookie"]>[2]): void {
  reply.header("set-cookie", reply.server.serializeCookie(name, value, options));
}
