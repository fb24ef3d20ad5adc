/**
 * `flashduty-automation-rule-guardrails`: what the automation rules visible to the app key may do.
 * Reads the rules through the SDK client (`POST /safari/automation/rule/list`, every page), with
 * the client's retries and its per-process rate limit (50/s, 1000/min per base URL and key).
 */
import { isResourceType } from "../provider/engine/typeToken";
import type { StackValidationPolicy } from "@pulumi/policy";
import { policyClient } from "../provider/client/programConfig";
import type { AutomationRule } from "../sdk";
import { markdownCode } from "../sdk/markdownText";
import { knownProp, UNKNOWN } from "./mcpServerResources";
import { readConfig, withDefaults, type DefaultedSchema, type PolicyOptions } from "./policyConfig";
import { minScheduleGapMinutes, type ScheduleGapOptions } from "./scheduleInterval";

export const AUTOMATION_RULE_GUARDRAILS = "flashduty-automation-rule-guardrails";

/** Settings of {@link automationRuleGuardrailsPolicy}. */
export interface AutomationRuleGuardrailsConfig {
  /** App key; default the stack's `flashduty:appKey`, else `FLASHDUTY_APP_KEY`. Never printed. */
  appKey?: string;
  /** API base URL; default the stack's `flashduty:baseUrl`, else `FLASHDUTY_BASE_URL`, else the client's. */
  baseUrl?: string;
  /** Which rules to read (`all`, `personal`, `team`); default `all`. */
  scope: "all" | "personal" | "team";
  /** Only rules of these teams (narrows `scope`); default all. */
  teamIds: number[];
  /** Shortest allowed gap between two fire times of a schedule, in minutes; default 15. */
  minScheduleIntervalMinutes: number;
  /** Most enabled rules allowed; default 100. */
  maxEnabledRules: number;
  /** Each check can be switched off; all default true. */
  checkScheduleInterval: boolean;
  checkPersonalHttpPostTriggers: boolean;
  checkOncallTriggerSeverities: boolean;
  checkMaxEnabledRules: boolean;
  /** Also check the triggers of disabled rules (which run nothing); default false. */
  includeDisabledRules: boolean;
}

const SCHEMA: DefaultedSchema = {
  properties: {
    appKey: {
      type: "string",
      minLength: 1,
      description:
        "App key used to read the rules (default: stack config flashduty:appKey, else FLASHDUTY_APP_KEY). Prefer the environment variable to a file.",
    },
    baseUrl: {
      type: "string",
      minLength: 1,
      description: "API base URL (default: stack config flashduty:baseUrl, else FLASHDUTY_BASE_URL, else https://api.flashcat.cloud).",
    },
    scope: { type: "string", enum: ["all", "personal", "team"], default: "all", description: "Which rules to read: all, personal or team." },
    teamIds: { type: "array", items: { type: "integer" }, default: [], description: "Only rules of these teams (empty: no narrowing)." },
    minScheduleIntervalMinutes: {
      type: "number",
      minimum: 0,
      default: 15,
      description:
        "Schedules may not fire more often than this, in minutes (shortest gap between consecutive fire times, in the rule's timezone, over the next year).",
    },
    maxEnabledRules: { type: "integer", minimum: 0, default: 100, description: "At most this many enabled rules." },
    checkScheduleInterval: { type: "boolean", default: true, description: "Check schedules against minScheduleIntervalMinutes." },
    checkPersonalHttpPostTriggers: { type: "boolean", default: true, description: "Personal rules may not have an enabled HTTP POST trigger." },
    checkOncallTriggerSeverities: { type: "boolean", default: true, description: "Enabled on-call incident triggers must list at least one severity." },
    checkMaxEnabledRules: { type: "boolean", default: true, description: "Check the number of enabled rules against maxEnabledRules." },
    includeDisabledRules: { type: "boolean", default: false, description: "Also check the triggers of disabled rules (a disabled rule runs nothing)." },
  },
};

/** Rules named in the maxEnabledRules violation, at most. */
const MAX_LISTED_RULES = 10;

/** Longest rule name shown in a message, in code points (the rest is cut, marked `…`). */
const MAX_SHOWN_NAME = 200;

/**
 * Platform text in a violation message: an inert code span (`sdk/markdownText.ts`), so the
 * message shows no control character in a terminal and nothing comes alive where it is
 * rendered as Markdown (a pull-request comment with the preview's output).
 */
function quoted(text: string, maxLength?: number): string {
  return markdownCode(text, { maxLength }) || '""';
}

/**
 * Stack policy over the platform's automation rules (not the stack's resources). Reports, each
 * as its own violation naming the rule by name and id: a schedule (enabled rule, enabled schedule
 * trigger) whose shortest gap between fire times is below `minScheduleIntervalMinutes`, or whose
 * cron expression or timezone is invalid (crons read in the platform's dialect, see
 * {@link ruleViolations} and {@link declaredRuleViolations}); an enabled HTTP POST trigger on a
 * personal rule (team id 0); an enabled on-call incident trigger with no severities; and, once, more than
 * `maxEnabledRules` enabled rules. Triggers of disabled rules count only with
 * `includeDisabledRules`. A missing key or an API error is one violation whose message carries
 * the operation, error code and request id (never the key). Default enforcement: advisory.
 */
export function automationRuleGuardrailsPolicy(options: PolicyOptions<AutomationRuleGuardrailsConfig> = {}): StackValidationPolicy {
  const schema = withDefaults(SCHEMA, options.defaults);
  return {
    name: AUTOMATION_RULE_GUARDRAILS,
    description: "Automation rules must not fire too often, expose personal HTTP POST triggers or page on every severity, and their number is capped.",
    enforcementLevel: options.enforcementLevel ?? "advisory",
    configSchema: schema,
    validateStack: async (args, reportViolation) => {
      const config = readConfig<AutomationRuleGuardrailsConfig>(schema, args.getConfig());
      // Declared rules first, from their inputs: at preview, before anything is created, and
      // without any API call.
      const declared = declaredRules(args.resources);
      for (const message of declaredRuleViolations(declared, config)) reportViolation(message);
      let rules: AutomationRule[];
      try {
        rules = await readRules(config);
      } catch (err) {
        reportViolation(`could not check the automation rules: ${quoted((err as Error).message)}`);
        return;
      }
      // A declared rule already on the platform was checked above, from what the program declares.
      const ownIds = new Set(declared.map((d) => d.ruleId).filter((id): id is string => id !== undefined));
      for (const message of ruleViolations(
        rules.filter((r) => !ownIds.has(r.ruleId)),
        config,
      ))
        reportViolation(message);
    },
  };
}

async function readRules(config: AutomationRuleGuardrailsConfig): Promise<AutomationRule[]> {
  const client = policyClient({ appKey: config.appKey, baseUrl: config.baseUrl });
  const rules: AutomationRule[] = [];
  const filters = config.teamIds.length > 0 ? { scope: config.scope, teamIds: config.teamIds } : { scope: config.scope };
  for await (const rule of client.automationRules.listAll(filters)) rules.push(rule);
  return rules;
}

/** The fields of a rule the guardrails look at. */
type CheckedRule = Pick<
  AutomationRule,
  | "name"
  | "enabled"
  | "scheduleTriggerEnabled"
  | "cronExpr"
  | "timezone"
  | "teamId"
  | "httpPostTriggerEnabled"
  | "oncallIncidentTriggerEnabled"
  | "oncallIncidentSeverities"
> &
  Partial<Pick<AutomationRule, "httpPostTriggerId">>;

/** One `AutomationRule` resource of the stack, as its inputs declare it (defaults as the resource applies them). */
export interface DeclaredRule extends CheckedRule {
  /** The resource's name in the program. */
  resourceName: string;
  /** The rule id once created (or the adopted one); undefined before. */
  ruleId?: string;
}

/**
 * The `AutomationRule` resources among `resources` (by type token, the dynamic resource's or
 * the provider plugin's), from their properties as a stack policy gets them (the inputs before
 * the first update, the outputs after it: the same names in both forms). Every property is read
 * through {@link knownProp}, so a value not known yet (preview: the engine's props throw on it,
 * plain objects carry the placeholder) reads as the default or as empty, and a check that needs
 * it passes.
 */
export function declaredRules(resources: readonly { type: string; name: string; props: Record<string, unknown> }[]): DeclaredRule[] {
  return resources.filter((r) => isResourceType(r.type, "AutomationRule")).map((r) => toDeclaredRule(r.name, r.props));
}

/** One declared rule from its resource's name and properties (see {@link declaredRules}). */
function toDeclaredRule(resourceName: string, props: Record<string, unknown>): DeclaredRule {
  const str = (key: string, d: string) => {
    const v = knownProp(props, key);
    return typeof v === "string" ? v : d;
  };
  const bool = (key: string, d: boolean) => {
    const v = knownProp(props, key);
    return typeof v === "boolean" ? v : d;
  };
  const ruleId = knownProp(props, "ruleId");
  const teamId = knownProp(props, "teamId");
  // An output: set once the rule exists (after the first update), so a message can name the trigger.
  const triggerId = knownProp(props, "httpPostTriggerId");
  return {
    resourceName,
    ...(typeof ruleId === "string" ? { ruleId } : {}),
    name: str("name", resourceName),
    enabled: bool("enabled", true),
    scheduleTriggerEnabled: bool("scheduleTriggerEnabled", true),
    // An unknown cron is not checked (empty: skipped below).
    cronExpr: str("cronExpr", ""),
    timezone: str("timezone", "UTC"),
    // Unknown (or not a number): -1, which no check treats as personal.
    teamId: typeof teamId === "number" ? teamId : teamId === undefined ? 0 : -1,
    httpPostTriggerEnabled: bool("httpPostTriggerEnabled", false),
    ...(typeof triggerId === "string" && triggerId !== "" ? { httpPostTriggerId: triggerId } : {}),
    oncallIncidentTriggerEnabled: bool("oncallIncidentTriggerEnabled", false),
    oncallIncidentSeverities: knownSeverities(knownProp(props, "oncallIncidentSeverities")),
  };
}

/**
 * The declared severities: empty when absent, `["(unknown)"]` when the list or any item is not
 * known yet (preview), so the "no severities" check passes on it.
 */
function knownSeverities(raw: unknown): string[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) return ["(unknown)"];
  const items: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const item = knownProp(raw as unknown as Record<string, unknown>, String(i));
    if (item === UNKNOWN) return ["(unknown)"];
    if (typeof item === "string") items.push(item);
  }
  return items;
}

/**
 * The violation messages of the declared rules (the same schedule, personal HTTP POST and
 * on-call checks as for the platform's rules), each naming the resource, in resource name order.
 * A declared cron is about to be written, so it is held to the whole platform dialect (as the
 * provider's `check` holds it): one it breaks cannot be evaluated (the message names the rule
 * it breaks); `9 * * *` is daily at 09:00.
 */
export function declaredRuleViolations(rules: readonly DeclaredRule[], config: AutomationRuleGuardrailsConfig, now = Date.now()): string[] {
  const messages: string[] = [];
  const gaps = new Map<string, number | undefined | Error>();
  const sorted = [...rules].sort((a, b) => (a.resourceName < b.resourceName ? -1 : a.resourceName > b.resourceName ? 1 : 0));
  for (const rule of sorted) {
    checkRule(rule, `AutomationRule resource "${rule.resourceName}" (rule "${rule.name}")`, config, { from: now, dialect: "written" }, gaps, messages);
  }
  return messages;
}

/**
 * The violation messages for `rules` under `config`, in rule order (`ruleId`), the
 * maxEnabledRules one last. Schedule gaps are evaluated from now, each cron as the platform fires
 * it (`9 * * *` daily at 09:00; a legacy row's `*\/5 * * * *` every 5 minutes; a seconds field or
 * a macro cannot be evaluated: wire/cronDialect.ts, `cronShapeProblem`). Platform text (names, ids,
 * cron expressions, timezones, error messages) is shown as inert code spans with control
 * characters escaped: `` rule `Nightly` (`arule_1`): schedule `0 3 * * *` (`UTC`) ... ``.
 */
export function ruleViolations(rules: AutomationRule[], config: AutomationRuleGuardrailsConfig, now = Date.now()): string[] {
  const messages: string[] = [];
  const gaps = new Map<string, number | undefined | Error>();
  const sorted = [...rules].sort((a, b) => (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0));
  for (const rule of sorted)
    checkRule(rule, `rule ${quoted(rule.name, MAX_SHOWN_NAME)} (${quoted(rule.ruleId)})`, config, { from: now, dialect: "stored" }, gaps, messages);
  const enabled = sorted.filter((r) => r.enabled);
  if (config.checkMaxEnabledRules && enabled.length > config.maxEnabledRules) {
    const listed = enabled
      .slice(0, MAX_LISTED_RULES)
      .map((r) => `${quoted(r.name, MAX_SHOWN_NAME)} (${quoted(r.ruleId)})`)
      .join(", ");
    const more = enabled.length > MAX_LISTED_RULES ? ` and ${enabled.length - MAX_LISTED_RULES} more` : "";
    messages.push(`${enabled.length} automation rules are enabled, more than maxEnabledRules (${config.maxEnabledRules}): ${listed}${more}`);
  }
  return messages;
}

/**
 * The schedule, personal HTTP POST and on-call checks of one rule, appended to `messages`;
 * `schedule` says from when and in how much of the dialect the cron is read, `gaps` caches the
 * schedule gaps (minutes) or errors by cron and timezone for one such reading.
 */
function checkRule(
  rule: CheckedRule,
  label: string,
  config: AutomationRuleGuardrailsConfig,
  schedule: ScheduleGapOptions,
  gaps: Map<string, number | undefined | Error>,
  messages: string[],
): void {
  {
    const active = rule.enabled || config.includeDisabledRules;
    if (config.checkScheduleInterval && active && rule.scheduleTriggerEnabled && rule.cronExpr !== "") {
      const key = `${rule.cronExpr}\n${rule.timezone ?? ""}`;
      if (!gaps.has(key)) {
        try {
          gaps.set(key, minScheduleGapMinutes(rule.cronExpr, rule.timezone ?? "", schedule));
        } catch (err) {
          gaps.set(key, err as Error);
        }
      }
      const gap = gaps.get(key);
      const where = `schedule ${quoted(rule.cronExpr)} (${quoted(rule.timezone || "UTC")})`;
      if (gap instanceof Error) messages.push(`${label}: ${where} cannot be evaluated: ${quoted(gap.message)}`);
      else if (gap !== undefined && gap < config.minScheduleIntervalMinutes) {
        messages.push(
          `${label}: ${where} fires every ${formatMinutes(gap)}, more often than minScheduleIntervalMinutes (${config.minScheduleIntervalMinutes})`,
        );
      }
    }
    if (config.checkPersonalHttpPostTriggers && active && rule.teamId === 0 && rule.httpPostTriggerEnabled) {
      messages.push(
        `${label}: personal rule with an enabled HTTP POST trigger (${rule.httpPostTriggerId === undefined ? "no id" : quoted(rule.httpPostTriggerId)}); move the rule to a team or disable the trigger`,
      );
    }
    if (config.checkOncallTriggerSeverities && active && rule.oncallIncidentTriggerEnabled && (rule.oncallIncidentSeverities ?? []).length === 0) {
      messages.push(`${label}: enabled on-call incident trigger with no severities (it would run on every incident); list the severities it is for`);
    }
  }
}

function formatMinutes(minutes: number): string {
  return minutes === 1 ? "1 minute" : `${Number.isInteger(minutes) ? minutes : minutes.toFixed(2)} minutes`;
}
