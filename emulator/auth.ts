/**
 * Who the caller is (the `app_key` query parameter) and what they may do: the permission rules
 * of docs/platform-api.md ("Conventions", "MCP servers", "Automation rules").
 */
import type { StoredRule } from "./types";
import { ApiError } from "./http/envelope";
import type { StoredServer } from "./seed";
import type { SeedUser } from "./types";

/** The permission key of MCP management. */
export const AI_SRE_PERMISSION = "ai-sre";

/**
 * The member behind `appKey` (the raw `app_key` query value). 401 `Unauthorized` when it is
 * absent, empty, repeated or unknown; the message never repeats the key.
 */
export function authenticate(appKey: unknown, usersByKey: ReadonlyMap<string, SeedUser>): SeedUser {
  if (appKey === undefined || appKey === "") throw new ApiError("Unauthorized", (m) => m.appKeyMissing());
  const user = typeof appKey === "string" ? usersByKey.get(appKey) : undefined;
  if (user === undefined) throw new ApiError("Unauthorized", (m) => m.appKeyInvalid());
  return user;
}

/** 403 `AccessDenied` unless the member holds MCP management (`ai-sre`). */
export function requireAiSre(user: SeedUser): void {
  if (!user.aiSre) throw new ApiError("AccessDenied", (m) => m.permissionRequired(AI_SRE_PERMISSION));
}

/** Account owners and admins: they see every team's rules and may edit every server of the account. */
export function isAccountAdmin(user: SeedUser): boolean {
  return user.role === "owner" || user.role === "admin";
}

/**
 * Whether `user` may disable or enable `server`: `ai-sre`, same account, and for an account-wide
 * server (`team_id` 0) an owner/admin, for a team's server a member of that team or an owner/admin.
 */
export function canEditServer(user: SeedUser, server: Pick<StoredServer, "account_id" | "team_id">): boolean {
  if (!user.aiSre || user.accountId !== server.account_id) return false;
  if (isAccountAdmin(user)) return true;
  return server.team_id !== 0 && user.teamIds.includes(server.team_id);
}

/**
 * Whether `user` may edit `rule` (its `can_edit`): `ai-sre`, same account, and the owner of a
 * personal rule, or for a team rule a member of that team or an owner/admin.
 */
export function canEditRule(user: SeedUser, rule: StoredRule): boolean {
  if (!user.aiSre || user.accountId !== rule.account_id) return false;
  if (rule.run_scope === "person") return rule.owner_id === user.memberId;
  return isAccountAdmin(user) || user.teamIds.includes(rule.team_id);
}
