import { describe, expect, it } from "vitest";
import { loggableTarget } from "../platform/http/request-hygiene.server.ts";
import { compiledPageRoutes } from "../platform/links/route-patterns.ts";
import { redactSecretPath, secretPageRoutes } from "../platform/links/secret-paths.server.ts";

const TOKEN = "Zq3_kT9-abcdefghijklmnopqrstuvwxyz012345678";

describe("secret path parameters", () => {
  it("are declared on every route whose parameter is named like one", () => {
    const undeclared = compiledPageRoutes().flatMap((route) =>
      route.paramNames.filter((name) => /token|secret|key|code|password|invit/i.test(name) && !(route.definition.secrets ?? []).includes(name)).map((name) => `${route.name}.${name}`),
    );
    expect(undeclared).toEqual([]);
  });

  it("are the reset, email-confirmation and club invitation links today", () => {
    expect(secretPageRoutes().map((route) => route.name).sort()).toEqual(["web_club_join", "web_club_join_by_id", "web_security_reset_password", "web_user_settings_confirm_email"]);
  });

  it.each([
    ["/reset-password/" + TOKEN, "/reset-password/[redacted]"],
    ["/es/reset-password/" + TOKEN, "/es/reset-password/[redacted]"],
    ["/reset-password/" + TOKEN + "/es", "/reset-password/[redacted]"],
    ["/reset-password/" + TOKEN + "/", "/reset-password/[redacted]"],
    ["/Reset-Password/" + TOKEN, "/Reset-Password/[redacted]"],
    ["/reset%2Dpassword/" + TOKEN, "/reset-password/[redacted]"],
    ["/reset-password%2F" + TOKEN, "/reset-password/[redacted]"],
    ["//reset-password/" + TOKEN, "//reset-password/[redacted]"],
    ["/settings/email/confirm/" + TOKEN, "/settings/email/confirm/[redacted]"],
    ["/club/chess-friends/join/" + TOKEN, "/club/chess-friends/join/[redacted]"],
    ["/de/club/id/42/join/" + TOKEN, "/de/club/id/42/join/[redacted]"],
  ])("cut %s", (path, logged) => {
    expect(redactSecretPath(path)).toBe(logged);
  });

  it.each(["/reset-password", "/club/chess-friends/join", "/club/chess-friends", "/member/alice", "/clubs/forum/view/a/b"])("leave %s as it is", (path) => {
    expect(redactSecretPath(path)).toBe(path);
  });
});

describe("a loggable request target", () => {
  it.each([
    ["/login?token=" + TOKEN, "/login"],
    ["/reset-password/" + TOKEN + "?token=" + TOKEN, "/reset-password/[redacted]"],
    ["/member/alice#" + TOKEN, "/member/alice"],
    ["http://kingside.test/reset-password/" + TOKEN, "http://kingside.test/reset-password/[redacted]"],
    [`http://alice:${TOKEN}@kingside.test/clubs`, "http://kingside.test/clubs"],
    ["/member/%00", "[refused]"],
  ])("%s is logged as %s", (target, logged) => {
    expect(loggableTarget(target)).toBe(logged);
  });
});
