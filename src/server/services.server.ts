import type { Database } from "../platform/db/client.server.ts";
import type { Services } from "../platform/http/load-context.ts";
import { createMembersService } from "../features/members/members.service.server.ts";

/** Every feature's service, built once per process around the shared database. */
export function createServices(db: Database): Services {
  return {
    members: createMembersService(db),
  };
}
