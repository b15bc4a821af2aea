import type { KingsideLoadContext } from "../../../platform/http/load-context.ts";
import { awaitedFeatures } from "../../../platform/links/route-modules.server.ts";

const NEWEST_MEMBERS = 12;
const TITLED_PLAYERS = 12;

/** The landing page's data: the site's counts, newest and titled members, and what is not built yet. */
export async function loadLanding({ services }: Pick<KingsideLoadContext, "services">) {
  const { members } = services;
  const [counts, { newest, titled }] = await Promise.all([members.siteCounts(), members.homeLists(NEWEST_MEMBERS, TITLED_PLAYERS)]);
  // What is not built yet, from the route table's marks: the list shortens by itself as features arrive.
  return { counts, newest, titled, coming: awaitedFeatures() };
}

export type Landing = Awaited<ReturnType<typeof loadLanding>>;
