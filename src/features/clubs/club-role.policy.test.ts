import { describe, expect, it } from "vitest";
import { levels } from "../accounts/levels.ts";
import { clubActionRefusal, clubActions, clubCreationRefusal, clubJoinState, memberRemovalRefusal, type ClubAction, type ClubStanding, type ClubViewer } from "./club-role.policy.ts";
import { clubJoinPolicies, type ClubJoinPolicy } from "./clubs.constants.ts";

const viewer: ClubViewer = { id: 7, siteStaff: false };
const staff: ClubViewer = { id: 8, siteStaff: true };

const standings = {
  owner: { member: true, roles: ["owner"] },
  admin: { member: true, roles: ["admin"] },
  chat_moderator: { member: true, roles: ["chat_moderator"] },
  member: { member: true, roles: [] },
  non_member: { member: false, roles: [] },
} as const satisfies Record<string, ClubStanding>;
type Who = keyof typeof standings | "staff" | "anonymous";

/** Which roles may take each running-the-club action: one row per action, the whole matrix below. */
const runners: Record<Exclude<ClubAction, "join" | "request_to_join" | "leave" | "invite">, readonly Who[]> = {
  manage_requests: ["owner", "admin", "staff"],
  generate_invitation_secret: ["owner", "staff"],
  change_owner: ["owner", "staff"],
  manage_admins: ["owner", "staff"],
  manage_chat_moderators: ["owner", "admin", "staff"],
  remove_member: ["owner", "admin", "staff"],
  remove_closed: ["owner", "admin", "staff"],
  sync_member_count: ["owner", "admin", "staff"],
  remove_background: ["owner", "admin", "staff"],
  edit: ["owner", "admin", "staff"],
};

function refusal(who: Who, action: ClubAction, joinPolicy: ClubJoinPolicy = "open") {
  if (who === "anonymous") return clubActionRefusal(null, action, standings.non_member, { joinPolicy });
  if (who === "staff") return clubActionRefusal(staff, action, standings.non_member, { joinPolicy });
  return clubActionRefusal(viewer, action, standings[who], { joinPolicy });
}

const everyone: readonly Who[] = ["owner", "admin", "chat_moderator", "member", "non_member", "staff", "anonymous"];

describe("the club-role policy", () => {
  it("lists a rule for every action", () => {
    expect([...clubActions].sort()).toEqual([...Object.keys(runners), "join", "request_to_join", "leave", "invite"].sort());
  });

  describe.each(Object.entries(runners))("%s", (action, allowed) => {
    it.each(everyone)("for %s", (who) => {
      const answer = refusal(who, action as ClubAction);
      if (allowed.includes(who)) expect(answer).toBeNull();
      else expect(answer).toBe(who === "anonymous" ? "sign_in" : "not_allowed");
    });
  });

  it("lets a non-member join an open club at once, and refuses the other policies with the way to get in", () => {
    expect(refusal("non_member", "join", "open")).toBeNull();
    expect(refusal("non_member", "join", "approval")).toBe("approval_needed");
    expect(refusal("non_member", "join", "invite")).toBe("invitation_only");
    for (const who of ["owner", "admin", "chat_moderator", "member"] as const) expect(refusal(who, "join")).toBe("already_member");
    expect(refusal("anonymous", "join")).toBe("sign_in");
  });

  it("takes join requests only in approval clubs, from non-members", () => {
    expect(refusal("non_member", "request_to_join", "approval")).toBeNull();
    expect(refusal("non_member", "request_to_join", "open")).toBe("not_open_for_requests");
    expect(refusal("non_member", "request_to_join", "invite")).toBe("invitation_only");
    expect(refusal("member", "request_to_join", "approval")).toBe("already_member");
    expect(refusal("anonymous", "request_to_join", "approval")).toBe("sign_in");
  });

  it("lets every member but the owner leave", () => {
    expect(refusal("owner", "leave")).toBe("owner_cannot_leave");
    for (const who of ["admin", "chat_moderator", "member"] as const) expect(refusal(who, "leave")).toBeNull();
    expect(refusal("non_member", "leave")).toBe("not_member");
    expect(refusal("anonymous", "leave")).toBe("sign_in");
  });

  it.each(clubJoinPolicies)("decides who invites into a club that joins %s", (policy) => {
    expect(refusal("owner", "invite", policy)).toBeNull();
    expect(refusal("admin", "invite", policy)).toBeNull();
    expect(refusal("staff", "invite", policy)).toBeNull();
    expect(refusal("member", "invite", policy)).toBe(policy === "invite" ? "not_allowed" : null);
    expect(refusal("chat_moderator", "invite", policy)).toBe(policy === "invite" ? "not_allowed" : null);
    expect(refusal("non_member", "invite", policy)).toBe("not_member");
    expect(refusal("anonymous", "invite", policy)).toBe("sign_in");
  });

  it("never removes the owner; admins remove members and moderators but not admins", () => {
    expect(memberRemovalRefusal(viewer, standings.admin, standings.owner)).toBe("not_allowed");
    expect(memberRemovalRefusal(staff, standings.non_member, standings.owner)).toBe("not_allowed");
    expect(memberRemovalRefusal(viewer, standings.admin, standings.admin)).toBe("not_allowed");
    expect(memberRemovalRefusal(viewer, standings.admin, standings.member)).toBeNull();
    expect(memberRemovalRefusal(viewer, standings.admin, standings.chat_moderator)).toBeNull();
    expect(memberRemovalRefusal(viewer, standings.owner, standings.admin)).toBeNull();
    expect(memberRemovalRefusal(staff, standings.non_member, standings.admin)).toBeNull();
    expect(memberRemovalRefusal(viewer, standings.member, standings.member)).toBe("not_allowed");
    expect(memberRemovalRefusal(viewer, standings.owner, standings.non_member)).toBe("not_member");
  });

  it("shows the join button in the state that fits the viewer", () => {
    const none = { requestSent: false, invited: false };
    expect(clubJoinState(null, standings.non_member, { joinPolicy: "open" }, none)).toBe("sign_in");
    expect(clubJoinState(viewer, standings.owner, { joinPolicy: "open" }, none)).toBe("owner");
    expect(clubJoinState(viewer, standings.member, { joinPolicy: "approval" }, none)).toBe("member");
    expect(clubJoinState(viewer, standings.non_member, { joinPolicy: "open" }, none)).toBe("join");
    expect(clubJoinState(viewer, standings.non_member, { joinPolicy: "approval" }, none)).toBe("request");
    expect(clubJoinState(viewer, standings.non_member, { joinPolicy: "approval" }, { requestSent: true, invited: false })).toBe("request_sent");
    expect(clubJoinState(viewer, standings.non_member, { joinPolicy: "invite" }, none)).toBe("invitation_only");
    expect(clubJoinState(viewer, standings.non_member, { joinPolicy: "invite" }, { requestSent: false, invited: true })).toBe("join");
  });

  it("lets a basic member or above found a club, never a guest or a closed account", () => {
    expect(clubCreationRefusal(levels.basic)).toBeNull();
    expect(clubCreationRefusal(levels.staff)).toBeNull();
    expect(clubCreationRefusal(levels.guest)).toBe("not_allowed");
    expect(clubCreationRefusal(levels.closed_abuse)).toBe("not_allowed");
  });
});
