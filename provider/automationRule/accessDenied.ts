/**
 * The message of a 403 `AccessDenied` from an automation rule write, naming what the app key's
 * member lacks: the AI SRE permission (`ai-sre`), membership of the rule's team (team rules are
 * writable by that team's members and by account admins), or ownership (a personal rule is
 * writable by its owner only).
 */
import type { FlashdutyApiError } from "../../sdk";

/**
 * @param err the 403 of `POST /safari/automation/rule/{create,update,delete}`
 * @param action what was attempted, e.g. `"create"`
 * @param rule the rule's name (for a create) or id, and its team (0 = personal)
 * @returns one sentence for the user, with the operation, code and request id
 */
export function describeRuleAccessDenied(err: FlashdutyApiError, action: string, rule: { label: string; teamId: number }): string {
  const missing = /ai-sre/i.test(err.serverMessage)
    ? "the AI SRE permission (`ai-sre`)"
    : rule.teamId === 0
      ? "ownership of the rule: a personal rule (teamId 0) can be written only by the member who owns it, so use that member's app key or declare the rule on a team"
      : `membership of team ${rule.teamId}, which owns the rule (a member of that team, or an account admin)`;
  return (
    `Access denied: cannot ${action} automation rule ${rule.label}: the app key's member lacks ${missing}. ` +
    `(${err.operation}, ${err.code}, request id ${err.requestId ?? "none"}: ${err.serverMessage})`
  );
}
