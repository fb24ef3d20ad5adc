/**
 * The vocabulary of the Flashduty AI SRE API that needs no schema library: operation paths,
 * limits, every operation's rate limit, enumerations, the request id header (the error codes are
 * `wire/errorCodes.ts`). Kept apart from the zod schemas of `wire/wire.ts` (which re-exports all
 * of this) so that the published declarations of `pulumi-flashduty` and `pulumi-flashduty/sdk`
 * never load zod's typings: those need `esModuleInterop`, which projects made by
 * `pulumi new typescript` before 2026 do not set.
 */

import type { Equal } from "./typeAssert";

// The enumerations users see in the SDK's types (`RuleScope`, `SkillScope`...) are spelled out
// as unions, not derived from the arrays (`(typeof X)[number]`): the published declarations then
// show the values rather than naming an array that is not exported. Each array is checked to hold
// exactly its union's values.

// Only for emulator/http/envelope.ts, which still imports the type from here; its home is
// wire/errorCodes.ts (drop this line once that import moves there).
export type { KnownErrorCode } from "./errorCodes";

/** Documented limits of the API (docs/platform-api.md "Rate limits and retries", "Paging", and each operation's section). */
export const LIMITS = {
  /** Largest `limit` (page size) of a list operation. */
  maxPageSize: 100,
  /** `limit` used by the server when the request has none. */
  defaultServerPageSize: 20,
  /** Largest `p * limit` of a list operation (offset paging ends there). */
  maxPageWindow: 10_000,
  /**
   * The most some list operations report as `total` (they cap it there): a `total` below it is
   * the exact count, one at it may hide more items.
   */
  listTotalCap: 1_000,
  /** Longest rule-list `keyword`, in characters. */
  maxKeywordLength: 64,
  /** Longest MCP server list `query`, in characters. */
  maxServerQueryLength: 128,
  /** Longest template-list `locale`, in characters. */
  maxLocaleLength: 16,
  /** Production rate limits: requests per second and per minute. */
  perSecond: 50,
  perMinute: 1_000,
} as const;

/** Header that carries the request id on every response (same value as the body's `request_id`). */
export const REQUEST_ID_HEADER = "flashcat-request-id";

/** API paths, one per operation. */
export const PATHS = {
  mcpServerDisable: "/safari/mcp/server/disable",
  mcpServerEnable: "/safari/mcp/server/enable",
  mcpServerGet: "/safari/mcp/server/get",
  mcpServerList: "/safari/mcp/server/list",
  mcpServerCreate: "/safari/mcp/server/create",
  mcpServerUpdate: "/safari/mcp/server/update",
  mcpServerDelete: "/safari/mcp/server/delete",
  automationRuleList: "/safari/automation/rule/list",
  automationRuleCreate: "/safari/automation/rule/create",
  automationRuleGet: "/safari/automation/rule/get",
  automationRuleUpdate: "/safari/automation/rule/update",
  automationRuleDelete: "/safari/automation/rule/delete",
  automationRuleRun: "/safari/automation/rule/run",
  automationTemplateList: "/safari/automation/template/list",
  skillList: "/safari/skill/list",
  skillGet: "/safari/skill/get",
  skillUpdate: "/safari/skill/update",
  skillEnable: "/safari/skill/enable",
  skillDisable: "/safari/skill/disable",
  skillDelete: "/safari/skill/delete",
  skillUpload: "/safari/skill/upload",
  knowledgeGet: "/safari/knowledge/get",
  knowledgePackList: "/safari/knowledge/pack/list",
  knowledgePackEnsure: "/safari/knowledge/pack/ensure",
  knowledgePackUpdate: "/safari/knowledge/pack/update",
  knowledgePackDelete: "/safari/knowledge/pack/delete",
  knowledgeFileList: "/safari/knowledge/file/list",
  knowledgeFileGet: "/safari/knowledge/file/get",
  knowledgeFilePut: "/safari/knowledge/file/put",
  knowledgeFileDelete: "/safari/knowledge/file/delete",
  a2aAgentList: "/safari/a2a-agent/list",
  a2aAgentGet: "/safari/a2a-agent/get",
  a2aAgentCreate: "/safari/a2a-agent/create",
  a2aAgentUpdate: "/safari/a2a-agent/update",
  a2aAgentEnable: "/safari/a2a-agent/enable",
  a2aAgentDisable: "/safari/a2a-agent/disable",
  a2aAgentDelete: "/safari/a2a-agent/delete",
} as const;

export type ApiPath = (typeof PATHS)[keyof typeof PATHS];

/**
 * Every API operation by name, with its path: the names the emulator's faults, counters, rate
 * limits and logs use (`"mcpServer.get"`), in one place. Checked at compile time to cover every
 * path exactly once.
 */
export const OPERATIONS = {
  "mcpServer.disable": PATHS.mcpServerDisable,
  "mcpServer.enable": PATHS.mcpServerEnable,
  "mcpServer.get": PATHS.mcpServerGet,
  "mcpServer.list": PATHS.mcpServerList,
  "mcpServer.create": PATHS.mcpServerCreate,
  "mcpServer.update": PATHS.mcpServerUpdate,
  "mcpServer.delete": PATHS.mcpServerDelete,
  "automationRule.list": PATHS.automationRuleList,
  "automationRule.get": PATHS.automationRuleGet,
  "automationRule.create": PATHS.automationRuleCreate,
  "automationRule.update": PATHS.automationRuleUpdate,
  "automationRule.delete": PATHS.automationRuleDelete,
  "automationRule.run": PATHS.automationRuleRun,
  "automationTemplate.list": PATHS.automationTemplateList,
  "skill.list": PATHS.skillList,
  "skill.get": PATHS.skillGet,
  "skill.update": PATHS.skillUpdate,
  "skill.enable": PATHS.skillEnable,
  "skill.disable": PATHS.skillDisable,
  "skill.delete": PATHS.skillDelete,
  "skill.upload": PATHS.skillUpload,
  "knowledge.get": PATHS.knowledgeGet,
  "knowledgePack.list": PATHS.knowledgePackList,
  "knowledgePack.ensure": PATHS.knowledgePackEnsure,
  "knowledgePack.update": PATHS.knowledgePackUpdate,
  "knowledgePack.delete": PATHS.knowledgePackDelete,
  "knowledgeFile.list": PATHS.knowledgeFileList,
  "knowledgeFile.get": PATHS.knowledgeFileGet,
  "knowledgeFile.put": PATHS.knowledgeFilePut,
  "knowledgeFile.delete": PATHS.knowledgeFileDelete,
  "a2aAgent.list": PATHS.a2aAgentList,
  "a2aAgent.get": PATHS.a2aAgentGet,
  "a2aAgent.create": PATHS.a2aAgentCreate,
  "a2aAgent.update": PATHS.a2aAgentUpdate,
  "a2aAgent.enable": PATHS.a2aAgentEnable,
  "a2aAgent.disable": PATHS.a2aAgentDisable,
  "a2aAgent.delete": PATHS.a2aAgentDelete,
} as const satisfies Record<string, ApiPath>;

/** The name of an API operation (a key of {@link OPERATIONS}). */
export type ApiOperationName = keyof typeof OPERATIONS;
true satisfies Equal<(typeof OPERATIONS)[ApiOperationName], ApiPath>;

/** Whom the platform counts together for an operation's rate limit: the whole account, or each app key. */
export type RateLimitScope = "account" | "appKey";

/** The production rate limit of one operation: per 1 s and per 60 s window, counted per {@link RateLimitScope}. */
export interface OperationRateLimit {
  readonly perSecond: number;
  readonly perMinute: number;
  readonly scope: RateLimitScope;
}

/**
 * Every operation's production rate limit, by path: the one home of these facts, read by the
 * client's limiter and by the emulator (docs/platform-api.md "Rate limits and retries"). The
 * vendor states the scope of disable (app key) and of the lists (account); rule writes and run
 * are counted per app key like disable, which is our assumption. Rule create, update and delete
 * have 20/s and 300/min, run 5/s and 100/min (plus one run per rule per minute, which only the
 * server enforces); the rest the API's general 50/s and 1000/min ({@link LIMITS}). Typed over
 * every path, so a new operation cannot be added without its row.
 */
export const OPERATION_RATE_LIMITS: Readonly<Record<ApiPath, OperationRateLimit>> = {
  [PATHS.mcpServerDisable]: { perSecond: LIMITS.perSecond, perMinute: LIMITS.perMinute, scope: "appKey" },
  [PATHS.mcpServerEnable]: { perSecond: LIMITS.perSecond, perMinute: LIMITS.perMinute, scope: "appKey" },
  [PATHS.mcpServerGet]: { perSecond: LIMITS.perSecond, perMinute: LIMITS.perMinute, scope: "account" },
  [PATHS.mcpServerList]: { perSecond: LIMITS.perSecond, perMinute: LIMITS.perMinute, scope: "account" },
  // Not published for MCP server writes: assumed like rule writes (docs/platform-api.md "Not documented by the vendor").
  [PATHS.mcpServerCreate]: { perSecond: 20, perMinute: 300, scope: "appKey" },
  [PATHS.mcpServerUpdate]: { perSecond: 20, perMinute: 300, scope: "appKey" },
  [PATHS.mcpServerDelete]: { perSecond: 20, perMinute: 300, scope: "appKey" },
  [PATHS.automationRuleList]: { perSecond: LIMITS.perSecond, perMinute: LIMITS.perMinute, scope: "account" },
  [PATHS.automationRuleGet]: { perSecond: LIMITS.perSecond, perMinute: LIMITS.perMinute, scope: "account" },
  [PATHS.automationTemplateList]: { perSecond: LIMITS.perSecond, perMinute: LIMITS.perMinute, scope: "account" },
  [PATHS.automationRuleCreate]: { perSecond: 20, perMinute: 300, scope: "appKey" },
  [PATHS.automationRuleUpdate]: { perSecond: 20, perMinute: 300, scope: "appKey" },
  [PATHS.automationRuleDelete]: { perSecond: 20, perMinute: 300, scope: "appKey" },
  [PATHS.automationRuleRun]: { perSecond: 5, perMinute: 100, scope: "appKey" },
  // Skills: the vendor's numbers; reads counted per account like the other lists, writes per app key like the other writes (assumed).
  [PATHS.skillList]: { perSecond: LIMITS.perSecond, perMinute: LIMITS.perMinute, scope: "account" },
  [PATHS.skillGet]: { perSecond: LIMITS.perSecond, perMinute: LIMITS.perMinute, scope: "account" },
  [PATHS.skillUpdate]: { perSecond: 20, perMinute: 300, scope: "appKey" },
  [PATHS.skillEnable]: { perSecond: 20, perMinute: 300, scope: "appKey" },
  [PATHS.skillDisable]: { perSecond: 20, perMinute: 300, scope: "appKey" },
  [PATHS.skillDelete]: { perSecond: 20, perMinute: 300, scope: "appKey" },
  [PATHS.skillUpload]: { perSecond: 3, perMinute: 30, scope: "appKey" },
  // Knowledge: the vendor publishes 50/s and 1000/min for the reads, 20/s and 300/min for the
  // writes; the scopes (account for reads, app key for writes) are our assumption, as for rules.
  [PATHS.knowledgeGet]: { perSecond: LIMITS.perSecond, perMinute: LIMITS.perMinute, scope: "account" },
  [PATHS.knowledgePackList]: { perSecond: LIMITS.perSecond, perMinute: LIMITS.perMinute, scope: "account" },
  [PATHS.knowledgeFileList]: { perSecond: LIMITS.perSecond, perMinute: LIMITS.perMinute, scope: "account" },
  [PATHS.knowledgeFileGet]: { perSecond: LIMITS.perSecond, perMinute: LIMITS.perMinute, scope: "account" },
  [PATHS.knowledgePackEnsure]: { perSecond: 20, perMinute: 300, scope: "appKey" },
  [PATHS.knowledgePackUpdate]: { perSecond: 20, perMinute: 300, scope: "appKey" },
  [PATHS.knowledgePackDelete]: { perSecond: 20, perMinute: 300, scope: "appKey" },
  [PATHS.knowledgeFilePut]: { perSecond: 20, perMinute: 300, scope: "appKey" },
  [PATHS.knowledgeFileDelete]: { perSecond: 20, perMinute: 300, scope: "appKey" },
  // A2A agents: the vendor's own figures (reads 50/s and 1000/min, writes 20/s and 300/min),
  // counted per account as its common rules say (docs/platform-api.md "A2A agents").
  [PATHS.a2aAgentList]: { perSecond: LIMITS.perSecond, perMinute: LIMITS.perMinute, scope: "account" },
  [PATHS.a2aAgentGet]: { perSecond: LIMITS.perSecond, perMinute: LIMITS.perMinute, scope: "account" },
  [PATHS.a2aAgentCreate]: { perSecond: 20, perMinute: 300, scope: "account" },
  [PATHS.a2aAgentUpdate]: { perSecond: 20, perMinute: 300, scope: "account" },
  [PATHS.a2aAgentEnable]: { perSecond: 20, perMinute: 300, scope: "account" },
  [PATHS.a2aAgentDisable]: { perSecond: 20, perMinute: 300, scope: "account" },
  [PATHS.a2aAgentDelete]: { perSecond: 20, perMinute: 300, scope: "account" },
};

/**
 * The limit of a path the table does not know: the API's general 50/s and 1000/min, per account.
 * The HTTP POST trigger's fire endpoint (authenticated by the rule's token, not an app key)
 * gets it too, counted per account of the rule's owner: the vendor states nothing.
 */
export const GENERAL_RATE_LIMIT: OperationRateLimit = { perSecond: LIMITS.perSecond, perMinute: LIMITS.perMinute, scope: "account" };

/** The production rate limit of the operation at `path` ({@link OPERATION_RATE_LIMITS}, else {@link GENERAL_RATE_LIMIT}). */
export function operationRateLimit(path: string): OperationRateLimit {
  return Object.hasOwn(OPERATION_RATE_LIMITS, path) ? OPERATION_RATE_LIMITS[path as ApiPath] : GENERAL_RATE_LIMIT;
}

/**
 * Path of a rule's HTTP POST trigger, relative to the API base URL (the rule's
 * `http_post_trigger_url`): firing it takes `Authorization: Bearer <token>` and no `app_key`.
 */
export function httpPostTriggerPath(triggerId: string): string {
  return `/safari/automation/triggers/${encodeURIComponent(triggerId)}/fire`;
}

/** Status of an MCP server. */
export type McpServerStatus = "enabled" | "disabled";
export const MCP_SERVER_STATUSES = ["enabled", "disabled"] as const satisfies readonly McpServerStatus[];
true satisfies Equal<(typeof MCP_SERVER_STATUSES)[number], McpServerStatus>;

/** Transports of the schema. The wire field stays a plain string, so a new transport still parses. */
export const MCP_SERVER_TRANSPORTS = ["stdio", "sse", "streamable-http"] as const;

/** `auth_mode` values of the schema (`""` means `shared`). The wire field stays a plain string. */
export const MCP_SERVER_AUTH_MODES = ["shared", "per_user_secret", "per_user_oauth"] as const;

/** `scope` of the MCP server list: `all`, `account` (account-wide servers) or `team`. */
export type McpServerScope = "all" | "account" | "team";
export const MCP_SERVER_SCOPES = ["all", "account", "team"] as const satisfies readonly McpServerScope[];
true satisfies Equal<(typeof MCP_SERVER_SCOPES)[number], McpServerScope>;

/** `scope` of the rule list: `all` (the caller's personal rules and the accessible team rules), `personal` or `team`. */
export type RuleScope = "all" | "personal" | "team";
export const RULE_SCOPES = ["all", "personal", "team"] as const satisfies readonly RuleScope[];
true satisfies Equal<(typeof RULE_SCOPES)[number], RuleScope>;

/**
 * Cron a rule carries when it has only an HTTP POST trigger (its schedule trigger disabled):
 * docs/platform-api.md "Automation rule object".
 */
export const PLACEHOLDER_CRON = "0 0 * * *";

/** A severity of the on-call incident trigger (`oncall_incident_severities`). */
export type RuleSeverity = "Critical" | "Warning" | "Info";
export const RULE_SEVERITIES = ["Critical", "Warning", "Info"] as const satisfies readonly RuleSeverity[];
true satisfies Equal<(typeof RULE_SEVERITIES)[number], RuleSeverity>;

/** `environment_kind` of a rule: `""` = chosen automatically, `cloud`, or `byoc` (with `environment_id`). */
export type RuleEnvironmentKind = "" | "cloud" | "byoc";
export const RULE_ENVIRONMENT_KINDS = ["", "cloud", "byoc"] as const satisfies readonly RuleEnvironmentKind[];
true satisfies Equal<(typeof RULE_ENVIRONMENT_KINDS)[number], RuleEnvironmentKind>;

/** Limits of a rule's fields on create and update (docs/platform-api.md "Automation rule write operations"). */
export const RULE_LIMITS = {
  /** Longest rule name, in characters (at least 1). */
  maxNameLength: 255,
} as const;

/** Prefix of a rule's HTTP POST trigger token (`http_post_token`). */
export const HTTP_POST_TOKEN_PREFIX = "sat_";

/** What the platform answers in place of a sensitive `env` or `headers` value (docs/platform-api.md "MCP server writes"). */
export const MASKED_VALUE = "******";

/**
 * Rules of an MCP server's fields as create and update take them (docs/platform-api.md "MCP
 * server writes"). The name syntax is the vendor's; the lengths and timeout ranges are our
 * assumptions (the vendor publishes none), kept here so the client and the emulator agree.
 */
export const MCP_SERVER_RULES = {
  /** `server_name`: a letter, then letters, digits, `-` and `_` (`@` is reserved). */
  namePattern: /^[A-Za-z][A-Za-z0-9_-]*$/,
  /** Longest `server_name`, in characters (assumption). */
  maxNameLength: 64,
  /** Longest `description`, in characters (assumption). */
  maxDescriptionLength: 1024,
  /** Largest `connect_timeout`, seconds (assumption); 0 = the platform default (10 s). */
  maxConnectTimeoutSeconds: 300,
  /** Largest `call_timeout`, seconds (assumption); 0 = the platform default (60 s). */
  maxCallTimeoutSeconds: 3600,
  /** The fields of each kind of transport: stdio runs a command, the others reach a URL. */
  stdioFields: ["command", "args", "env"],
  remoteFields: ["url", "headers"],
} as const;

/** Status of a skill as answers carry it (a deleted skill never appears in an answer). */
export type SkillStatus = "enabled" | "disabled";
export const SKILL_STATUSES = ["enabled", "disabled"] as const satisfies readonly SkillStatus[];
true satisfies Equal<(typeof SKILL_STATUSES)[number], SkillStatus>;

/** `scope` of the skill list: `all`, `account` (account-wide skills) or `team`. */
export type SkillScope = "all" | "account" | "team";
export const SKILL_SCOPES = ["all", "account", "team"] as const satisfies readonly SkillScope[];
true satisfies Equal<(typeof SKILL_SCOPES)[number], SkillScope>;

/** Prefix of a skill's id (`skill_id`). */
export const SKILL_ID_PREFIX = "skill_";

/**
 * Rules of skills (docs/platform-api.md "Skills"). The archive size, the file kinds, the
 * description length and characters and the query length are the vendor's; the name's length and
 * syntax, the list's largest page and the archive layout (`SKILL.md` at the root) are our
 * decisions, kept here so the client's checks and the emulator agree.
 */
export const SKILL_RULES = {
  /** Largest archive accepted by upload, in bytes (100 MB; the platform refuses it before reading the body). */
  maxArchiveBytes: 100 * 1024 * 1024,
  /** The file kinds upload accepts, by name ending. */
  archiveExtensions: [".zip", ".skill", ".tar.gz", ".tgz"],
  /** The file in the archive's root folder that describes the skill (its YAML frontmatter names it). */
  manifestFile: "SKILL.md",
  /** Longest `description` and `description_en`, in characters. */
  maxDescriptionLength: 1024,
  /** Characters a description may not hold. */
  forbiddenDescriptionCharacters: ["<", ">"],
  /** Longest list `query`, in characters. */
  maxQueryLength: 128,
  /** Largest list `limit` (our decision: the API's usual 100). */
  maxPageSize: 100,
  /** Longest skill name (frontmatter `name`, the `skill_name`), in characters (our decision). */
  maxNameLength: 64,
  /** A skill name: lower-case letters, digits and `-`, starting with a letter or digit (our decision, as Agent Skills names are). */
  namePattern: /^[a-z0-9][a-z0-9-]*$/,
} as const;
/** `scope` of a knowledge pack: the account's pack, a team's pack, or a legacy `channel` pack (read only here). */
export type KnowledgePackScope = "account" | "team" | "channel";
export const KNOWLEDGE_PACK_SCOPES = ["account", "team", "channel"] as const satisfies readonly KnowledgePackScope[];
true satisfies Equal<(typeof KNOWLEDGE_PACK_SCOPES)[number], KnowledgePackScope>;

/** `scope` of the pack list: `all` (default), `account` (the account pack only) or `team` (team packs only). */
export type KnowledgePackListScope = "all" | "account" | "team";
export const KNOWLEDGE_PACK_LIST_SCOPES = ["all", "account", "team"] as const satisfies readonly KnowledgePackListScope[];
true satisfies Equal<(typeof KNOWLEDGE_PACK_LIST_SCOPES)[number], KnowledgePackListScope>;

/** `code` of a knowledge write's `warnings[]` item: an @ref to a missing file (put), or a forced delete of a referenced file. */
export type KnowledgeWarningCode = "unresolved_reference" | "still_referenced_by";
export const KNOWLEDGE_WARNING_CODES = ["unresolved_reference", "still_referenced_by"] as const satisfies readonly KnowledgeWarningCode[];
true satisfies Equal<(typeof KNOWLEDGE_WARNING_CODES)[number], KnowledgeWarningCode>;

/**
 * Rules of knowledge packs and files (docs/platform-api.md "Knowledge packs and files"). The
 * 1 MiB per file is the vendor's; the `rel_path` rules, the @ref syntax, the body limit of
 * `file/put`, the content types by extension and the seeded `DUTY.md` are our decisions (the
 * vendor states none), kept here so the client and the emulator agree.
 */
export const KNOWLEDGE_RULES = {
  /** Largest file content, in bytes of UTF-8 (1 MiB; the vendor's limit). */
  maxFileBytes: 1024 * 1024,
  /**
   * Largest `file/put` body, in bytes (2 MiB): 1 MiB of content is about 1.34 MiB as base64, over
   * the API's general 1 MiB body limit, so `file/put` gets its own (assumption).
   */
  maxPutBodyBytes: 2 * 1024 * 1024,
  /** Longest `rel_path`, in characters (assumption). */
  maxRelPathLength: 255,
  /**
   * One segment of a `rel_path` (between `/`): letters and digits of any script, `.`, `_` and
   * `-`; `.` and `..` alone are refused separately. No leading, trailing or doubled `/`, no
   * spaces, no control or formatting characters (assumption).
   */
  relPathSegmentPattern: /^[\p{L}\p{N}._-]+$/u,
  /**
   * An @ref inside a file's text: `@` then a `rel_path` whose last segment has an extension
   * (`@runbooks/db.md`), not preceded by a word character, `@` or `/` (so an e-mail address or a
   * URL is no reference); resolved from the pack's root. A trailing `.` ends a sentence, not the
   * path (assumption). Group 1 is the path.
   */
  refPattern: /(?<![\p{L}\p{N}_@/.-])@((?:[\p{L}\p{N}_-][\p{L}\p{N}._-]*\/)*[\p{L}\p{N}_-][\p{L}\p{N}._-]*\.[\p{L}\p{N}]+)/gu,
  /** `content_type` from the extension when `file/put` sends none (lower case, with the dot); otherwise `text/plain`. */
  contentTypes: {
    ".md": "text/markdown",
    ".markdown": "text/markdown",
    ".txt": "text/plain",
    ".json": "application/json",
    ".yaml": "application/yaml",
    ".yml": "application/yaml",
  } as Readonly<Record<string, string>>,
  /** `content_type` of a file whose extension is not in {@link KNOWLEDGE_RULES.contentTypes}. */
  defaultContentType: "text/plain",
  /** Path of the file the first creation of an account pack seeds. */
  dutyFilePath: "DUTY.md",
} as const;

/** Prefix of a knowledge pack id. */
export const KNOWLEDGE_PACK_ID_PREFIX = "kpk_";
/** Prefix of a knowledge file id. */
export const KNOWLEDGE_FILE_ID_PREFIX = "kfl_";

/**
 * What is wrong with `relPath` as a knowledge file's `rel_path` ({@link KNOWLEDGE_RULES}), in
 * words naming the rule, or undefined when it is valid.
 */
export function knowledgeRelPathProblem(relPath: string): string | undefined {
  if (relPath === "") return "must not be empty";
  const length = [...relPath].length;
  if (length > KNOWLEDGE_RULES.maxRelPathLength) return `at most ${KNOWLEDGE_RULES.maxRelPathLength} characters, got ${length}`;
  if (relPath.startsWith("/")) return "must be relative (no leading /)";
  if (relPath.endsWith("/")) return "must name a file (no trailing /)";
  for (const segment of relPath.split("/")) {
    if (segment === "") return "must not hold an empty segment (//)";
    if (segment === "." || segment === "..") return "must not hold a . or .. segment";
    if (!KNOWLEDGE_RULES.relPathSegmentPattern.test(segment)) return "may hold only letters, digits, '.', '_', '-' and '/' between segments";
  }
  return undefined;
}

/** The @refs of a file's text, in order of first appearance, each once ({@link KNOWLEDGE_RULES.refPattern}). */
export function knowledgeRefs(text: string): string[] {
  const refs = new Set<string>();
  for (const match of text.matchAll(KNOWLEDGE_RULES.refPattern)) refs.add(match[1]!);
  return [...refs];
}

/** The `content_type` a `file/put` without one gets for `relPath` (by its extension, case-insensitive). */
export function knowledgeContentType(relPath: string): string {
  const name = relPath.slice(relPath.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  const extension = dot <= 0 ? "" : name.slice(dot).toLowerCase();
  return Object.hasOwn(KNOWLEDGE_RULES.contentTypes, extension) ? KNOWLEDGE_RULES.contentTypes[extension]! : KNOWLEDGE_RULES.defaultContentType;
}
/** Status of an A2A agent. */
export type A2aAgentStatus = "enabled" | "disabled";
export const A2A_AGENT_STATUSES = ["enabled", "disabled"] as const satisfies readonly A2aAgentStatus[];
true satisfies Equal<(typeof A2A_AGENT_STATUSES)[number], A2aAgentStatus>;

/** `auth_type` of an A2A agent (`""` on legacy rows means `none`). The wire field stays a plain string. */
export const A2A_AGENT_AUTH_TYPES = ["none", "api_key", "bearer"] as const;

/** `auth_mode` of an A2A agent (`""` means `shared`). The wire field stays a plain string. */
export const A2A_AGENT_AUTH_MODES = ["shared", "per_user_secret", "per_user_oauth"] as const;

/** `scope` of the A2A agent list: `all`, `account` (account-wide agents) or `team`. */
export type A2aAgentScope = "all" | "account" | "team";
export const A2A_AGENT_SCOPES = ["all", "account", "team"] as const satisfies readonly A2aAgentScope[];
true satisfies Equal<(typeof A2A_AGENT_SCOPES)[number], A2aAgentScope>;

/**
 * Rules of an A2A agent's fields as create and update take them, and of its list (docs/platform-api.md
 * "A2A agents"). The lengths are the vendor's newest schema's; the page rules are our assumption
 * (the vendor states no maximum `limit`), kept here so the client and the emulator agree.
 */
export const A2A_AGENT_RULES = {
  /** Longest `agent_name`, in characters (at least 1). */
  maxNameLength: 128,
  /** Largest `instructions`, in UTF-8 bytes (Markdown, non-empty). */
  maxInstructionsBytes: 51_200,
  /** Longest list `query`, in characters. */
  maxQueryLength: 128,
  /** Largest list `limit` (assumption, as the other lists). */
  maxPageSize: LIMITS.maxPageSize,
  /** Largest `offset + limit` of a list request (assumption, as the other lists' window). */
  maxPageWindow: LIMITS.maxPageWindow,
  /** `card_url` schemes. */
  cardUrlProtocols: ["http:", "https:"],
} as const;
