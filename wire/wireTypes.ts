/**
 * The API's objects as plain TypeScript interfaces, in the wire's snake_case, as the client reads
 * them (after the tolerant readers of `wire/wire.ts`: optional fields absent or `null` read as
 * absent, `null` lists as `[]`). `wire/wire.ts` checks at compile time that its zod schemas
 * produce exactly these shapes.
 *
 * Why interfaces beside the schemas: published declarations that mention zod's types load zod's
 * typings, which need `esModuleInterop`; projects made by `pulumi new typescript` before 2026 do
 * not set it. The emulator's public types (`pulumi-flashduty-emulator`) use these instead.
 */
import type { A2aAgentStatus, McpServerStatus, SkillStatus } from "./protocol";

/** A tool as older schemas listed it under `tools` (legacy; the newest schema has no tool list). */
export interface WireMcpTool {
  name: string;
  description?: string;
}

/** An MCP server (docs/platform-api.md "MCP server object"); legacy fields read when present. */
export interface WireMcpServer {
  server_id: string;
  account_id: number;
  /** 0 = account-wide. */
  team_id: number;
  can_edit: boolean;
  /** `[]` = every environment; otherwise `cloud` and/or BYOC runner ids. */
  environments: string[];
  server_name: string;
  description: string;
  /** `stdio` | `sse` | `streamable-http`. */
  transport: string;
  status: McpServerStatus;
  /** Seconds; 0 = the server default (10 s). */
  connect_timeout: number;
  /** Seconds; 0 = the server default (60 s). */
  call_timeout: number;
  created_by: number;
  /** Epoch ms. */
  created_at: number;
  /** Epoch ms. */
  updated_at: number;
  ai_description?: string;
  /** stdio only. */
  command?: string;
  args?: string[];
  /** stdio only; secret values masked. */
  env?: Record<string, string>;
  /** sse and streamable-http only. */
  url?: string;
  /** sse and streamable-http only; secret values masked. */
  headers?: Record<string, string>;
  proxy_url?: string;
  allow_insecure_oauth_http?: boolean;
  allow_insecure_tls_skip_verify?: boolean;
  /** `shared` | `per_user_secret` | `per_user_oauth`; `""` = shared. */
  auth_mode?: string;
  /** Which per-user secrets the server needs, JSON text (`""` or absent when none). */
  secret_schema?: string;
  /** OAuth metadata, JSON text (`""` or absent when none). */
  oauth_metadata?: string;
  source_template_name?: string;
  /** Legacy (older schemas): the tool list of a live probe. */
  tools?: WireMcpTool[];
  /** Legacy (older schemas): number of tools. */
  tool_count?: number;
  /** Legacy (older schemas): error of the live tool probe done by get. */
  list_error?: string;
  /** Legacy (older schemas): `""` | `cloud` | `byoc`, replaced by `environments`. */
  environment_kind?: string;
  /** Legacy (older schemas): replaced by `environments`. */
  environment_id?: string;
}

/** An automation rule (docs/platform-api.md "Automation rule object"). */
export interface WireAutomationRule {
  rule_id: string;
  account_id: number;
  /** 0 = personal. */
  team_id: number;
  owner_id: number;
  name: string;
  enabled: boolean;
  /** `person` | `team`. */
  run_scope: string;
  cron_expr: string;
  /** IANA name; `""` (or absent on older rows, read as `""`) = UTC. */
  timezone: string;
  prompt: string;
  /** `""` | `cloud` | `byoc`. */
  environment_kind: string;
  environment_id: string;
  schedule_trigger_id?: string;
  schedule_trigger_enabled: boolean;
  http_post_trigger_id?: string;
  http_post_trigger_url?: string;
  http_post_trigger_enabled: boolean;
  can_edit: boolean;
  /** Epoch ms. */
  created_at: number;
  /** Epoch ms. */
  updated_at: number;
  /** Epoch ms; 0 = nothing scheduled. */
  schedule_next_fire_at_ms: number;
  oncall_incident_trigger_id?: string;
  oncall_incident_trigger_enabled: boolean;
  oncall_incident_channel_ids?: number[];
  oncall_incident_severities?: string[];
}

/**
 * An automation rule as `rule/create` and `rule/update` return it: `http_post_token` (`sat_...`)
 * only from a create that made an HTTP POST trigger or an update that rotated its token.
 */
export interface WireAutomationRuleWithToken extends WireAutomationRule {
  http_post_token?: string;
}

/** A preset automation template; `name` is its identity within a locale. */
export interface WireAutomationTemplate {
  name: string;
  description: string;
  icon: string;
  enabled: boolean;
  prompt: string;
}

/** A skill (docs/platform-api.md "Skill object"); `content` is absent from list rows. */
export interface WireSkill {
  skill_id: string;
  account_id: number;
  /** 0 = account-wide. */
  team_id: number;
  /** The frontmatter `name` of its SKILL.md; unique per scope. */
  skill_name: string;
  description: string;
  description_en?: string;
  status: SkillStatus;
  version?: string;
  author?: string;
  license?: string;
  tags?: string[];
  /** Builtin tool names or `mcp:<server>/<tool>`. */
  tools?: string[];
  /** The whole SKILL.md; absent from list rows. */
  content?: string;
  /** SHA-256 (hex) of the uploaded archive as stored. */
  checksum?: string;
  s3_key?: string;
  source_template_name?: string;
  source_template_version?: string;
  update_available: boolean;
  /** True once the skill was changed after it was installed from a template or uploaded. */
  is_modified: boolean;
  can_edit: boolean;
  /** Only for skills installed from a session. */
  created?: boolean;
  created_by: number;
  /** Epoch ms. */
  created_at: number;
  /** Epoch ms. */
  updated_at: number;
  /** Read-only, e.g. `byoc`; absent = available everywhere. */
  venues?: string[];
}

/** A knowledge pack (docs/platform-api.md "Knowledge packs and files"). */
export interface WireKnowledgePack {
  /** `kpk_...`. */
  pack_id: string;
  account_id: number;
  /** `account` | `team` | `channel` (legacy). */
  scope: string;
  /** The account id (account pack) or the team id. */
  scope_id: number;
  file_count: number;
  /** Sum of the files' sizes, bytes. */
  total_bytes: number;
  /** +1 per file change. */
  version: number;
  /** Absent from older servers. */
  duty_version?: number;
  created_by: number;
  /** Epoch ms. */
  created_at_ms: number;
  /** Epoch ms. */
  updated_at_ms: number;
  can_edit: boolean;
  /** Omitted when empty. */
  team_name?: string;
}

/** A knowledge file's metadata (the content comes from `file/get` only). */
export interface WireKnowledgeFile {
  /** `kfl_...`. */
  file_id: string;
  pack_id: string;
  rel_path: string;
  content_type: string;
  /** Bytes of the UTF-8 content. */
  size_bytes: number;
  /** SHA-256 of the content, lower-case hex. */
  checksum: string;
  updated_by: number;
  /** Epoch ms. */
  updated_at_ms: number;
}

/** One item of a knowledge write's `warnings[]`: `unresolved_reference` with `ref`, or `still_referenced_by` with `refs`. */
export interface WireKnowledgeWarning {
  code: string;
  ref?: string;
  refs?: string[];
}

/** A skill of an A2A agent's card, as the platform read it from the card (docs/platform-api.md "A2A agent object"). */
export interface WireA2aAgentCardSkill {
  id?: string;
  name: string;
  description?: string;
}

/** An A2A agent (docs/platform-api.md "A2A agent object"). */
export interface WireA2aAgent {
  /** `a2a_...`. */
  agent_id: string;
  account_id: number;
  /** 0 = account-wide. */
  team_id: number;
  can_edit: boolean;
  agent_name: string;
  /** Markdown (optional `summary` frontmatter, then a non-empty body). */
  instructions: string;
  /** Absolute http(s) URL of the agent card. */
  card_url: string;
  /** `none` | `api_key` | `bearer`; `""` (legacy rows) = none. */
  auth_type: string;
  /** `shared` | `per_user_secret` | `per_user_oauth`; `""` = shared. */
  auth_mode?: string;
  /** Credentials; values under credential-looking keys masked. Omitted when empty. */
  auth_config?: Record<string, string>;
  /** JSON text (`""` or absent when none). */
  secret_schema?: string;
  /** JSON text (`""` or absent when none). */
  oauth_metadata?: string;
  streaming: boolean;
  allow_insecure_oauth_http?: boolean;
  allow_insecure_tls_skip_verify?: boolean;
  status: A2aAgentStatus;
  /** Always 0 (reserved). */
  card_resolve_timeout: number;
  /** Always 0 (reserved). */
  task_timeout: number;
  /** Omitted until the card was fetched. */
  agent_card_name?: string;
  /** Omitted until the card was fetched. */
  agent_card_skills?: WireA2aAgentCardSkill[];
  created_by: number;
  /** Epoch ms. */
  created_at: number;
  /** Epoch ms. */
  updated_at: number;
  /** `[]` = every environment; otherwise `cloud` and/or BYOC runner ids. */
  environments: string[];
}
