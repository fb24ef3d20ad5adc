/**
 * The emulator's deterministic seed: accounts, teams, members and their app keys, MCP servers,
 * automation rules and templates. Every start builds exactly the same data for the same counts,
 * and rule N is the same whatever the total (a smaller seed is a prefix of a larger one).
 */
import { createHash } from "node:crypto";
import { MASKED_VALUE, PLACEHOLDER_CRON } from "../wire/protocol";
import type { WireAutomationTemplate, WireMcpServer } from "../wire/wireTypes";
import { nextFireAtMs } from "./nextFire";
import { createRng, hash32, hex8 } from "./random";
import type { SeedTeam, SeedUser, StoredRule } from "./types";

/** Fields of older API versions that the emulator, like the newest platform, never sends. */
type LegacyServerField = "tools" | "tool_count" | "list_error" | "environment_kind" | "environment_id";

/**
 * An MCP server as the emulator stores it: the wire shape of the vendor's newest schema without
 * the per-caller `can_edit` and without the legacy fields. Optional fields the platform omits
 * are absent (no key), never `undefined` or `null`.
 */
export type StoredServer = Omit<WireMcpServer, "can_edit" | LegacyServerField>;

export const DEFAULT_RULE_COUNT = 320;
export const DEFAULT_SERVER_COUNT = 16;

export const SEED_ACCOUNTS = [
  { accountId: 1, name: "Northwind" },
  { accountId: 2, name: "Acme" },
] as const;

export const SEED_TEAMS: readonly SeedTeam[] = Object.freeze([
  { teamId: 1, accountId: 1, name: "SRE" },
  { teamId: 2, accountId: 1, name: "Payments" },
  { teamId: 3, accountId: 1, name: "Platform" },
  { teamId: 4, accountId: 1, name: "Data" },
  { teamId: 5, accountId: 2, name: "Acme Ops" },
  { teamId: 6, accountId: 2, name: "Acme Dev" },
]);

// App keys look like the platform's (32 hex digits) but are derived from the member id, so they
// are the same on every start and every machine; they open nothing but this emulator.
function appKeyFor(memberId: number): string {
  return createHash("sha256").update(`flashduty-emulator/app-key/${memberId}`).digest("hex").slice(0, 32);
}

function user(memberId: number, accountId: number, name: string, role: SeedUser["role"], teamIds: number[], aiSre: boolean): SeedUser {
  return { memberId, accountId, name, role, teamIds, aiSre, appKey: appKeyFor(memberId) };
}

/** The seeded members; `SEED_KEY_MEMBERS` says which one each named key belongs to. */
export const SEED_USERS: readonly SeedUser[] = Object.freeze([
  user(1001, 1, "Olivia Owner", "owner", [1], true),
  user(1002, 1, "Adam Admin", "admin", [4], true),
  user(1003, 1, "Mia Member", "member", [1, 2], true),
  user(1004, 1, "Noah NoPermission", "member", [1], false),
  user(1005, 1, "Tara Platform", "member", [3], true),
  user(2001, 2, "Otto Other", "admin", [5], true),
  user(2002, 2, "Una Acme", "member", [6], true),
]);

/** Member id behind each named key of `Emulator.keys`. */
export const SEED_KEY_MEMBERS = {
  admin: 1002,
  member: 1003,
  noAiSre: 1004,
  otherAccount: 2001,
  teamMember2: 1005,
} as const;

const DAY_MS = 86_400_000;
const SERVER_EPOCH = Date.UTC(2024, 2, 1); // 2024-03-01

/** The transport-specific and other optional fields of a seed server (absent keys stay absent). */
type ServerExtras = Partial<Omit<StoredServer, "server_id" | "account_id" | "team_id" | "server_name" | "transport" | "status" | "created_by" | "description">>;

function server(
  index: number,
  server_id: string,
  account_id: number,
  team_id: number,
  server_name: string,
  transport: "stdio" | "sse" | "streamable-http",
  status: "enabled" | "disabled",
  created_by: number,
  description: string,
  extras: ServerExtras = {},
): StoredServer {
  const created_at = SERVER_EPOCH + index * DAY_MS + index * 3_600_000;
  return {
    server_id,
    account_id,
    team_id,
    server_name,
    description,
    transport,
    status,
    environments: [],
    connect_timeout: 0,
    call_timeout: 0,
    created_by,
    created_at,
    updated_at: created_at + 5 * DAY_MS,
    ...extras,
  };
}

const OAUTH_METADATA = JSON.stringify({
  issuer: "https://auth.atlassian.example",
  authorization_endpoint: "https://auth.atlassian.example/authorize",
  token_endpoint: "https://auth.atlassian.example/oauth/token",
  scopes_supported: ["read:jira-work", "write:jira-work"],
});

/**
 * The fixed MCP servers, present in every seed (ids, accounts, teams and statuses never change).
 * Between them they carry every shape of the schema: url and headers for sse/streamable-http,
 * command/args/env for stdio (secret values masked), `environments` empty (all), `cloud` and
 * BYOC runner ids, custom and default (0) timeouts, each `auth_mode` (and none), OAuth
 * metadata, a secret schema, proxy and TLS flags, template names; and servers where the
 * optional fields are simply absent (`mcp_sentry`, `mcp_acme_db`).
 */
export const SEED_SERVERS: readonly StoredServer[] = Object.freeze(
  [
    server(0, "mcp_grafana", 1, 1, "Grafana", "sse", "enabled", 1001, "Dashboards, panels and alert rules", {
      ai_description: "Query Grafana dashboards, panels, alert rules and their current state.",
      url: "https://grafana.northwind.example/api/mcp/sse",
      headers: { Authorization: MASKED_VALUE, "X-Grafana-Org-Id": "1" },
      auth_mode: "shared",
      source_template_name: "Grafana",
    }),
    server(1, "mcp_prometheus", 1, 1, "Prometheus", "streamable-http", "enabled", 1001, "PromQL queries and targets", {
      environments: ["cloud"],
      connect_timeout: 15,
      call_timeout: 120,
      url: "https://prometheus.northwind.example/mcp",
      proxy_url: "http://proxy.northwind.example:3128",
      auth_mode: "",
      source_template_name: "Prometheus",
    }),
    server(2, "mcp_github", 1, 0, "GitHub", "stdio", "enabled", 1002, "Repositories, pull requests and deployments", {
      ai_description: "Read repositories, pull requests, workflow runs and deployments.",
      command: "npx",
      args: ["-y", "@modelcontextprotocol/server-github"],
      env: { GITHUB_PERSONAL_ACCESS_TOKEN: MASKED_VALUE, GITHUB_HOST: "github.com" },
      auth_mode: "shared",
      source_template_name: "GitHub",
    }),
    server(3, "mcp_jira", 1, 2, "Jira", "sse", "disabled", 1003, "Issues and change tickets", {
      url: "https://mcp.atlassian.example/v1/sse",
      auth_mode: "per_user_oauth",
      oauth_metadata: OAUTH_METADATA,
      allow_insecure_oauth_http: false,
      connect_timeout: 20,
      source_template_name: "Atlassian",
    }),
    server(4, "mcp_k8s", 1, 3, "Kubernetes", "stdio", "enabled", 1005, "Cluster workloads, events and logs", {
      environments: ["byoc_runner_7f3a9c", "byoc_runner_e21d04"],
      call_timeout: 300,
      command: "/usr/local/bin/kubernetes-mcp-server",
      args: ["--read-only", "--kubeconfig", "/etc/runner/kubeconfig"],
    }),
    server(5, "mcp_slack", 1, 0, "Slack", "streamable-http", "disabled", 1001, "Channels and incident rooms", {
      url: "https://slack-mcp.northwind.example/mcp",
      headers: { "X-Workspace": "northwind" },
      auth_mode: "per_user_secret",
      // JSON text, as the vendor's model types it (never an array or object on the wire).
      secret_schema: JSON.stringify([{ key: "SLACK_USER_TOKEN", label: "Slack user token", required: true, target: "header", header: "Authorization" }]),
      source_template_name: "Slack",
    }),
    server(6, "mcp_datadog", 1, 4, "Datadog", "sse", "enabled", 1002, "Metrics, monitors and APM traces", {
      environments: ["cloud", "byoc_runner_7f3a9c"],
      ai_description: "Metrics, monitors, logs and APM traces from Datadog (EU site).",
      url: "https://datadog-mcp.internal.northwind.example:8443/sse",
      headers: { "DD-API-KEY": MASKED_VALUE, "DD-APPLICATION-KEY": MASKED_VALUE },
      allow_insecure_tls_skip_verify: true,
    }),
    server(7, "mcp_postgres", 1, 2, "PostgreSQL", "stdio", "enabled", 1003, "Read-only SQL on the payments replica", {
      command: "uvx",
      args: ["postgres-mcp", "--access-mode=restricted"],
      env: { DATABASE_URI: MASKED_VALUE, PGAPPNAME: "flashduty-ai-sre" },
      connect_timeout: 5,
      call_timeout: 30,
      source_template_name: "PostgreSQL",
    }),
    // Only the required fields and the URL: the platform omits every optional field it has no value for.
    server(8, "mcp_sentry", 1, 1, "Sentry", "streamable-http", "disabled", 1001, "", {
      url: "https://mcp.sentry.example/mcp",
    }),
    server(9, "mcp_acme_logs", 2, 5, "Acme Logs", "sse", "enabled", 2001, "Log search", {
      environments: ["cloud"],
      url: "http://logs.acme.example:9000/sse",
      headers: {},
      allow_insecure_oauth_http: true,
      allow_insecure_tls_skip_verify: false,
      auth_mode: "per_user_oauth",
      oauth_metadata: "{}",
    }),
    // stdio with no arguments and no environment: `args` and `env` are absent.
    server(10, "mcp_acme_db", 2, 0, "Acme DB", "stdio", "disabled", 2001, "Database health", {
      command: "acme-db-mcp",
    }),
    server(11, "mcp_acme_ci", 2, 6, "Acme CI", "streamable-http", "enabled", 2002, "Pipelines and build logs", {
      ai_description: "Pipelines, build logs and artifacts of Acme CI.",
      url: "https://ci.acme.example/mcp",
      headers: { Authorization: MASKED_VALUE },
      auth_mode: "shared",
      source_template_name: "Acme CI",
    }),
  ].map((s) => Object.freeze(s)),
);

const TRANSPORTS = ["stdio", "sse", "streamable-http"] as const;

/** The transport fields of generated server `n`: a URL for sse/streamable-http, a command and arguments for stdio. */
function generatedTransportFields(n: number, transport: (typeof TRANSPORTS)[number]): ServerExtras {
  if (transport === "stdio") return { command: "generated-mcp", args: ["--instance", String(n)] };
  return { url: `https://mcp-${n}.generated.example/${transport === "sse" ? "sse" : "mcp"}` };
}

/** All servers of a seed with `total` servers: the fixed ones, then `mcp_gen_0001`... (account 1, team 1, enabled). */
export function seedServers(total: number): StoredServer[] {
  const servers = SEED_SERVERS.map((s) => structuredClone(s));
  for (let n = 1; servers.length < total; n++) {
    const id = String(n).padStart(4, "0");
    const transport = TRANSPORTS[n % TRANSPORTS.length]!;
    servers.push(
      server(
        SEED_SERVERS.length + n - 1,
        `mcp_gen_${id}`,
        1,
        1,
        `Generated server ${id}`,
        transport,
        "enabled",
        1001,
        "Generated for load tests",
        generatedTransportFields(n, transport),
      ),
    );
  }
  return servers;
}

// ---------------------------------------------------------------- automation rules

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
 * `n % LEGACY_CRON_PERIOD` is a key of this table (rules 22, 40, 222, 240, 422, ...: 1% of the
 * seed, two of them among the first 50); it carries the table's cron instead of its drawn one,
 * is enabled with an enabled schedule trigger (a schedule that has kept firing since), and its
 * name ends with {@link LEGACY_RULE_NAME_SUFFIX}. Every other seed rule's cron satisfies the
 * dialect. They are what keeps the policy pack's schedule-interval guardrail with something to
 * report on the seed: `*\/5 9-18 * * 1-5` fires every 5 minutes, `*\/15 * * * *` every 15.
 */
export const LEGACY_CRONS: Readonly<Record<number, string>> = Object.freeze({
  22: "*/5 9-18 * * 1-5",
  40: "*/15 * * * *",
});

/** The end of every legacy row's name (see {@link LEGACY_CRONS}), e.g. `Flaky check hunt (payments) [legacy schedule]`. */
export const LEGACY_RULE_NAME_SUFFIX = " [legacy schedule]";

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
 * platform's dialect except on the marked legacy rows ({@link LEGACY_CRONS}). Everything is the same on
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
  const severities = pick(rng, SEVERITY_SETS);
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
  // A legacy row: its legacy cron on an enabled rule with an enabled schedule trigger (set after
  // every draw, so the draws of other rules and its other fields stay as they were).
  const legacyCron = legacyCronOf(index);
  const shape: TriggerShape = legacyCron !== undefined && !SCHEDULED_SHAPES.has(drawnShape) ? "all" : drawnShape;
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
  const httpPostId = triggerId(index, 2);
  const rule: StoredRule = {
    rule_id: `arule_${hex8(hash32(index, 1))}${index.toString(16).padStart(6, "0")}`,
    account_id: accountId,
    team_id: teamId,
    owner_id: ownerId,
    name: `${taskName} (${service})${legacyCron === undefined ? "" : LEGACY_RULE_NAME_SUFFIX}`,
    enabled,
    run_scope: personal ? "person" : "team",
    cron_expr: cron,
    timezone: timezone ?? "",
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

// ---------------------------------------------------------------- automation templates

/** Locales with templates; the first is the fallback. */
export const TEMPLATE_LOCALES = ["en-US", "zh-CN"] as const;
export type TemplateLocale = (typeof TEMPLATE_LOCALES)[number];

/** Preset templates per locale, the same seven in the same order in each language. */
export const SEED_TEMPLATES: Readonly<Record<TemplateLocale, readonly WireAutomationTemplate[]>> = Object.freeze({
  "en-US": [
    {
      name: "Daily alert digest",
      description: "A morning summary of yesterday's alerts and incidents.",
      icon: "bell",
      enabled: true,
      prompt: "Summarise the alerts and incidents of the last 24 hours, grouped by service, and highlight anything still open.",
    },
    {
      name: "Weekly on-call handover",
      description: "Handover notes for the next on-call engineer.",
      icon: "calendar",
      enabled: true,
      prompt: "Write handover notes for the next on-call shift: open incidents, noisy alerts and pending follow-ups.",
    },
    {
      name: "Error budget review",
      description: "Tracks SLO burn and warns before the budget runs out.",
      icon: "gauge",
      enabled: true,
      prompt: "Review the error budget burn of every SLO and warn about any that will be exhausted this week.",
    },
    {
      name: "Certificate expiry check",
      description: "Finds TLS certificates close to expiry.",
      icon: "shield",
      enabled: true,
      prompt: "List TLS certificates that expire within 30 days and who owns them.",
    },
    {
      name: "Disk usage forecast",
      description: "Predicts which volumes fill up soon.",
      icon: "database",
      enabled: true,
      prompt: "Forecast disk usage for the next 14 days and list volumes expected to pass 90%.",
    },
    {
      name: "Deploy change summary",
      description: "What changed in production today.",
      icon: "rocket",
      enabled: true,
      prompt: "Summarise today's production deployments and correlate them with new alerts.",
    },
    {
      name: "Incident postmortem draft",
      description: "A first draft of the postmortem after an incident closes.",
      icon: "file-text",
      enabled: false,
      prompt: "Draft a blameless postmortem: timeline, impact, root cause and action items.",
    },
  ],
  "zh-CN": [
    {
      name: "每日告警摘要",
      description: "每天早上汇总前一天的告警与故障。",
      icon: "bell",
      enabled: true,
      prompt: "汇总过去 24 小时的告警和故障，按服务分组，并标出仍未解决的问题。",
    },
    {
      name: "每周值班交接",
      description: "为下一位值班工程师准备交接说明。",
      icon: "calendar",
      enabled: true,
      prompt: "为下一班值班撰写交接说明：未关闭的故障、噪声告警和待跟进事项。",
    },
    {
      name: "错误预算回顾",
      description: "跟踪 SLO 消耗，在预算耗尽前预警。",
      icon: "gauge",
      enabled: true,
      prompt: "回顾所有 SLO 的错误预算消耗，预警本周可能耗尽的 SLO。",
    },
    { name: "证书过期检查", description: "找出即将过期的 TLS 证书。", icon: "shield", enabled: true, prompt: "列出 30 天内过期的 TLS 证书及其负责人。" },
    {
      name: "磁盘用量预测",
      description: "预测哪些磁盘即将写满。",
      icon: "database",
      enabled: true,
      prompt: "预测未来 14 天的磁盘用量，列出预计超过 90% 的卷。",
    },
    { name: "发布变更总结", description: "今天生产环境发生了哪些变更。", icon: "rocket", enabled: true, prompt: "总结今天的生产发布，并与新增告警做关联。" },
    {
      name: "故障复盘草稿",
      description: "故障关闭后生成复盘初稿。",
      icon: "file-text",
      enabled: false,
      prompt: "撰写一份不追责的故障复盘初稿：时间线、影响、根因和改进项。",
    },
  ],
});
