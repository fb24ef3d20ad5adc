/**
 * The checks of a rule's declared fields (docs/platform-api.md "Automation rule write operations" and "Cron and next fire time"), in
 * one place for the SDK (`automationRules.create` / `update` refuse bad fields before sending)
 * and the provider (`AutomationRule`'s `check`, so `pulumi preview` fails before any call).
 * The cron dialect itself lives in `cronDialect.ts`, shared with the emulator.
 */
import { cronDialectProblem, isKnownTimezone } from "../wire/cronDialect";
import type { AutomationRuleFields } from "./resources/automationRules";
import { RULE_ENVIRONMENT_KINDS, RULE_LIMITS, RULE_SEVERITIES } from "../wire/protocol";

/** One broken rule: the field (camelCase) and a sentence naming the field and the rule it breaks. */
export interface RuleFieldProblem {
  field: keyof AutomationRuleFields;
  problem: string;
}

function show(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  if (value === null || value === undefined || typeof value === "number" || typeof value === "boolean") return String(value);
  return Array.isArray(value) ? "an array" : `a ${typeof value}`;
}

/** Length in code points, as the platform counts characters. */
function charLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

/**
 * Every problem of `fields`. Only the fields present (not `undefined`) are checked, so a caller
 * may leave out values it does not know yet (the provider at preview) or does not change
 * (`update`). Cross-field rules apply when both sides are present: an enabled on-call trigger
 * needs at least one channel id and one severity (when `requireAll`, i.e. on create, the lists
 * must be present); `environmentId` only with `environmentKind: "byoc"`.
 *
 * @param requireAll on create: `name`, `prompt` and `cronExpr` must be present.
 */
export function ruleFieldProblems(fields: Partial<Record<keyof AutomationRuleFields, unknown>>, requireAll: boolean): RuleFieldProblem[] {
  const problems: RuleFieldProblem[] = [];
  const add = (field: keyof AutomationRuleFields, problem: string) => problems.push({ field, problem });
  const { name, prompt, cronExpr, timezone, teamId, environmentKind, environmentId } = fields;

  if (name !== undefined || requireAll) {
    if (typeof name !== "string" || charLength(name) < 1 || charLength(name) > RULE_LIMITS.maxNameLength) {
      add("name", `name must be a string of 1 to ${RULE_LIMITS.maxNameLength} characters (got ${typeof name === "string" ? `${charLength(name)} characters` : show(name)})`);
    }
  }
  if (prompt !== undefined || requireAll) {
    if (typeof prompt !== "string" || prompt.trim() === "") add("prompt", `prompt must be a non-empty string (got ${show(prompt)})`);
  }
  if (cronExpr !== undefined || requireAll) {
    if (typeof cronExpr !== "string") {
      add("cronExpr", `cronExpr must be a string (got ${show(cronExpr)})`);
    } else {
      const problem = cronDialectProblem(cronExpr);
      if (problem !== undefined) add("cronExpr", `cronExpr ${show(cronExpr)} is not in the platform's cron dialect: ${problem}`);
    }
  }
  if (timezone !== undefined && (typeof timezone !== "string" || !isKnownTimezone(timezone))) {
    add("timezone", `timezone must be an IANA time zone name such as "UTC" or "Asia/Shanghai" (got ${show(timezone)})`);
  }
  if (teamId !== undefined && (typeof teamId !== "number" || !Number.isSafeInteger(teamId) || teamId < 0)) {
    add("teamId", `teamId must be an integer >= 0 (0 = a personal rule) (got ${show(teamId)})`);
  }
  for (const flag of ["enabled", "scheduleTriggerEnabled", "httpPostTriggerEnabled", "oncallIncidentTriggerEnabled"] as const) {
    const v = fields[flag];
    if (v !== undefined && typeof v !== "boolean") add(flag, `${flag} must be a boolean (got ${show(v)})`);
  }

  const channels = fields.oncallIncidentChannelIds;
  if (channels !== undefined) {
    if (!Array.isArray(channels)) {
      add("oncallIncidentChannelIds", `oncallIncidentChannelIds must be an array of positive integers (got ${show(channels)})`);
    } else {
      channels.forEach((id: unknown, i) => {
        if (typeof id !== "number" || !Number.isSafeInteger(id) || id < 1) {
          add("oncallIncidentChannelIds", `oncallIncidentChannelIds[${i}] must be a positive integer channel id (got ${show(id)})`);
        }
      });
    }
  }
  const severities = fields.oncallIncidentSeverities;
  if (severities !== undefined) {
    if (!Array.isArray(severities)) {
      add("oncallIncidentSeverities", `oncallIncidentSeverities must be an array of ${RULE_SEVERITIES.join(", ")} (got ${show(severities)})`);
    } else {
      severities.forEach((s: unknown, i) => {
        if (typeof s !== "string" || !(RULE_SEVERITIES as readonly string[]).includes(s)) {
          add("oncallIncidentSeverities", `oncallIncidentSeverities[${i}] must be one of ${RULE_SEVERITIES.join(", ")} (got ${show(s)})`);
        }
      });
    }
  }
  if (fields.oncallIncidentTriggerEnabled === true) {
    if ((channels !== undefined || requireAll) && (!Array.isArray(channels) || channels.length === 0)) {
      add("oncallIncidentChannelIds", "oncallIncidentChannelIds must list at least one channel id when oncallIncidentTriggerEnabled is true");
    }
    if ((severities !== undefined || requireAll) && (!Array.isArray(severities) || severities.length === 0)) {
      add("oncallIncidentSeverities", `oncallIncidentSeverities must list at least one of ${RULE_SEVERITIES.join(", ")} when oncallIncidentTriggerEnabled is true`);
    }
  }

  if (environmentKind !== undefined && (typeof environmentKind !== "string" || !(RULE_ENVIRONMENT_KINDS as readonly string[]).includes(environmentKind))) {
    add("environmentKind", `environmentKind must be "", "cloud" or "byoc" (got ${show(environmentKind)})`);
  }
  if (environmentId !== undefined) {
    if (typeof environmentId !== "string") {
      add("environmentId", `environmentId must be a string (got ${show(environmentId)})`);
    } else if (environmentId !== "" && environmentKind !== undefined && environmentKind !== "byoc") {
      add("environmentId", `environmentId (a BYOC runner id) is used only with environmentKind "byoc" (got environmentKind ${show(environmentKind)})`);
    }
  }
  return problems;
}
