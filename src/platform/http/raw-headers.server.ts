import type { IncomingMessage } from "node:http";

/**
 * Replaces a request header for everything that reads the request after us.
 * React Router's Node adapter builds its Request from `rawHeaders`, Fastify
 * and cookie parsers read `headers`; both are updated, and every copy the
 * client sent is removed first, so a client can never choose the value.
 */
export function replaceRequestHeader(request: IncomingMessage, name: string, value: string): void {
  const lowerName = name.toLowerCase();
  const kept: string[] = [];
  for (let index = 0; index + 1 < request.rawHeaders.length; index += 2) {
    const headerName = request.rawHeaders[index] ?? "";
    if (headerName.toLowerCase() !== lowerName) kept.push(headerName, request.rawHeaders[index + 1] ?? "");
  }
  kept.push(lowerName, value);
  request.rawHeaders.splice(0, request.rawHeaders.length, ...kept);
  request.headers[lowerName] = value;
}
