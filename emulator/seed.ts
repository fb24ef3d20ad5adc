/**
 * The emulator's deterministic seed: accounts, teams, members and their app keys, MCP servers (rules:
 * `seedRules.ts`; templates: `seedTemplates.ts`). Every start builds exactly the same data for the same counts,
 * and rule N is the same whatever the total (a smaller seed is a prefix of a larger one).
 */
import { createHash } from "node:crypto";
import { MASKED_VALUE } from "../wire/protocol";
import type { WireMcpServer } from "../wire/wireTypes";
import type { SeedTeam, SeedUser } from "./types";

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

/** @internal */
export const DAY_MS = 86_400_000;
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

/**
 * MCP servers older than today's rules, which the platform still holds, lists and serves (a write
 * checks a field only when it sets it: docs/platform-api.md, "Not documented by the vendor", the
 * name syntax of servers made before it), present in every seed besides the `seed.servers` count
 * (so `12 + n` still gives `mcp_gen_0001` to `n`), all in account 1 and older than every other
 * server: a name that starts with a digit (team 1), a name longer than
 * `MCP_SERVER_RULES.maxNameLength` (team 3), and a stdio server whose command is empty (team 2;
 * a create or an update that sets the transport needs one).
 */
export const LEGACY_SERVERS: readonly StoredServer[] = Object.freeze(
  [
    server(-3, "mcp_legacy_digit_name", 1, 1, "2019-ops-bridge", "sse", "enabled", 1001, "Made before server names had to start with a letter", {
      url: "https://ops-bridge.northwind.example/sse",
    }),
    server(
      -2,
      "mcp_legacy_long_name",
      1,
      3,
      "platform-cluster-inventory-and-capacity-planning-bridge-for-the-legacy-datacenter",
      "streamable-http",
      "enabled",
      1005,
      "Made before server names were limited to 64 characters",
      { url: "https://inventory.northwind.example/mcp" },
    ),
    server(-1, "mcp_legacy_no_command", 1, 2, "payments-legacy-runner", "stdio", "disabled", 1003, "A stdio server whose command was cleared", {
      command: "",
      args: ["--replica", "payments"],
    }),
  ].map((s) => Object.freeze(s)),
);

const TRANSPORTS = ["stdio", "sse", "streamable-http"] as const;

/** The transport fields of generated server `n`: a URL for sse/streamable-http, a command and arguments for stdio. */
function generatedTransportFields(n: number, transport: (typeof TRANSPORTS)[number]): ServerExtras {
  if (transport === "stdio") return { command: "generated-mcp", args: ["--instance", String(n)] };
  return { url: `https://mcp-${n}.generated.example/${transport === "sse" ? "sse" : "mcp"}` };
}

/**
 * All servers of a seed with `total` servers: the fixed ones, then `mcp_gen_0001`... (account 1,
 * team 1, enabled) up to `total`, then the {@link LEGACY_SERVERS} besides the count.
 */
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
  return [...servers, ...LEGACY_SERVERS.map((s) => structuredClone(s))];
}
