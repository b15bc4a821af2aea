import type { Route } from "./+types/home-page";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import { loadLanding } from "./landing.server.ts";
import { LandingPage } from "./landing-page.tsx";

/** /: the landing page (a signed-in member's own home is /home, the home feature's). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePage(request);
  return loadLanding(context);
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  return <LandingPage landing={loaderData} />;
}
