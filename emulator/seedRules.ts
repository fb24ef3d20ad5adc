import { PLACEHOLDER_CRON, RULE_LIMITS } from "../wire/protocol";
import { nextFireAtMs } from "./nextFire";
import { createRng, hash32, hex8 } from "./random";
import type { StoredRule } from "./types";
import { DAY_MS, SEED_TEAMS, SEED_USERS } from "./seed";

const RULE_EPOCH = Date.UTC(2024, 0, 1); // 2024-01-01

/**
 * The crons seed rules draw from, every one in the platform's dialect (wire/cronDialect.ts: a
 * fixed minute, 4 or 5 fields, not both day-of-month and day-of-week). `0 * * * *` and
 * `0 9-18 * * 1-5` took the places of `*\/15 * * * *` and `*\/5 9-18 * * 1-5`, which the
 * platform refuses today, so every other field of every seed rule is drawn as before; those two
 * crons now live only on the marked legacy rows ({@link LEGACY_CRONS}).
 */
const CRONS = [
  "0 9 * * 1-5",
  "0 * * * *",
  "0 */6 * * *",
  "30 2 * * *",
  "0 0 1 * *",
  "45 23 * * 0",
  "0 8,20 * * *",
  "0 9-18 * * 1-5",
  "15 4 * * 6",
  "0 12 15 * *",
  "10 */2 * * *",
  "0 7 * 1-6 1",
];
/** Legacy rows repeat every this many rules (see {@link LEGACY_CRONS}). */
export const LEGACY_CRON_PERIOD = 200;

/**
 * The seed's legacy schedule rows: rules made before the platform checked cron expressions,
 * which it still stores, lists and fires (reads never check a cron). Rule `n` is one when
 * `n % LEGACY_CRON_PERIOD` is a key of this table (rules 22, 31, 40, 222, 231, 240, 422, ...: 1.5%
 * of the seed, three of them among the first 50); it carries the table's cron instead of its drawn one,
 * is enabled with an enabled schedule trigger (a schedule that has kept firing since), and its
 * name ends with {@link LEGACY_RULE_NAME_SUFFIX}. Every other seed rule's cron satisfies the
 * dialect. They are what keeps the policy pack's schedule-interval guardrail with something to
 * report on the seed: `*\/5 9-18 * * 1-5` fires every 5 minutes, `*\/15 * * * *` every 15.
 */
export const LEGACY_CRONS: Readonly<Record<number, string>> = Object.freeze({
  22: "*/5 9-18 * * 1-5",
  // Both day fields restricted (the 1st of the month and every Monday): the platform refuses it
  // since, and still fires it on either day.
  31: "0 9 1 * 1",
  40: "*/15 * * * *",
});

/** The end of every legacy row's name (see {@link LEGACY_CRONS}), e.g. `Flaky check hunt (payments) [legacy schedule]`. */
export const LEGACY_RULE_NAME_SUFFIX = " [legacy schedule]";

/**
 * The other shapes of a rule older than today's rules that the platform still holds, lists and
 * runs (its writes check a field only when they set it; docs/platform-api.md "Automation rule
 * object"), besides the legacy crons of {@link LEGACY_CRONS}:
 * - `oncallChannelsDeleted`: an enabled on-call trigger whose channel list is empty (its channels
 *   were deleted since; a create or an update that sets the trigger needs at least one);
 * - `noTimezone`: `timezone` `""` (a row made before the field; read as UTC);
 * - `longName`: a name longer than {@link RULE_LIMITS}.maxNameLength characters.
 */
export type LegacyRuleShape = "oncallChannelsDeleted" | "noTimezone" | "longName";

/**
 * Seed rule `n` carries the shape of this table for `n % LEGACY_CRON_PERIOD` (rules 5, 12, 13,
 * 205, 212, 213, ...: every seed of 14 rules or more has each), set after every draw like the
 * legacy crons, so the other rules and the row's other fields stay as drawn. Rows 5 and 13 drew
 * their shape already (the seed has always held such rows; many more than these); the table
 * keeps one of each whatever the draws.
 */
export const LEGACY_RULE_SHAPES: Readonly<Record<number, LegacyRuleShape>> = Object.freeze({
  5: "oncallChannelsDeleted",
  12: "longName",
  13: "noTimezone",
});

/** The legacy shape of seed rule `index` (0-based, as in {@link seedRule}) beside its cron, or undefined (see {@link LEGACY_RULE_SHAPES}). */
export function legacyRuleShapeOf(index: number): LegacyRuleShape | undefined {
  return LEGACY_RULE_SHAPES[index % LEGACY_CRON_PERIOD];
}

/** A name past the rule name limit, as a rule made before it may hold: the drawn name and a note, 300 characters. */
function legacyLongName(name: string): string {
  const note = `a name written before rule names were limited to ${RULE_LIMITS.maxNameLength} characters, kept by every update since; `;
  return `${name}: ${note.repeat(4)}`.slice(0, RULE_LIMITS.maxNameLength + 45);
}

/** The cron of seed rule `index` (0-based) when it is a legacy row, else undefined. */
function legacyCronOf(index: number): string | undefined {
  return LEGACY_CRONS[index % LEGACY_CRON_PERIOD];
}

/**
 * Whether seed rule `index` (0-based, as in {@link seedRule}) is a legacy row: a rule whose cron
 * breaks the platform's dialect, marked by {@link LEGACY_RULE_NAME_SUFFIX} (see {@link LEGACY_CRONS}).
 */
export function isLegacyCronRule(index: number): boolean {
  return legacyCronOf(index) !== undefined;
}

// `""` and `null`: legacy rows (UTC). `null` stood for rows that lacked `timezone` entirely; the
// vendor's model requires the field, so they now send `""` too (kept in the list so every other
// field of every seed rule stays as it was).
const TIMEZONES = [
  "",
  "UTC",
  "Asia/Shanghai",
  "America/New_York",
  "Europe/Berlin",
  "Asia/Tokyo",
  "Australia/Sydney",
  "America/Los_Angeles",
  "Europe/London",
  null,
];

/**
 * Which triggers a rule has (docs/platform-api.md "Automation rule object": the trigger fields are absent when the rule has no
 * such trigger), with the share of seed rules of each shape.
 */
const TRIGGER_SHAPES = [
  { shape: "all", share: 0.5 },
  { shape: "noHttpPost", share: 0.12 },
  { shape: "noOncall", share: 0.12 },
  { shape: "noScheduleId", share: 0.08 },
  { shape: "httpPostOnly", share: 0.12 },
  { shape: "none", share: 0.06 },
] as const;
type TriggerShape = (typeof TRIGGER_SHAPES)[number]["shape"];

/** The shapes whose schedule trigger can run the rule's own cron (not the HTTP-POST-only placeholder). */
const SCHEDULED_SHAPES: ReadonlySet<TriggerShape> = new Set(["all", "noHttpPost", "noOncall"]);
/** The shapes with an on-call trigger. */
const ONCALL_SHAPES: ReadonlySet<TriggerShape> = new Set(["all", "noHttpPost", "noScheduleId"]);

function pickShape(roll: number): TriggerShape {
  let edge = 0;
  for (const { shape, share } of TRIGGER_SHAPES) {
    edge += share;
    if (roll < edge) return shape;
  }
  return "all";
}
const TASKS = [
  ["Daily alert digest", "Summarise yesterday's alerts for"],
  ["Disk usage forecast", "Forecast disk usage growth of"],
  ["Certificate expiry check", "List TLS certificates expiring within 30 days in"],
  ["Error budget review", "Review the error budget burn of"],
  ["Incident triage", "Triage the new incident and collect evidence from"],
  ["Deploy change summary", "Summarise the deployments of the last 24 hours of"],
  ["Slow query report", "Report the slowest database queries of"],
  ["On-call handover", "Prepare the on-call handover notes for"],
  ["Capacity check", "Check CPU and memory headroom of"],
  ["每日告警汇总", "汇总昨天的告警："],
  ["Flaky check hunt", "Find flapping health checks of"],
  ["Backup verification", "Verify last night's backups of"],
];
const SERVICES = ["checkout", "api-gateway", "payments", "search", "billing", "auth", "ledger", "k8s-prod", "kafka", "redis"];
const ENVIRONMENT_KINDS = ["", "cloud", "byoc"] as const;
const SEVERITY_SETS = [["Critical"], ["Critical", "Warning"], ["Warning"], ["Info"], ["Critical", "Warning", "Info"], []];

function pick<T>(rng: () => number, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)]!;
}

function triggerId(index: number, salt: number): string {
  return `atrig_${hex8(hash32(index, salt))}${hex8(hash32(salt, index, 7))}`;
}

/**
 * Rule number `index` of the seed (its can_edit is false: the caller decides it). About 85% in
 * account 1; about 30% personal (team_id 0, owner any member of the account), the rest owned by a
 * member of their team. Every three consecutive rules share `created_at` so the tie-break of the
 * order shows. Trigger shapes as {@link TRIGGER_SHAPES}: a rule without a trigger lacks its id
 * (and URL, channels, severities) and has the trigger disabled; an HTTP-POST-only rule carries
 * the placeholder cron `0 0 * * *` with its schedule trigger disabled. Every cron satisfies the
 * platform's dialect except on the marked legacy rows ({@link LEGACY_CRONS}); the rows of
 * {@link LEGACY_RULE_SHAPES} carry another shape older than today's rules. Everything is the same on
 * every start except `schedule_next_fire_at_ms`, which follows the cron expression, the time zone
 * and `now` (epoch ms) as on the platform (see {@link nextFireAtMs}).
 */
export function seedRule(index: number, now: number): StoredRule {
  const rng = createRng(hash32(index, 0x5eed));
  const accountId = rng() < 0.85 ? 1 : 2;
  const personal = rng() < 0.3;
  const accountUsers = SEED_USERS.filter((u) => u.accountId === accountId);
  let teamId = 0;
  let ownerId: number;
  if (personal) {
    ownerId = pick(rng, accountUsers).memberId;
  } else {
    teamId = pick(
      rng,
      SEED_TEAMS.filter((t) => t.accountId === accountId),
    ).teamId;
    ownerId = pick(
      rng,
      accountUsers.filter((u) => u.teamIds.includes(teamId)),
    ).memberId;
  }
  const [taskName, taskPrompt] = pick(rng, TASKS);
  const service = pick(rng, SERVICES);
  let enabled = rng() < 0.75;
  const kind = pick(rng, ENVIRONMENT_KINDS);
  let scheduleEnabled = rng() < 0.7;
  const createdAt = RULE_EPOCH + Math.floor(index / 3) * 37 * 60_000;
  const updatedAt = createdAt + Math.floor((rng() * 20 * DAY_MS) / 1000) * 1000;
  let severities = pick(rng, SEVERITY_SETS);
  const channelCount = Math.floor(rng() * 4);
  const channels: number[] = [];
  for (let c = 0; c < channelCount; c++) channels.push(3000 + Math.floor(rng() * 40) + c * 100);
  let cron = pick(rng, CRONS);
  const timezone = pick(rng, TIMEZONES);
  let httpPostEnabled = rng() < 0.4;
  // Once the next fire time's draw; kept so the fields drawn after it stay those of earlier seeds.
  if (enabled && scheduleEnabled) rng();
  let oncallEnabled = severities.length > 0 && rng() < 0.6;
  // Drawn last, so the fields above are those of the seed before trigger shapes existed.
  const drawnShape = pickShape(rng());
  // A legacy row: its legacy cron on an enabled rule with an enabled schedule trigger, or its
  // legacy shape (LEGACY_RULE_SHAPES), set after every draw, so the draws of other rules and its
  // other fields stay as they were.
  const legacyCron = legacyCronOf(index);
  const legacyShape = legacyRuleShapeOf(index);
  const needsSchedule = legacyCron !== undefined && !SCHEDULED_SHAPES.has(drawnShape);
  const needsOncall = legacyShape === "oncallChannelsDeleted" && !ONCALL_SHAPES.has(drawnShape);
  const shape: TriggerShape = needsSchedule || needsOncall ? "all" : drawnShape;
  if (legacyCron !== undefined) {
    cron = legacyCron;
    enabled = true;
    scheduleEnabled = true;
  }

  const hasSchedule = shape !== "noScheduleId" && shape !== "none";
  const hasHttpPost = shape !== "noHttpPost" && shape !== "none";
  const hasOncall = shape === "all" || shape === "noHttpPost" || shape === "noScheduleId";
  if (shape === "httpPostOnly") {
    cron = PLACEHOLDER_CRON;
    scheduleEnabled = false;
    httpPostEnabled = true;
  }
  if (!hasSchedule) scheduleEnabled = false;
  if (!hasHttpPost) httpPostEnabled = false;
  if (!hasOncall) oncallEnabled = false;
  if (legacyShape === "oncallChannelsDeleted") {
    oncallEnabled = true;
    channels.length = 0;
    if (severities.length === 0) severities = ["Critical"];
  }
  const httpPostId = triggerId(index, 2);
  const rule: StoredRule = {
    rule_id: `arule_${hex8(hash32(index, 1))}${index.toString(16).padStart(6, "0")}`,
    account_id: accountId,
    team_id: teamId,
    owner_id: ownerId,
    name:
      legacyShape === "longName"
        ? legacyLongName(`${taskName} (${service})`)
        : `${taskName} (${service})${legacyCron === undefined ? "" : LEGACY_RULE_NAME_SUFFIX}`,
    enabled,
    run_scope: personal ? "person" : "team",
    cron_expr: cron,
    timezone: legacyShape === "noTimezone" ? "" : (timezone ?? ""),
    prompt: `${taskPrompt} ${service}. Post the result to the team channel and flag anything that needs a human.`,
    environment_kind: kind,
    environment_id: kind === "" ? "" : `env_${hex8(hash32(index, 3))}`,
    ...(hasSchedule ? { schedule_trigger_id: triggerId(index, 1) } : {}),
    schedule_trigger_enabled: scheduleEnabled,
    ...(hasHttpPost ? { http_post_trigger_id: httpPostId, http_post_trigger_url: `/safari/automation/triggers/${httpPostId}/fire` } : {}),
    http_post_trigger_enabled: httpPostEnabled,
    can_edit: false,
    created_at: createdAt,
    updated_at: updatedAt,
    schedule_next_fire_at_ms: 0,
    ...(hasOncall ? { oncall_incident_trigger_id: triggerId(index, 3) } : {}),
    oncall_incident_trigger_enabled: oncallEnabled,
    ...(hasOncall ? { oncall_incident_channel_ids: channels, oncall_incident_severities: [...severities] } : {}),
  };
  rule.schedule_next_fire_at_ms = nextFireAtMs(rule, now);
  return rule;
}

/**
 * The first `count` seed rules, in the API's order: `created_at` descending, then `rule_id`
 * ascending; next fire times as of `now` (epoch ms).
 */
export function seedRules(count: number, now: number): StoredRule[] {
  const rules: StoredRule[] = [];
  for (let i = 0; i < count; i++) rules.push(seedRule(i, now));
  return rules.sort(compareRules);
}

/** The documented rule order: newest `created_at` first, ties by `rule_id` ascending. */
export function compareRules(a: StoredRule, b: StoredRule): number {
  return b.created_at - a.created_at || (a.rule_id < b.rule_id ? -1 : a.rule_id > b.rule_id ? 1 : 0);
}
