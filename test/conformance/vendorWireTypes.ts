/**
 * Our own copy of the facts the conformance test checks: the JSON type of every field of every
 * answer of the API, as the vendor's own Go client decodes it.
 *
 * Source: the vendor's Go client, go-flashduty (its generated client models), newest stored
 * version, read 2026-11-24; required/optional as the vendor's published API schema states them.
 * That client decodes `data` with Go's plain encoding/json: unknown fields are ignored and a
 * missing field or `null` becomes the zero value, but ANY type mismatch (an array or object where
 * a string is typed, `1.5` or `"5"` where an integer is typed) fails the whole call, so one bad
 * row loses a whole list page.
 *
 * Keep it complete: the conformance test fails on a field, an answer or an answer type that has no
 * entry here. Adding an operation means adding its answer below (and, for a new object, its type).
 */

/**
 * JSON types of a field:
 * - `string`, `boolean`: a JSON string, true/false (never null);
 * - `integer`: a JSON number written without fraction or exponent;
 * - `integer-ms`: Unix milliseconds as a JSON integer (the client also accepts a quoted integer,
 *   an RFC 3339 string, `""` or null, never a float; we send only integers);
 * - `array-of-X|null`: a JSON array of X (a scalar type or an object type below), or null;
 * - `object-of-string|null`: a JSON object whose values are strings, or null;
 * - `any`: any JSON (a Go `any` / `json.RawMessage` field);
 * - an object type's name: a nested object of that type (knowledge `get`'s `pack`).
 */
export type FieldType =
  | "any"
  | "string"
  | "integer"
  | "boolean"
  | "integer-ms"
  | "object-of-string|null"
  | `array-of-${"string" | "integer" | ObjectTypeName}|null`
  | ObjectTypeName;

/** An object answer (or an element of one): every field it may carry and those always sent. */
export interface ObjectType {
  fields: Readonly<Record<string, FieldType>>;
  /** Fields the vendor's schema marks required: always sent (all other fields may be absent). */
  required: readonly string[];
}

export type ObjectTypeName =
  | "McpServerItem"
  | "McpServerListResponse"
  | "AutomationRuleItem"
  | "AutomationRuleListResponse"
  | "AutomationTemplateItem"
  | "AutomationTemplateListResponse"
  | "AutomationRuleRunData"
  | "AutomationTriggerFireData"
  | "SkillItem"
  | "SkillListResponse"
  | "KnowledgePackItem"
  | "KnowledgeFileItem"
  | "KnowledgeWarning"
  | "KnowledgeGetData"
  | "KnowledgePackListData"
  | "KnowledgePackDeleteData"
  | "KnowledgeFileListData"
  | "KnowledgeFileGetData"
  | "KnowledgeFilePutData"
  | "KnowledgeFileDeleteData"
  | "A2aAgentItem"
  | "A2aAgentCardSkill"
  | "A2aAgentListResponse"
  | "A2aAgentCreateData";

/** What an answer's `data` is: one of the object types, or `any` (any JSON, null included). */
export type AnswerType = ObjectTypeName | "any";

export const OBJECT_TYPES: Readonly<Record<ObjectTypeName, ObjectType>> = {
  McpServerItem: {
    fields: {
      account_id: "integer",
      ai_description: "string",
      allow_insecure_oauth_http: "boolean",
      allow_insecure_tls_skip_verify: "boolean",
      args: "array-of-string|null",
      auth_mode: "string",
      call_timeout: "integer",
      can_edit: "boolean",
      command: "string",
      connect_timeout: "integer",
      created_at: "integer-ms",
      created_by: "integer",
      description: "string",
      env: "object-of-string|null",
      environments: "array-of-string|null",
      headers: "object-of-string|null",
      // JSON text in a string ("JSON-encoded secret schema"), never an array or object.
      oauth_metadata: "string",
      proxy_url: "string",
      secret_schema: "string",
      server_id: "string",
      server_name: "string",
      source_template_name: "string",
      status: "string",
      team_id: "integer",
      transport: "string",
      updated_at: "integer-ms",
      url: "string",
    },
    required: [
      "server_id",
      "account_id",
      "team_id",
      "can_edit",
      "environments",
      "server_name",
      "description",
      "transport",
      "status",
      "connect_timeout",
      "call_timeout",
      "created_by",
      "created_at",
      "updated_at",
    ],
  },
  McpServerListResponse: {
    fields: { servers: "array-of-McpServerItem|null", total: "integer" },
    required: ["servers", "total"],
  },
  AutomationRuleItem: {
    fields: {
      account_id: "integer",
      can_edit: "boolean",
      created_at: "integer-ms",
      cron_expr: "string",
      enabled: "boolean",
      environment_id: "string",
      environment_kind: "string",
      // Only in the answers of create and of an update that rotates the token.
      http_post_token: "string",
      http_post_trigger_enabled: "boolean",
      http_post_trigger_id: "string",
      http_post_trigger_url: "string",
      name: "string",
      oncall_incident_channel_ids: "array-of-integer|null",
      oncall_incident_severities: "array-of-string|null",
      oncall_incident_trigger_enabled: "boolean",
      oncall_incident_trigger_id: "string",
      owner_id: "integer",
      prompt: "string",
      rule_id: "string",
      run_scope: "string",
      schedule_next_fire_at_ms: "integer-ms",
      schedule_trigger_enabled: "boolean",
      schedule_trigger_id: "string",
      team_id: "integer",
      // "" on legacy rows (UTC); required, so never left out.
      timezone: "string",
      updated_at: "integer-ms",
    },
    required: [
      "rule_id",
      "account_id",
      "team_id",
      "owner_id",
      "name",
      "enabled",
      "run_scope",
      "cron_expr",
      "timezone",
      "prompt",
      "environment_kind",
      "environment_id",
      "schedule_trigger_enabled",
      "http_post_trigger_enabled",
      "oncall_incident_trigger_enabled",
      "can_edit",
      "created_at",
      "updated_at",
      "schedule_next_fire_at_ms",
    ],
  },
  AutomationRuleListResponse: {
    fields: { rules: "array-of-AutomationRuleItem|null", total: "integer" },
    required: ["rules", "total"],
  },
  AutomationTemplateItem: {
    fields: { description: "string", enabled: "boolean", icon: "string", name: "string", prompt: "string" },
    required: ["name", "description", "icon", "enabled", "prompt"],
  },
  AutomationTemplateListResponse: {
    fields: { templates: "array-of-AutomationTemplateItem|null" },
    required: ["templates"],
  },
  // The next two answers are not in the vendor's Go client model; their fields are those of the
  // vendor's published API reference for AI SRE (rule run, HTTP POST trigger fire), read
  // 2026-11-24; `run` and `preflight` are left open there.
  AutomationRuleRunData: {
    fields: { rule_id: "string", trigger_kind: "string", run: "any", preflight: "any" },
    required: ["rule_id", "trigger_kind", "run", "preflight"],
  },
  AutomationTriggerFireData: {
    fields: { type: "string", session_id: "string", session_url: "string" },
    required: ["type", "session_id", "session_url"],
  },
  // Skills: the vendor's newest published API schema (SkillItem), read 2026-11-27; the Go client
  // model read on 2026-11-24 had no skills.
  SkillItem: {
    fields: {
      skill_id: "string",
      account_id: "integer",
      team_id: "integer",
      skill_name: "string",
      description: "string",
      description_en: "string",
      status: "string",
      version: "string",
      author: "string",
      license: "string",
      tags: "array-of-string|null",
      tools: "array-of-string|null",
      content: "string",
      checksum: "string",
      s3_key: "string",
      source_template_name: "string",
      source_template_version: "string",
      update_available: "boolean",
      is_modified: "boolean",
      can_edit: "boolean",
      created: "boolean",
      created_by: "integer",
      created_at: "integer-ms",
      updated_at: "integer-ms",
      venues: "array-of-string|null",
    },
    required: [
      "skill_id",
      "account_id",
      "team_id",
      "skill_name",
      "description",
      "status",
      "update_available",
      "is_modified",
      "can_edit",
      "created_by",
      "created_at",
      "updated_at",
    ],
  },
  SkillListResponse: {
    fields: { skills: "array-of-SkillItem|null", total: "integer" },
    required: ["skills", "total"],
  },
  // The knowledge answers are not in the Go client models read; their fields and types are those
  // of the vendor's newest published API schema (KnowledgePackItem, KnowledgeFileItem and the
  // operations' `data`), read 2026-11-24; `duty_version` and `team_name` may be absent.
  KnowledgePackItem: {
    fields: {
      pack_id: "string",
      account_id: "integer",
      scope: "string",
      scope_id: "integer",
      file_count: "integer",
      total_bytes: "integer",
      version: "integer",
      duty_version: "integer",
      created_by: "integer",
      created_at_ms: "integer-ms",
      updated_at_ms: "integer-ms",
      can_edit: "boolean",
      team_name: "string",
    },
    required: [
      "pack_id",
      "account_id",
      "scope",
      "scope_id",
      "file_count",
      "total_bytes",
      "version",
      "created_by",
      "created_at_ms",
      "updated_at_ms",
      "can_edit",
    ],
  },
  KnowledgeFileItem: {
    fields: {
      file_id: "string",
      pack_id: "string",
      rel_path: "string",
      content_type: "string",
      size_bytes: "integer",
      checksum: "string",
      updated_by: "integer",
      updated_at_ms: "integer-ms",
    },
    required: ["file_id", "pack_id", "rel_path", "content_type", "size_bytes", "checksum", "updated_by", "updated_at_ms"],
  },
  KnowledgeWarning: {
    fields: { code: "string", ref: "string", refs: "array-of-string|null" },
    required: ["code"],
  },
  KnowledgeGetData: {
    fields: { pack: "KnowledgePackItem", files: "array-of-KnowledgeFileItem|null" },
    required: ["pack", "files"],
  },
  KnowledgePackListData: {
    fields: { packs: "array-of-KnowledgePackItem|null", total: "integer" },
    required: ["packs", "total"],
  },
  KnowledgePackDeleteData: {
    fields: { ok: "boolean" },
    required: ["ok"],
  },
  KnowledgeFileListData: {
    fields: { files: "array-of-KnowledgeFileItem|null", total: "integer" },
    required: ["files", "total"],
  },
  KnowledgeFileGetData: {
    fields: { file: "KnowledgeFileItem", content_b64: "string" },
    required: ["file", "content_b64"],
  },
  KnowledgeFilePutData: {
    fields: { file: "KnowledgeFileItem", warnings: "array-of-KnowledgeWarning|null" },
    required: ["file"],
  },
  KnowledgeFileDeleteData: {
    fields: { warnings: "array-of-KnowledgeWarning|null" },
    required: [],
  },
  // A2A agents: the vendor's Go client read has no model of them; these are the types of the
  // vendor's newest published schema (A2AAgentItem), docs/platform-api.md "A2A agent object".
  A2aAgentItem: {
    fields: {
      agent_id: "string",
      account_id: "integer",
      team_id: "integer",
      can_edit: "boolean",
      agent_name: "string",
      instructions: "string",
      card_url: "string",
      auth_type: "string",
      auth_mode: "string",
      auth_config: "object-of-string|null",
      secret_schema: "string",
      oauth_metadata: "string",
      streaming: "boolean",
      allow_insecure_oauth_http: "boolean",
      allow_insecure_tls_skip_verify: "boolean",
      status: "string",
      card_resolve_timeout: "integer",
      task_timeout: "integer",
      agent_card_name: "string",
      agent_card_skills: "array-of-A2aAgentCardSkill|null",
      created_by: "integer",
      created_at: "integer-ms",
      updated_at: "integer-ms",
      environments: "array-of-string|null",
    },
    required: [
      "agent_id",
      "account_id",
      "team_id",
      "can_edit",
      "agent_name",
      "instructions",
      "card_url",
      "auth_type",
      "streaming",
      "status",
      "card_resolve_timeout",
      "task_timeout",
      "created_by",
      "created_at",
      "updated_at",
      "environments",
    ],
  },
  // Not typed by the vendor: the A2A card's own skill shape (our decision).
  A2aAgentCardSkill: {
    fields: { id: "string", name: "string", description: "string" },
    required: ["name"],
  },
  A2aAgentListResponse: {
    fields: { items: "array-of-A2aAgentItem|null", total: "integer" },
    required: ["items", "total"],
  },
  A2aAgentCreateData: {
    fields: { agent_id: "string" },
    required: ["agent_id"],
  },
};

/** The type of `data` in the success answer of each operation (by path). */
export const ANSWERS: Readonly<Record<string, AnswerType>> = {
  "/safari/mcp/server/get": "McpServerItem",
  "/safari/mcp/server/list": "McpServerListResponse",
  "/safari/mcp/server/create": "McpServerItem",
  "/safari/mcp/server/update": "McpServerItem",
  "/safari/mcp/server/delete": "any",
  "/safari/mcp/server/disable": "any",
  "/safari/mcp/server/enable": "any",
  "/safari/automation/rule/get": "AutomationRuleItem",
  "/safari/automation/rule/list": "AutomationRuleListResponse",
  "/safari/automation/rule/create": "AutomationRuleItem",
  "/safari/automation/rule/update": "AutomationRuleItem",
  "/safari/automation/rule/delete": "any",
  "/safari/automation/rule/run": "AutomationRuleRunData",
  // The HTTP POST trigger's fire endpoint (Bearer token, no app key); `:trigger_id` is the path
  // parameter, as the emulator's operation table names it.
  "/safari/automation/triggers/:trigger_id/fire": "AutomationTriggerFireData",
  "/safari/automation/template/list": "AutomationTemplateListResponse",
  "/safari/skill/list": "SkillListResponse",
  "/safari/skill/get": "SkillItem",
  "/safari/skill/update": "SkillItem",
  "/safari/skill/upload": "SkillItem",
  "/safari/skill/enable": "any",
  "/safari/skill/disable": "any",
  "/safari/skill/delete": "any",
  "/safari/knowledge/get": "KnowledgeGetData",
  "/safari/knowledge/pack/list": "KnowledgePackListData",
  "/safari/knowledge/pack/ensure": "KnowledgePackItem",
  "/safari/knowledge/pack/update": "KnowledgePackItem",
  "/safari/knowledge/pack/delete": "KnowledgePackDeleteData",
  "/safari/knowledge/file/list": "KnowledgeFileListData",
  "/safari/knowledge/file/get": "KnowledgeFileGetData",
  "/safari/knowledge/file/put": "KnowledgeFilePutData",
  "/safari/knowledge/file/delete": "KnowledgeFileDeleteData",
  "/safari/a2a-agent/list": "A2aAgentListResponse",
  "/safari/a2a-agent/get": "A2aAgentItem",
  "/safari/a2a-agent/create": "A2aAgentCreateData",
  "/safari/a2a-agent/update": "any",
  "/safari/a2a-agent/enable": "any",
  "/safari/a2a-agent/disable": "any",
  "/safari/a2a-agent/delete": "any",
};
