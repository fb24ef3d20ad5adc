/**
 * The public types of the emulator (re-exported by `emulator/index.ts`). Other packages and the
 * tests code against these names; keep them stable.
 */
import { type ApiOperationName, OPERATIONS } from "../wire/protocol";
import type {
  WireA2aAgent,
  WireAutomationRule,
  WireAutomationTemplate,
  WireKnowledgeFile,
  WireKnowledgePack,
  WireMcpServer,
  WireSkill,
} from "../wire/wireTypes";
import type { A2aAgentChanges } from "./seedA2aAgents";

/**
 * An automation rule as the emulator stores and sends it: the wire shape. `timezone` is always
 * there (the vendor's model requires it; `""` on legacy rows, meaning UTC). Trigger fields the
 * rule does not have are absent.
 */
export type StoredRule = WireAutomationRule;

/**
 * Fields of a rule that a write (`rule/update`, a console edit through `Emulator.updateRule`) may
 * change: everything but its identity, account, owner, team and scope, which never change.
 */
export type RuleChanges = Partial<Omit<StoredRule, "rule_id" | "account_id" | "owner_id" | "team_id" | "run_scope" | "can_edit" | "created_at">>;

/** Fields of a server that a console edit (`Emulator.updateServer`) may change: everything but its identity, account and creation. */
export type ServerChanges = Partial<Omit<WireMcpServer, "server_id" | "account_id" | "can_edit" | "created_at" | "created_by">>;

/**
 * The operations the emulator serves, as named in faults, counters and rate limits: every API
 * operation of `wire/protocol.ts` ({@link OPERATIONS}) and the HTTP POST trigger's fire URL, which
 * is not an API operation (no app key) but is served and counted like one.
 */
export type OperationName = ApiOperationName | "automationTrigger.fire";
export const OPERATION_NAMES: readonly [OperationName, ...OperationName[]] = ["automationTrigger.fire", ...(Object.keys(OPERATIONS) as ApiOperationName[])];

/** The audit log's names of the skill writes. */
export const SKILL_AUDIT_OPERATIONS = ["skill.upload", "skill.update", "skill.enable", "skill.disable", "skill.delete"] as const;

/**
 * A skill as the emulator stores it: the wire shape without `can_edit` (it depends on the caller),
 * `deleted` for a soft delete (never in an answer), and the archive as uploaded.
 */
export interface StoredSkill extends Omit<WireSkill, "can_edit" | "status"> {
  status: WireSkill["status"] | "deleted";
  /** The archive's bytes as uploaded (a console re-upload replaces them). */
  archive: Uint8Array;
}

/** What a console edit of a skill (`Emulator.updateSkill`) may change. `content` is a re-upload of a new SKILL.md body. */
export type SkillChanges = Partial<Pick<WireSkill, "description" | "description_en" | "team_id" | "status" | "content" | "version" | "tags" | "tools">>;

/** Entries the audit log keeps (in memory and in the state file); older ones are dropped first. */
export const AUDIT_LOG_LIMIT = 10_000;

/** Entries the request log keeps; older ones are dropped first. */
export const REQUEST_LOG_LIMIT = 100_000;

/** Requests per second and per minute, counted per operation and per app key or account. */
export interface RateLimitConfig {
  perSecond: number;
  perMinute: number;
  /**
   * How the windows count, default `"fixed"`. The vendor documents "50 requests per second"
   * without saying which (docs/platform-api.md "Rate limits and retries"), so the emulator
   * offers both:
   * - `"fixed"`: a window opens with the first request of a key and lasts its length (1 s or
   *   60 s); the next request after it opens the next one.
   * - `"sliding"`: at most the limit in any window of that length ending now (a sliding log).
   */
  window?: RateWindowKind;
  /**
   * Added to the emulator's clock in the `X-RateLimit-Reset` header it sends, in ms (default 0):
   * a server whose clock is off from the client's (positive: ahead). Counting is not affected.
   */
  clockOffsetMs?: number;
}

/** How a rate-limit window counts: see {@link RateLimitConfig.window}. */
export type RateWindowKind = "fixed" | "sliding";

/**
 * A fault injected in front of one operation (or all, with `"*"`). Without `count` or
 * `fraction` it applies to every matching request.
 *
 * - `latency`: waits `latencyMs` before handling the request normally (combines with one other fault).
 * - `error`: answers `status` (500 default, or 503) with an `InternalError` / `ServiceUnavailable` envelope.
 * - `rateLimit`: answers 429 `RequestTooFrequently` with `Retry-After: retryAfterSeconds` (default 1)
 *   and `X-RateLimit-*` headers.
 * - `reset`: resets the connection before answering; nothing is applied.
 * - `applyThenDrop`: runs the operation for real (state and audit change), then destroys the
 *   socket without sending the response.
 * - `proxyHtml`: a 502 `text/html` page as nginx would send it: no envelope, no request id.
 */
export interface FaultSpec {
  operation: OperationName | "*";
  kind: "latency" | "error" | "rateLimit" | "reset" | "applyThenDrop" | "proxyHtml";
  /** kind `latency`: milliseconds added before answering. */
  latencyMs?: number;
  /** kind `error`: HTTP status, 500 (default) or 503. */
  status?: 500 | 503;
  /** Apply to the next N matching requests only, then the fault is spent. */
  count?: number;
  /** Apply to this fraction (0..1) of matching requests, decided by a seeded deterministic RNG. */
  fraction?: number;
  /** kind `rateLimit`: seconds in `Retry-After` (default 1). */
  retryAfterSeconds?: number;
}

export interface EmulatorOptions {
  /** TCP port; default 0 (a free port). */
  port?: number;
  /** Interface to listen on; default "127.0.0.1". */
  host?: string;
  seed?: {
    /** Number of automation rules; default 320. */
    rules?: number;
    /** Total MCP servers; default 16, at least 12 (the fixed `SEED_SERVERS`); extra ones are `mcp_gen_NNNN`. */
    servers?: number;
  };
  /** Faults active from the start. */
  faults?: FaultSpec[];
  /** Rate limits; default production `{ perSecond: 50, perMinute: 1000 }`; `false` turns them off. */
  limits?: RateLimitConfig | false;
  /**
   * State file holding servers, audit log and (once one was written) the automation rules:
   * loaded at start if it exists, every change saved
   * (appended and flushed) before it is acknowledged, rewritten whole on close. Locked: one
   * emulator per file. Its folder must exist.
   */
  stateFile?: string;
  /** Longest time, in ms, for a request's headers and body to arrive before a 408 `BadRequest`; default 30,000. */
  requestTimeoutMs?: number;
}

/**
 * One write in an account's audit log: an MCP server disable/enable (`serverId`), or an
 * automation rule create, update, delete or run (`ruleId`; for a failed create there is no id yet:
 * `""`).
 */
export interface AuditEntry {
  /** Epoch milliseconds. */
  time: number;
  accountId: number;
  actorMemberId: number;
  operation:
    | "disable"
    | "enable"
    | "server.create"
    | "server.update"
    | "server.delete"
    | "rule.create"
    | "rule.update"
    | "rule.delete"
    | "rule.run"
    | (typeof SKILL_AUDIT_OPERATIONS)[number]
    | "knowledge.pack.ensure"
    | "knowledge.pack.update"
    | "knowledge.pack.delete"
    | "knowledge.file.put"
    | "knowledge.file.delete";
  /** The MCP server of a disable/enable/create/update/delete. */
  serverId?: string;
  /** The automation rule of a rule operation. */
  ruleId?: string;
  /** The skill of a skill operation (for a failed upload that made none: `""`). */
  skillId?: string;
  /** The knowledge pack of a knowledge write (absent when the call failed before it was known). */
  packId?: string;
  /** The file of a knowledge file write. */
  relPath?: string;
  requestId: string;
  /** "success" or the error code the call answered. */
  outcome: string;
}

/** Requests seen by one operation and the HTTP statuses answered ("200": n, "429": n, ...; "reset" and "dropped" for faults that sent nothing). */
export interface OperationCounter {
  requests: number;
  statuses: Record<string, number>;
}

/**
 * One answered API request, for timing checks (e.g. that no retry came earlier than the
 * `Retry-After` of the answer before it). Never holds the app key or the body beyond the fields
 * below.
 */
export interface RequestLogEntry {
  /** When the request reached its route (before any injected latency), epoch ms with a fraction. */
  receivedAt: number;
  /** When it was answered (or dropped / reset), epoch ms with a fraction; same clock as `receivedAt`. */
  time: number;
  operation: OperationName;
  /** The body's `server_id` (MCP server operations), when it is a string. */
  serverId?: string;
  /** The body's `p` (list operations), when it is a number. */
  page?: number;
  /** The body's `locale` (template list), when it is a string. */
  locale?: string;
  /** HTTP status answered, or "reset" / "dropped" for faults that sent nothing. */
  status: number | "reset" | "dropped";
  /** The `Retry-After` of a 429 answer, in seconds. */
  retryAfterSeconds?: number;
  /** The answer's request id (absent for `reset`, `dropped` and `proxyHtml`). */
  requestId?: string;
  /** The request's `User-Agent` (first 200 characters), when sent: tells clients apart. */
  userAgent?: string;
}

/** A seeded member and the app key that authenticates as them. */
export interface SeedUser {
  memberId: number;
  accountId: number;
  name: string;
  role: "owner" | "admin" | "member";
  teamIds: number[];
  /** Holds the `ai-sre` (MCP management) permission. */
  aiSre: boolean;
  appKey: string;
}

/** A seeded team. */
export interface SeedTeam {
  teamId: number;
  accountId: number;
  name: string;
}

/** Fields of a template that `updateTemplate` may change (its `name` is its identity). */
export type TemplateChanges = Partial<Omit<WireAutomationTemplate, "name">>;

/** Filters of `visibleRules`, the camelCase twins of the rule-list body fields. */
export interface RuleFilter {
  scope?: string;
  teamIds?: number[];
  enabled?: boolean | null;
  keyword?: string;
  includePerson?: boolean | null;
}

/** A knowledge file as stored: its metadata and its text. */
export interface KnowledgeFileSnapshot extends WireKnowledgeFile {
  content: string;
}

/** A running emulator. */
export interface Emulator {
  /** Base URL, e.g. "http://127.0.0.1:8787", no trailing slash. */
  url: string;
  port: number;
  users: SeedUser[];
  /**
   * admin: account-1 admin with ai-sre; member: account-1 member of teams 1 and 2 with ai-sre;
   * noAiSre: account-1 member without ai-sre; otherAccount: admin of account 2;
   * teamMember2: account-1 member of team 3 only, with ai-sre.
   */
  keys: { admin: string; member: string; noAiSre: string; otherAccount: string; teamMember2: string };
  /** Current servers in seed order, wire shape (`can_edit` false; optional fields absent where the platform omits them). */
  servers(): WireMcpServer[];
  server(serverId: string): WireMcpServer | undefined;
  /** Changes a server's status out of band, as a person in the console would; not audited, not counted. Throws for an unknown id. */
  setServerStatus(serverId: string, status: "enabled" | "disabled"): void;
  /** Deletes a server out of band, as a person in the console would (later reads answer `ResourceNotFound`); not audited. Throws for an unknown id. */
  deleteServer(serverId: string): void;
  /**
   * Edits a server out of band, as a person in the console would: the given fields (secret
   * values as given, unmasked) and `updated_at` (now, epoch ms). Returns the server (wire shape,
   * secrets masked, `can_edit` false). Not audited and not checked; throws for an unknown id.
   */
  updateServer(serverId: string, changes: ServerChanges): WireMcpServer;
  /**
   * Edits an automation rule out of band, as a person in the console would: the given fields,
   * `updated_at` (now, epoch ms) and `schedule_next_fire_at_ms` (0 once disabled). Toggling
   * `enabled` moves it in or out of `enabled`-filtered lists. Returns the rule (wire shape,
   * `can_edit` false). Throws for an unknown id, RangeError for a cron expression that cannot be
   * evaluated. Not audited; `reset()` restores the seed.
   */
  updateRule(ruleId: string, changes: RuleChanges): StoredRule;
  /** Deletes an automation rule out of band, as a person in the console would (its token stops working). Not audited. Throws for an unknown id. */
  deleteRule(ruleId: string): void;
  /** A rule as stored (wire shape, `can_edit` false, never its token), or undefined. */
  rule(ruleId: string): StoredRule | undefined;
  /**
   * Edits a preset template of one locale (matched like the `locale` body value) by its `name`.
   * Returns the template. Throws for an unknown name. Not kept in the state file; `reset()`
   * restores the seed.
   */
  updateTemplate(locale: string, name: string, changes: TemplateChanges): WireAutomationTemplate;
  /** Every live skill of every account (wire shape with `content`, `can_edit` false), newest first. Not in the state file. */
  skills(): WireSkill[];
  /** A live skill (wire shape with `content`, `can_edit` false), or undefined. */
  skill(skillId: string): WireSkill | undefined;
  /**
   * Edits a skill out of band, as a person in the console would: the given fields, `updated_at`
   * (now), `is_modified` true; a new `content` is a console re-upload (a new archive of that
   * SKILL.md and its `checksum`). Not audited and not checked; throws for an unknown id.
   */
  updateSkill(skillId: string, changes: SkillChanges): WireSkill;
  /** Deletes a skill out of band (a soft delete, as the console's); not audited. Throws for an unknown id. */
  deleteSkill(skillId: string): void;
  /** Every knowledge pack of every account (wire shape, `can_edit` false), by pack id. Packs live in memory only (not in the state file). */
  knowledgePacks(): WireKnowledgePack[];
  /** The files of a knowledge pack with their text, by `rel_path`. Throws for an unknown pack. */
  knowledgeFiles(packId: string): KnowledgeFileSnapshot[];
  /**
   * Writes a knowledge file's text out of band, as a person in the console would (`updated_by`
   * 0, `updated_at_ms` now; created when missing). Not audited; throws for an unknown pack or an
   * invalid `rel_path`.
   */
  editKnowledgeFile(packId: string, relPath: string, content: string): WireKnowledgeFile;
  /** Deletes a knowledge file out of band, as a person in the console would. Not audited; throws for an unknown pack or file. */
  deleteKnowledgeFile(packId: string, relPath: string): void;
  /** Current A2A agents of every account (wire shape, `auth_config` masked, `can_edit` false). Not kept in the state file. */
  a2aAgents(): WireA2aAgent[];
  /** One A2A agent (as {@link a2aAgents}), or undefined. */
  a2aAgent(agentId: string): WireA2aAgent | undefined;
  /**
   * Edits an A2A agent out of band, as a person in the console would: the given fields (secret
   * values as given, unmasked; `auth_config` replaced whole) and `updated_at` (now, epoch ms).
   * Returns the agent (masked, `can_edit` false). Not checked; throws for an unknown id.
   */
  updateA2aAgent(agentId: string, changes: A2aAgentChanges): WireA2aAgent;
  /**
   * The stored `auth_config` of an A2A agent, unmasked (what a state file would show of an MCP
   * server's secrets), or undefined; for tests of the masking rules. These are emulator values only.
   */
  a2aAgentAuthConfig(agentId: string): Record<string, string> | undefined;
  /** Deletes an A2A agent out of band (later reads answer `ResourceNotFound`). Throws for an unknown id. */
  deleteA2aAgent(agentId: string): void;
  audit(): AuditEntry[];
  counters(): Record<OperationName, OperationCounter>;
  /**
   * Every answered API request in answer order (the last {@link REQUEST_LOG_LIMIT}), with arrival
   * and answer times. Emptied with the counters (`resetCounters`, `reset`).
   */
  requestLog(): RequestLogEntry[];
  /** Exactly what the rule list returns for this key and filter, all pages, in API order. Throws for an unknown key or scope. */
  visibleRules(appKey: string, filter?: RuleFilter): StoredRule[];
  /** What the template list returns for this `locale` body value. */
  templates(locale: string): WireAutomationTemplate[];
  /** Replaces the active faults. Throws on an invalid spec. */
  setFaults(faults: FaultSpec[]): void;
  /** Replaces the rate limits (and empties their buckets); `false` turns them off. */
  setLimits(limits: RateLimitConfig | false): void;
  /** Clears counters and the audit log only. */
  resetCounters(): void;
  /** Back to the seed: servers, A2A agents, audit, counters, faults (none) and rate-limit buckets. */
  reset(): void;
  close(): Promise<void>;
}
