import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../../platform/http/errors.ts";
import { declareFailures } from "../../../platform/http/failure-statuses.ts";
import { formFailed, formSucceeded } from "../../../platform/http/form-response.server.ts";
import { translate } from "../../../platform/http/json-errors.server.ts";
import { isLocale, type Locale } from "../../../platform/i18n/locales.ts";
import { generateLink } from "../../../platform/links/links.ts";
import { memberIdParamsSchema, type StaffActionFailure, type StaffMemberAccount } from "./staff.schema.ts";
import { staffPolicy } from "./staff.policy.server.ts";
import type { StaffService } from "./staff.service.server.ts";

declareFailures<StaffActionFailure>({ member_not_found: "not_found", account_protected: "invalid" });

/** Ids are digits (1..2^31-1); anything else names no member: 404, as the page route's rule does. */
function memberId(request: FastifyRequest): number {
  const parsed = memberIdParamsSchema.safeParse(request.params);
  if (!parsed.success) throw new AppError("not_found");
  return parsed.data.id;
}

function refuse(request: FastifyRequest, reply: FastifyReply, failure: StaffActionFailure, backTo: string) {
  return formFailed(request, reply, { code: failure, message: translate(request, `staff.error.${failure}`) }, backTo);
}

function present(member: StaffMemberAccount) {
  return { member };
}

/** The page's language for the way back (the form's hidden locale field). */
function localeOf(request: FastifyRequest): Locale | null {
  const body: unknown = request.body;
  const locale = body && typeof body === "object" && "locale" in body ? body.locale : undefined;
  return typeof locale === "string" && isLocale(locale) ? locale : null;
}

/**
 * DELETE /callback/members/disable/{id} and POST /members/enable/{id} (the
 * confirm form of the /members/enable/{id} page). Staff only; ids are digits.
 * Order: id rule (404) -> policy (401/403) -> service (404/422) -> presenter.
 */
export function registerStaffRoutes(app: FastifyInstance, deps: { staff: StaffService }): void {
  app.delete("/callback/members/disable/:id", async (request, reply) => {
    const id = memberId(request);
    staffPolicy.disableMember(request);
    const result = await deps.staff.disable(id);
    if (!result.ok) return refuse(request, reply, result.error, generateLink("web_home"));
    const profile = generateLink("web_member_profile", { username: result.value.username.toLowerCase(), done: "disabled" });
    return formSucceeded(request, reply, profile, present(result.value));
  });

  app.post("/members/enable/:id", async (request, reply) => {
    const id = memberId(request);
    staffPolicy.enableMember(request);
    const locale = localeOf(request);
    const result = await deps.staff.enable(id);
    if (!result.ok) return refuse(request, reply, result.error, generateLink("web_members_enable", { id }, { locale }));
    const profile = generateLink("web_member_profile", { username: result.value.username.toLowerCase(), done: "enabled" }, { locale });
    return formSucceeded(request, reply, profile, present(result.value));
  });
}
