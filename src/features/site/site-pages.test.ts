import { describe, expect, it } from "vitest";
import { stanceOnWarPath } from "../../ui/country-flag.tsx";
import { databaseTargets } from "../../test/databases.ts";
import { appForSuite } from "../../test/start-app.ts";

/** Issue 10 item 8: pages that say something about Kingside, and no parameter pills on pages still to come. */
describe.each(databaseTargets())("the site's own pages on $name", (target) => {
  const suite = appForSuite(target);
  const page = async (path: string) => {
    const response = await fetch(`${suite.current.baseUrl}${path}`);
    expect(response.status, path).toBe(200);
    return response.text();
  };

  it("says on /about what Kingside is, its licence, how to host it, and its stance the sanctioned flag links to", async () => {
    const html = await page("/about");
    expect(html).toContain("open-source chess community website");
    expect(html).toContain("AGPL-3.0-or-later");
    expect(html).toContain("npm install &amp;&amp; npm start");
    const [path, anchor] = stanceOnWarPath.split("#");
    expect(path).toBe("/about");
    expect(html).toContain(`id="${anchor}"`);
  });

  it("states the policies and the rules of conduct that reports and mutes refer to", async () => {
    const policies = await page("/legal/community");
    expect(policies).toContain("Closed: Fair Play");
    expect(policies).toContain("Mute: a member you mute");
    const guidelines = await page("/legal/community/guidelines");
    for (const rule of ["No harassment", "No hate speech", "No spam", "No inappropriate profiles", "No impersonation"]) expect(guidelines).toContain(rule);
  });

  it("shows the English text under another language's prefix, and says so in that language", async () => {
    const html = await page("/es/legal/community/guidelines");
    expect(html).toContain("Esta página está en inglés.");
    expect(html).toContain("No harassment");
  });

  it("shows no parameter pills on a page whose feature is still to come", async () => {
    const html = await page("/leagues/legendary/division7");
    expect(html).not.toContain("ks-page-param");
    expect(html).not.toContain(">legendary<");
  });
});
