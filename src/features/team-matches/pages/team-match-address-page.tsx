import { data, redirect } from "react-router";
import { generateLink } from "../../../platform/links/links.ts";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import type { Route } from "./+types/team-match-address-page";

/**
 * The spec's other addresses of a team match (000 §2: /play/match/{id},
 * /daily-team/seek/{id}, /club/matches/{url}/{match},
 * /club/matches/live/{url}/{match}): one match page serves them all, so
 * each sends the browser there (a match's id is the same in every one).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = requirePage(request);
  const id = Number(page.params.match ?? page.params.id);
  const found = Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? await context.services.teamMatches.findEvent(id) : null;
  if (!found) throw data(null, { status: 404 });
  throw redirect(generateLink("web_club_match", { match: String(id) }, { locale: page.pathLocale }), 301);
}

export default function TeamMatchAddressPage() {
  return null;
}
