import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireSignedIn } from "./policy.server.ts";

/** GET /callback/security/user/roles: what the browser learns about the signed-in account's roles. */
export const rolesResponseSchema = z.object({ roles: z.array(z.string()) });
export type RolesResponse = z.infer<typeof rolesResponseSchema>;

export function registerRolesRoutes(app: FastifyInstance): void {
  app.get("/callback/security/user/roles", async (request, reply): Promise<RolesResponse> => {
    requireSignedIn(request);
    // The viewer's roles were read with the session for this very request (viewer.server.ts).
    reply.header("cache-control", "no-store");
    return { roles: [...request.viewer.user.roles] };
  });
}
