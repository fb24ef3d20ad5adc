/**
 * The emulator's deterministic seed: accounts, teams, members and their app keys, MCP servers,
 * automation rules and templates. Every start builds exactly the same data for the same counts,
 * and rule N is the same whatever the total (a smaller seed is a prefix of a larger one).
 */
import { createHash } from "node:crypto";
import type { WireAutomationRule, WireAutomationTemplate, WireMcpServer } from "pulumi-flashduty/sdk/wire";
import { createRng, hash32, hex8 } from "./random";
import type { SeedTeam, SeedUser } from "./types";

/** An MCP server as the emulator stores it: the wire shape without the per-caller and per-probe fields. */
export type StoredServer = Omit<WireMcpServer, "can_edit" | "list_error"> & {
  /** What a live probe by `get` reports for this server while it is enabled ("" = the probe works). */
  probe_error: string;
};

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

function server(
  index: number,
  server_id: string,
  account_id: number,
  team_id: number,
  server_name: string,
  transport: "stdio" | "sse" | "streamable-http",
  status: "enabled" | "disabled",
  tool_count: number,
  created_by: number,
  description: string,
  probe_error = "",
): StoredServer {
  const created_at = SERVER_EPOCH + index * DAY_MS + index * 3_600_000;
  return {
    server_id, account_id, team_id, server_name, description, transport, status,
    created_by, created_at, updated_at: created_at + 5 * DAY_MS, tool_count, probe_error,
  };
}

/** The fixed MCP servers, present in every seed (ids and attributes never change). */
export const SEED_SERVERS: readonly StoredServer[] = Object.freeze([
  server(0, "mcp_grafana", 1, 1, "Grafana", "sse", "enabled", 14, 1001, "Dashboards, panels and alert rules"),
  server(1, "mcp_prometheus", 1, 1, "Prometheus", "streamable-http", "enabled", 9, 1001, "PromQL queries and targets"),
  server(2, "mcp_github", 1, 0, "GitHub", "stdio", "enabled", 31, 1002, "Repositories, pull requests and deployments"),
  server(3, "mcp_jira", 1, 2, "Jira", "sse", "disabled", 12, 1003, "Issues and change tickets"),
  server(4, "mcp_k8s", 1, 3, "Kubernetes", "stdio", "enabled", 22, 1005, "Cluster workloads, events and logs"),
  server(5, "mcp_slack", 1, 0, "Slack", "streamable-http", "disabled", 8, 1001, "Channels and incident rooms"),
  server(6, "mcp_datadog", 1, 4, "Datadog", "sse", "enabled", 17, 1002, "Metrics, monitors and APM traces",
    "dial tcp 10.20.4.17:443: connect: connection refused"),
  server(7, "mcp_postgres", 1, 2, "PostgreSQL", "stdio", "enabled", 6, 1003, "Read-only SQL on the payments replica"),
  server(8, "mcp_sentry", 1, 1, "Sentry", "streamable-http", "disabled", 10, 1001, "Errors and releases"),
  server(9, "mcp_acme_logs", 2, 5, "Acme Logs", "sse", "enabled", 5, 2001, "Log search"),
  server(10, "mcp_acme_db", 2, 0, "Acme DB", "stdio", "disabled", 4, 2001, "Database health"),
  server(11, "mcp_acme_ci", 2, 6, "Acme CI", "streamable-http", "enabled", 7, 2002, "Pipelines and build logs"),
].map((s) => Object.freeze(s)));

const TRANSPORTS = ["stdio", "sse", "streamable-http"] as const;

/** All servers of a seed with `total` servers: the fixed ones, then `mcp_gen_0001`... (account 1, team 1, enabled). */
export function seedServers(total: number): StoredServer[] {
  const servers = SEED_SERVERS.map((s) => ({ ...s }));
  for (let n = 1; servers.length < total; n++) {
    const id = String(n).padStart(4, "0");
    servers.push(server(SEED_SERVERS.length + n - 1, `mcp_gen_${id}`, 1, 1, `Generated server ${id}`,
      TRANSPORTS[n % TRANSPORTS.length]!, "enabled", n % 20, 1001, "Generated for load tests"));
  }
  return servers;
}

// ---------------------------------------------------------------- automation rules

const RULE_EPOCH = Date.UTC(2024, 0, 1); // 2024-01-01
// Next-fire times are fixed instants after this one, not computed from the cron and the clock:
// the seed must be identical on every start.
const NEXT_FIRE_EPOCH = Date.UTC(2026, 0, 1);

const CRONS = [
  "0 9 * * 1-5", "*/15 * * * *", "0 */6 * * *", "30 2 * * *", "0 0 1 * *", "45 23 * * 0",
  "0 8,20 * * *", "*/5 9-18 * * 1-5", "15 4 * * 6", "0 12 15 * *", "10 */2 * * *", "0 7 * 1-6 1",
];
const TIMEZONES = [
  "", "UTC", "Asia/Shanghai", "America/New_York", "Europe/Berlin", "Asia/Tokyo", "Australia/Sydney",
  "America/Los_Angeles", "Europe/London", "",
];
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
 * order shows.
 */
export function seedRule(index: number): WireAutomationRule {
  const rng = createRng(hash32(index, 0x5eed));
  const accountId = rng() < 0.85 ? 1 : 2;
  const personal = rng() < 0.3;
  const accountUsers = SEED_USERS.filter((u) => u.accountId === accountId);
  let teamId = 0;
  let ownerId: number;
  if (personal) {
    ownerId = pick(rng, accountUsers).memberId;
  } else {
    teamId = pick(rng, SEED_TEAMS.filter((t) => t.accountId === accountId)).teamId;
    ownerId = pick(rng, accountUsers.filter((u) => u.teamIds.includes(teamId))).memberId;
  }
  const [taskName, taskPrompt] = pick(rng, TASKS);
  const service = pick(rng, SERVICES);
  const enabled = rng() < 0.75;
  const kind = pick(rng, ENVIRONMENT_KINDS);
  const scheduleEnabled = rng() < 0.7;
  const createdAt = RULE_EPOCH + Math.floor(index / 3) * 37 * 60_000;
  const updatedAt = createdAt + Math.floor(rng() * 20 * DAY_MS / 1000) * 1000;
  const severities = pick(rng, SEVERITY_SETS);
  const channelCount = Math.floor(rng() * 4);
  const channels: number[] = [];
  for (let c = 0; c < channelCount; c++) channels.push(3000 + Math.floor(rng() * 40) + c * 100);
  const httpPostId = triggerId(index, 2);
  return {
    rule_id: `arule_${hex8(hash32(index, 1))}${index.toString(16).padStart(6, "0")}`,
    account_id: accountId,
    team_id: teamId,
    owner_id: ownerId,
    name: `${taskName} (${service})`,
    enabled,
    run_scope: personal ? "person" : "team",
    cron_expr: pick(rng, CRONS),
    timezone: pick(rng, TIMEZONES),
    prompt: `${taskPrompt} ${service}. Post the result to the team channel and flag anything that needs a human.`,
    environment_kind: kind,
    environment_id: kind === "" ? "" : `env_${hex8(hash32(index, 3))}`,
    schedule_trigger_id: triggerId(index, 1),
    schedule_trigger_enabled: scheduleEnabled,
    http_post_trigger_id: httpPostId,
    http_post_trigger_url: `/safari/automation/triggers/${httpPostId}/fire`,
    http_post_trigger_enabled: rng() < 0.4,
    can_edit: false,
    created_at: createdAt,
    updated_at: updatedAt,
    schedule_next_fire_at_ms: enabled && scheduleEnabled ? NEXT_FIRE_EPOCH + Math.floor(rng() * 7 * 24 * 60) * 60_000 : 0,
    oncall_incident_trigger_id: triggerId(index, 3),
    oncall_incident_trigger_enabled: severities.length > 0 && rng() < 0.6,
    oncall_incident_channel_ids: channels,
    oncall_incident_severities: [...severities],
  };
}

/** The first `count` seed rules, in the API's order: `created_at` descending, then `rule_id` ascending. */
export function seedRules(count: number): WireAutomationRule[] {
  const rules: WireAutomationRule[] = [];
  for (let i = 0; i < count; i++) rules.push(seedRule(i));
  return rules.sort(compareRules);
}

/** The documented rule order: newest `created_at` first, ties by `rule_id` ascending. */
export function compareRules(a: WireAutomationRule, b: WireAutomationRule): number {
  return b.created_at - a.created_at || (a.rule_id < b.rule_id ? -1 : a.rule_id > b.rule_id ? 1 : 0);
}

// ---------------------------------------------------------------- automation templates

/** Locales with templates; the first is the fallback. */
export const TEMPLATE_LOCALES = ["en-US", "zh-CN"] as const;
export type TemplateLocale = (typeof TEMPLATE_LOCALES)[number];

/** Preset templates per locale, the same seven in the same order in each language. */
export const SEED_TEMPLATES: Readonly<Record<TemplateLocale, readonly WireAutomationTemplate[]>> = Object.freeze({
  "en-US": [
    { name: "Daily alert digest", description: "A morning summary of yesterday's alerts and incidents.", icon: "bell", enabled: true,
      prompt: "Summarise the alerts and incidents of the last 24 hours, grouped by service, and highlight anything still open." },
    { name: "Weekly on-call handover", description: "Handover notes for the next on-call engineer.", icon: "calendar", enabled: true,
      prompt: "Write handover notes for the next on-call shift: open incidents, noisy alerts and pending follow-ups." },
    { name: "Error budget review", description: "Tracks SLO burn and warns before the budget runs out.", icon: "gauge", enabled: true,
      prompt: "Review the error budget burn of every SLO and warn about any that will be exhausted this week." },
    { name: "Certificate expiry check", description: "Finds TLS certificates close to expiry.", icon: "shield", enabled: true,
      prompt: "List TLS certificates that expire within 30 days and who owns them." },
    { name: "Disk usage forecast", description: "Predicts which volumes fill up soon.", icon: "database", enabled: true,
      prompt: "Forecast disk usage for the next 14 days and list volumes expected to pass 90%." },
    { name: "Deploy change summary", description: "What changed in production today.", icon: "rocket", enabled: true,
      prompt: "Summarise today's production deployments and correlate them with new alerts." },
    { name: "Incident postmortem draft", description: "A first draft of the postmortem after an incident closes.", icon: "file-text", enabled: false,
      prompt: "Draft a blameless postmortem: timeline, impact, root cause and action items." },
  ],
  "zh-CN": [
    { name: "每日告警摘要", description: "每天早上汇总前一天的告警与故障。", icon: "bell", enabled: true,
      prompt: "汇总过去 24 小时的告警和故障，按服务分组，并标出仍未解决的问题。" },
    { name: "每周值班交接", description: "为下一位值班工程师准备交接说明。", icon: "calendar", enabled: true,
      prompt: "为下一班值班撰写交接说明：未关闭的故障、噪声告警和待跟进事项。" },
    { name: "错误预算回顾", description: "跟踪 SLO 消耗，在预算耗尽前预警。", icon: "gauge", enabled: true,
      prompt: "回顾所有 SLO 的错误预算消耗，预警本周可能耗尽的 SLO。" },
    { name: "证书过期检查", description: "找出即将过期的 TLS 证书。", icon: "shield", enabled: true,
      prompt: "列出 30 天内过期的 TLS 证书及其负责人。" },
    { name: "磁盘用量预测", description: "预测哪些磁盘即将写满。", icon: "database", enabled: true,
      prompt: "预测未来 14 天的磁盘用量，列出预计超过 90% 的卷。" },
    { name: "发布变更总结", description: "今天生产环境发生了哪些变更。", icon: "rocket", enabled: true,
      prompt: "总结今天的生产发布，并与新增告警做关联。" },
    { name: "故障复盘草稿", description: "故障关闭后生成复盘初稿。", icon: "file-text", enabled: false,
      prompt: "撰写一份不追责的故障复盘初稿：时间线、影响、根因和改进项。" },
  ],
});
