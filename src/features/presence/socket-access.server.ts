/**
 * Who may open a socket, and how presence learns of members' sockets
 * (docs/decisions/0010-presence.md). Who may join which room is the room
 * kinds' rule (presence.realtime.ts, the platform's member room).
 */
import type { FastifyRequest } from "fastify";
import type { ConnectionListener } from "../../platform/realtime/hub.server.ts";
import type { PresenceService } from "./presence.service.server.ts";

const defaultPorts: Readonly<Record<string, string>> = { "http:": "80", "https:": "443", "ws:": "80", "wss:": "443" };

/** "host:port" in lower case, with the scheme's default port made explicit. */
function hostWithPort(host: string, protocol: string): string | null {
  try {
    const url = new URL(`${protocol}//${host}`);
    return `${url.hostname}:${url.port || defaultPorts[protocol] || ""}`;
  } catch {
    return null;
  }
}

/**
 * Refuses cross-site WebSocket upgrades. Browsers send cookies with a
 * WebSocket handshake whatever page opened it, and do not apply CORS to it,
 * so a foreign page could otherwise act through a member's session; every
 * browser sends Origin on a handshake. The Origin's host and port must equal
 * the request's Host (X-Forwarded-Host when the proxy is trusted). A request
 * without Origin comes from a program, which holds its own cookies, and is
 * let through. "Origin: null" (sandboxed frames, files) is refused.
 */
export function isSameOriginUpgrade(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return false;
  const originHost = hostWithPort(parsed.host, parsed.protocol);
  // The Host header's default port is the Origin's scheme's: behind a TLS proxy
  // the request arrives as http, but the browser's page was https.
  return originHost !== null && originHost === hostWithPort(request.host, parsed.protocol);
}

/** Registers each signed-in member's socket with presence, and unregisters it when it closes. */
export function presenceConnectionListener(presence: PresenceService): ConnectionListener {
  return ({ socketId, memberId }) => {
    if (memberId === null) return undefined;
    void presence.connect(memberId, socketId);
    return () => void presence.disconnect(memberId, socketId);
  };
}
