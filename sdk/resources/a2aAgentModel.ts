/**
 * A2A agents: the camelCase model, the parameters of each operation, their checks and the
 * mapping to and from the wire (docs/platform-api.md "A2A agents"). The operations are in
 * `a2aAgents.ts`.
 */
import { FlashdutyValidationError } from "../errors";
import { charLength, checkParams, show } from "../validation";
import { A2A_AGENT_AUTH_MODES, A2A_AGENT_AUTH_TYPES, A2A_AGENT_RULES, type A2aAgentScope, type A2aAgentStatus } from "../../wire/protocol";
import type { Equal } from "../../wire/typeAssert";
import type { WireA2aAgent, WireA2aAgentCreateRequest, WireA2aAgentListData, WireA2aAgentListRequest, WireA2aAgentUpdateRequest } from "../../wire/wire";
import { withoutUndefined, type Camelized } from "../wireMapping";

export type { A2aAgentScope, A2aAgentStatus };

/** How the platform authenticates to the agent: `none`, `api_key` or `bearer`. */
export type A2aAgentAuthType = (typeof A2A_AGENT_AUTH_TYPES)[number];
/** Whose credentials are used: `shared` (the agent's own `authConfig`), `per_user_secret` or `per_user_oauth`. */
export type A2aAgentAuthMode = (typeof A2A_AGENT_AUTH_MODES)[number];

/** A skill the platform read from the agent's card. */
export interface A2aAgentCardSkill {
  id?: string;
  name: string;
  description?: string;
}

/**
 * An A2A agent, as `POST /safari/a2a-agent/get` and `/list` return it (docs/platform-api.md "A2A
 * agent object"). Optional fields are left out of the object when the platform omits them.
 */
export interface A2aAgent {
  /** Agent id, `a2a_...`. */
  agentId: string;
  /** Owning account. */
  accountId: number;
  /** Owning team; 0 for an account-wide agent (editable by account owners/admins only). */
  teamId: number;
  /** Whether the caller may edit it. */
  canEdit: boolean;
  /** Display name. */
  agentName: string;
  /** Markdown instructions (optional `summary` frontmatter, then a non-empty body). */
  instructions: string;
  /** Absolute http(s) URL of the agent card. */
  cardUrl: string;
  /** `none`, `api_key` or `bearer` (a legacy `""` reads as `none`; an unknown value is kept as sent). */
  authType: string;
  /** `shared`, `per_user_secret` or `per_user_oauth`; `""` means `shared`. */
  authMode?: string;
  /**
   * Credentials; the values under credential-looking keys come back masked (`******`). Absent
   * when empty. A key named `__proto__` is dropped.
   */
  authConfig?: Record<string, string>;
  /** The per-user secret's schema, JSON text (not parsed); `""` when none. */
  secretSchema?: string;
  /** OAuth metadata, JSON text (not parsed); `""` when none. */
  oauthMetadata?: string;
  /** Whether the platform talks to the agent by streaming. */
  streaming: boolean;
  /** Testing only: OAuth over plain HTTP allowed. */
  allowInsecureOauthHttp?: boolean;
  /** Testing only: TLS certificate checks skipped. */
  allowInsecureTlsSkipVerify?: boolean;
  /** `enabled` or `disabled`. */
  status: A2aAgentStatus;
  /** Reserved, always 0. */
  cardResolveTimeout: number;
  /** Reserved, always 0. */
  taskTimeout: number;
  /** The card's own name, once the platform fetched the card. */
  agentCardName?: string;
  /** The card's skills, once the platform fetched the card. */
  agentCardSkills?: A2aAgentCardSkill[];
  /** Member id of the creator. */
  createdBy: number;
  /** Creation time, epoch milliseconds. */
  createdAt: number;
  /** Last update time, epoch milliseconds. */
  updatedAt: number;
  /** Environments it is callable from: `[]` = all; otherwise `cloud` and/or BYOC runner ids. */
  environments: string[];
}

/** `{ agentId }`: the argument of `a2aAgents.get`, `.enable`, `.disable` and `.delete`. */
export interface A2aAgentIdParams {
  /** Id of the agent, `a2a_...`; must be non-empty. */
  agentId: string;
}

/** Filters of `a2aAgents.list`. All optional; absent fields are not sent. */
export interface ListA2aAgentsParams {
  /** Items to skip, from 0 (server default 0). `offset + limit` may not exceed 10000. */
  offset?: number;
  /** Page size 1..100; server default 20. */
  limit?: number;
  /** `all` (default), `account` (account-wide agents) or `team` (team agents). */
  scope?: A2aAgentScope;
  /** Free-text filter, at most 128 characters. */
  query?: string;
  /** Only team agents of these teams (wire `team_ids`). */
  teamIds?: number[];
  /** Whether account-wide agents are included (wire `include_account`); `null`/absent = server default, true. */
  includeAccount?: boolean | null;
}

/** One page of `a2aAgents.list`. */
export interface A2aAgentList {
  /** Number of matching agents (do not page on it alone). */
  total: number;
  /** The agents of this page. */
  items: A2aAgent[];
}

/**
 * The fields of an A2A agent that create takes (docs/platform-api.md "A2A agent writes").
 * `secretSchema` and `oauthMetadata` are JSON text.
 */
export interface A2aAgentFields {
  /** 1 to 128 characters; unique in its scope, case-insensitively. */
  agentName: string;
  /** Markdown, non-empty, at most 51200 UTF-8 bytes. */
  instructions: string;
  /** Absolute `http` or `https` URL of the agent card (not fetched at create). */
  cardUrl: string;
  /** Default `none`. */
  authType?: A2aAgentAuthType;
  /** Default `shared`. */
  authMode?: A2aAgentAuthMode;
  /**
   * Credentials (e.g. `{ api_key, header_name }`); no value may be empty (leave a key out to remove
   * it). Sensitive values are answered masked (`******`); an update replaces the whole map, and
   * a value sent as `******` keeps the stored secret.
   */
  authConfig?: Record<string, string>;
  /** JSON text of an object with a non-empty `header_name`; required when `authMode` is `per_user_secret`. */
  secretSchema?: string;
  /** JSON text of the OAuth metadata (for `per_user_oauth`). */
  oauthMetadata?: string;
  /** Default false. */
  streaming?: boolean;
  /** 0 (default) = account-wide; otherwise the owning team. */
  teamId?: number;
  /** `cloud` and/or BYOC runner ids; absent or `[]` = every environment. */
  environments?: string[];
  /** Testing only: allow OAuth over plain HTTP. Default false. */
  allowInsecureOauthHttp?: boolean;
  /** Testing only: skip TLS certificate checks. Default false. */
  allowInsecureTlsSkipVerify?: boolean;
}

/** Arguments of `a2aAgents.create`. */
export type CreateA2aAgentParams = A2aAgentFields;

/**
 * Arguments of `a2aAgents.update`: the agent and the fields to change; an absent field stays as
 * it is. `authConfig` replaces the whole map (a masked `******` value keeps its stored secret);
 * `environments: []` = every environment again; `teamId` moves the agent (0 = account-wide).
 * A new `authMode` rewrites `secretSchema` and clears `oauthMetadata` unless they are given.
 * The status changes through `enable` / `disable`.
 */
export interface UpdateA2aAgentParams extends Partial<A2aAgentFields> {
  /** The agent to change, `a2a_...`. */
  agentId: string;
}

/** One broken field of an A2A agent: the field (camelCase) and a sentence naming it and the rule it breaks. */
export interface A2aAgentFieldProblem {
  field: keyof A2aAgentFields;
  problem: string;
}

const FIELD_NAMES = [
  "agentName",
  "instructions",
  "cardUrl",
  "authType",
  "authMode",
  "authConfig",
  "secretSchema",
  "oauthMetadata",
  "streaming",
  "teamId",
  "environments",
  "allowInsecureOauthHttp",
  "allowInsecureTlsSkipVerify",
] as const satisfies readonly (keyof A2aAgentFields)[];
true satisfies Equal<(typeof FIELD_NAMES)[number], keyof A2aAgentFields>;

function isHttpUrl(value: string): boolean {
  try {
    return (A2A_AGENT_RULES.cardUrlProtocols as readonly string[]).includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function parsedJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * Every problem of `fields`, as the platform would refuse them (docs/platform-api.md "A2A agent
 * writes"), plus our own: no empty `authConfig` value. Only present fields are checked, so a
 * caller may leave out values it does not know yet (the provider at preview) or does not change.
 *
 * @param requireAll on create: `agentName`, `instructions` and `cardUrl` must be present.
 */
export function a2aAgentFieldProblems(fields: Partial<Record<keyof A2aAgentFields, unknown>>, requireAll: boolean): A2aAgentFieldProblem[] {
  const problems: A2aAgentFieldProblem[] = [];
  const add = (field: keyof A2aAgentFields, problem: string) => problems.push({ field, problem });
  const { agentName, instructions, cardUrl, authType, authMode, authConfig, secretSchema, teamId, environments } = fields;
  if (agentName !== undefined || requireAll) {
    if (typeof agentName !== "string" || charLength(agentName) < 1 || charLength(agentName) > A2A_AGENT_RULES.maxNameLength) {
      add("agentName", `agentName must be a string of 1 to ${A2A_AGENT_RULES.maxNameLength} characters (got ${show(agentName)})`);
    }
  }
  if (instructions !== undefined || requireAll) {
    if (typeof instructions !== "string" || instructions.trim() === "") {
      add("instructions", "instructions must be non-empty Markdown text");
    } else if (Buffer.byteLength(instructions, "utf8") > A2A_AGENT_RULES.maxInstructionsBytes) {
      add(
        "instructions",
        `instructions must be at most ${A2A_AGENT_RULES.maxInstructionsBytes} bytes of UTF-8 (got ${Buffer.byteLength(instructions, "utf8")})`,
      );
    }
  }
  if (cardUrl !== undefined || requireAll) {
    if (typeof cardUrl !== "string" || !isHttpUrl(cardUrl)) add("cardUrl", `cardUrl must be an absolute http or https URL (got ${show(cardUrl)})`);
  }
  if (authType !== undefined && (typeof authType !== "string" || !(A2A_AGENT_AUTH_TYPES as readonly string[]).includes(authType))) {
    add("authType", `authType must be one of ${A2A_AGENT_AUTH_TYPES.join(", ")} (got ${show(authType)})`);
  }
  if (authMode !== undefined && (typeof authMode !== "string" || !(A2A_AGENT_AUTH_MODES as readonly string[]).includes(authMode))) {
    add("authMode", `authMode must be one of ${A2A_AGENT_AUTH_MODES.join(", ")} (got ${show(authMode)})`);
  }
  if (authConfig !== undefined) {
    if (typeof authConfig !== "object" || authConfig === null || Array.isArray(authConfig)) {
      add("authConfig", "authConfig must be an object of string values");
    } else {
      for (const [key, value] of Object.entries(authConfig)) {
        // The key is the caller's own text; the value is a secret and never shown.
        if (typeof value !== "string") add("authConfig", `authConfig.${key} must be a string`);
        else if (value === "") add("authConfig", `authConfig.${key} must not be empty: leave the key out of the map to remove it`);
      }
    }
  }
  for (const field of ["secretSchema", "oauthMetadata"] as const) {
    const value = fields[field];
    if (value === undefined) continue;
    if (typeof value !== "string") add(field, `${field} must be a string of JSON text (got ${show(value)})`);
    else if (value !== "" && !parsedJson(value).ok) add(field, `${field} must be JSON text`);
  }
  if (authMode === "per_user_secret" && (requireAll || secretSchema !== undefined)) {
    const parsed = typeof secretSchema === "string" ? parsedJson(secretSchema) : { ok: false as const };
    const header = parsed.ok && typeof parsed.value === "object" && parsed.value !== null ? (parsed.value as Record<string, unknown>).header_name : undefined;
    if (typeof header !== "string" || header === "") add("secretSchema", "secretSchema must hold a non-empty header_name when authMode is per_user_secret");
  }
  if (environments !== undefined && (!Array.isArray(environments) || !environments.every((v) => typeof v === "string" && v !== ""))) {
    add("environments", "environments must be an array of non-empty strings (cloud or BYOC runner ids)");
  }
  if (teamId !== undefined && (typeof teamId !== "number" || !Number.isSafeInteger(teamId) || teamId < 0)) {
    add("teamId", `teamId must be an integer >= 0 (0 = account-wide) (got ${show(teamId)})`);
  }
  for (const flag of ["streaming", "allowInsecureOauthHttp", "allowInsecureTlsSkipVerify"] as const) {
    const value = fields[flag];
    if (value !== undefined && typeof value !== "boolean") add(flag, `${flag} must be a boolean (got ${show(value)})`);
  }
  return problems;
}

/** @internal The given fields, copied, checked (throws FlashdutyValidationError naming the first bad field). */
export function checkA2aAgentFields(operation: string, params: unknown, requireAll: boolean): Partial<A2aAgentFields> {
  const p = checkParams(operation, params);
  const fields: Record<string, unknown> = {};
  for (const key of FIELD_NAMES) {
    const value = p[key];
    if (value === undefined) continue;
    fields[key] = Array.isArray(value) ? [...value] : typeof value === "object" && value !== null ? { ...value } : value;
  }
  const [first] = a2aAgentFieldProblems(fields, requireAll);
  if (first !== undefined) throw new FlashdutyValidationError({ operation, field: first.field, problem: first.problem });
  return fields as Partial<A2aAgentFields>;
}

/** How far the platform's clock may be behind ours when a lost create is looked for (ms). */
export const AGENT_CREATE_CLOCK_SKEW_MS = 5_000;

/** @internal Body of `/safari/a2a-agent/create`. */
export function createA2aAgentToWire(f: A2aAgentFields): WireA2aAgentCreateRequest {
  return withoutUndefined({
    agent_name: f.agentName,
    instructions: f.instructions,
    card_url: f.cardUrl,
    auth_type: f.authType,
    auth_mode: f.authMode,
    auth_config: f.authConfig,
    secret_schema: f.secretSchema,
    oauth_metadata: f.oauthMetadata,
    streaming: f.streaming,
    team_id: f.teamId,
    environments: f.environments,
    allow_insecure_oauth_http: f.allowInsecureOauthHttp,
    allow_insecure_tls_skip_verify: f.allowInsecureTlsSkipVerify,
  });
}

/** @internal Body of `/safari/a2a-agent/update`: `agent_id` and the given fields only. */
export function updateA2aAgentToWire(p: UpdateA2aAgentParams): WireA2aAgentUpdateRequest {
  return withoutUndefined({ agent_id: p.agentId, ...createA2aAgentToWire(p as A2aAgentFields) });
}

/** @internal Optional fields the platform left out (or sent as `null`) are left out here too. */
export function a2aAgentFromWire(w: WireA2aAgent): A2aAgent {
  return withoutUndefined({
    agentId: w.agent_id,
    accountId: w.account_id,
    teamId: w.team_id,
    canEdit: w.can_edit,
    agentName: w.agent_name,
    instructions: w.instructions,
    cardUrl: w.card_url,
    authType: w.auth_type === "" ? "none" : w.auth_type,
    authMode: w.auth_mode,
    authConfig: w.auth_config === undefined ? undefined : Object.fromEntries(Object.entries(w.auth_config).filter(([k]) => k !== "__proto__")),
    secretSchema: w.secret_schema,
    oauthMetadata: w.oauth_metadata,
    streaming: w.streaming,
    allowInsecureOauthHttp: w.allow_insecure_oauth_http,
    allowInsecureTlsSkipVerify: w.allow_insecure_tls_skip_verify,
    status: w.status,
    cardResolveTimeout: w.card_resolve_timeout,
    taskTimeout: w.task_timeout,
    agentCardName: w.agent_card_name,
    agentCardSkills: w.agent_card_skills?.map((s) => withoutUndefined({ id: s.id, name: s.name, description: s.description })),
    createdBy: w.created_by,
    createdAt: w.created_at,
    updatedAt: w.updated_at,
    environments: [...w.environments],
  });
}

/** @internal */
export function a2aAgentListFromWire(w: WireA2aAgentListData): A2aAgentList {
  return { total: w.total, items: w.items.map(a2aAgentFromWire) };
}

/** @internal Body of get, enable, disable and delete. */
export function agentIdToWire(p: A2aAgentIdParams): { agent_id: string } {
  return { agent_id: p.agentId };
}

/** @internal Body of `/safari/a2a-agent/list`; fields the caller left out are not sent. */
export function listA2aAgentsToWire(p: ListA2aAgentsParams): WireA2aAgentListRequest {
  return withoutUndefined({
    offset: p.offset,
    limit: p.limit,
    scope: p.scope,
    query: p.query,
    team_ids: p.teamIds,
    include_account: p.includeAccount,
  });
}

// Compile-time parity with the wire: the model has exactly the wire object's fields.
true satisfies Equal<A2aAgent, Camelized<WireA2aAgent>>;
