/**
 * A2A agent writes: `/safari/a2a-agent/create`, `/update` and `/delete` (docs/platform-api.md
 * "A2A agent writes"). Each needs `ai-sre` and edit rights on the agent's scope (and, for a
 * create or a move, on the target scope); names are unique per scope, case-insensitively (our
 * assumption). Create answers `{ agent_id }`, update and delete `null`. A masked or empty
 * `auth_config` value of a sensitive key keeps the stored secret (emulator/secretMasking.ts).
 */
import { randomBytes } from "node:crypto";
import { A2A_AGENT_AUTH_MODES, A2A_AGENT_AUTH_TYPES, A2A_AGENT_RULES, PATHS } from "../../wire/protocol";
import { wireA2aAgentCreateRequestSchema, wireA2aAgentUpdateRequestSchema, type WireA2aAgentCreateData } from "../../wire/wire";
import { requireAiSre } from "../auth";
import { parseBody } from "../http/body";
import { ApiError } from "../http/envelope";
import type { Operation, OperationContext } from "../operation";
import { isSensitiveA2aKey, mergeSecrets } from "../secretMasking";
import { SEED_TEAMS } from "../seed";
import type { StoredA2aAgent } from "../seedA2aAgents";
import { canEditAgent, editableAgent, readAgentId } from "./a2aAgents";

function invalid(name: string, detail: string): ApiError {
  return new ApiError("InvalidParameter", (m) => m.paramInvalid(name, detail));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** 403 unless the caller may edit agents of `teamId` (0 = account-wide); 400 for a team of no account of theirs. */
function requireScope(context: OperationContext, teamId: number): void {
  if (!Number.isInteger(teamId) || teamId < 0) throw invalid("team_id", "must be 0 (account-wide) or a team id");
  const { caller } = context;
  if (teamId > 0 && !SEED_TEAMS.some((t) => t.teamId === teamId && t.accountId === caller.accountId)) {
    throw new ApiError("ResourceNotFound", (m) => m.paramInvalid("team_id", `team ${teamId} not found`));
  }
  if (!canEditAgent(context, { account_id: caller.accountId, team_id: teamId })) {
    throw new ApiError("AccessDenied", (m) =>
      m.paramInvalid(
        "team_id",
        teamId === 0 ? "permission denied: only account admins may manage account-wide A2A agents" : `permission denied: not a member of team ${teamId}`,
      ),
    );
  }
}

/** The rules every stored agent meets after a write (the name's only when the write sets it). */
function checkAgent(context: OperationContext, agent: StoredA2aAgent, nameSet: boolean): void {
  const name = agent.agent_name;
  if (name === "") throw new ApiError("InvalidParameter", (m) => m.paramRequired("agent_name"));
  if (nameSet && [...name].length > A2A_AGENT_RULES.maxNameLength)
    throw new ApiError("InvalidParameter", (m) => m.paramTooLong("agent_name", A2A_AGENT_RULES.maxNameLength));
  if (agent.instructions.trim() === "") throw new ApiError("InvalidParameter", (m) => m.paramRequired("instructions"));
  if (Buffer.byteLength(agent.instructions, "utf8") > A2A_AGENT_RULES.maxInstructionsBytes) {
    throw invalid("instructions", `at most ${A2A_AGENT_RULES.maxInstructionsBytes} bytes`);
  }
  let url: URL | undefined;
  try {
    url = new URL(agent.card_url);
  } catch {
    url = undefined;
  }
  if (url === undefined || !(A2A_AGENT_RULES.cardUrlProtocols as readonly string[]).includes(url.protocol))
    throw invalid("card_url", "must be an absolute http(s) URL");
  if (!(A2A_AGENT_AUTH_TYPES as readonly string[]).includes(agent.auth_type))
    throw new ApiError("InvalidParameter", (m) => m.paramOneOf("auth_type", A2A_AGENT_AUTH_TYPES));
  const authMode = agent.auth_mode ?? "";
  if (authMode !== "" && !(A2A_AGENT_AUTH_MODES as readonly string[]).includes(authMode)) {
    throw new ApiError("InvalidParameter", (m) => m.paramOneOf("auth_mode", A2A_AGENT_AUTH_MODES));
  }
  for (const field of ["secret_schema", "oauth_metadata"] as const) {
    const text = agent[field];
    if (text && parseJson(text) === undefined) throw invalid(field, "must be JSON text");
  }
  if (authMode === "per_user_secret") {
    const schema = parseJson(agent.secret_schema ?? "");
    const header = typeof schema === "object" && schema !== null ? (schema as Record<string, unknown>).header_name : undefined;
    if (typeof header !== "string" || header === "") throw invalid("secret_schema", "a header_name is required when auth_mode is per_user_secret");
  }
  if (agent.environments.some((e) => e === "")) throw invalid("environments", "an environment id may not be empty");
  const folded = name.toLowerCase();
  for (const other of context.world.a2aAgents.values()) {
    if (other.agent_id === agent.agent_id || other.account_id !== agent.account_id || other.team_id !== agent.team_id) continue;
    if (other.agent_name.toLowerCase() === folded)
      throw invalid("agent_name", `an A2A agent named ${other.agent_name} already exists in this scope (${other.agent_id})`);
  }
}

/** The deprecated `description` must equal `instructions` when both are sent. */
function checkDescription(description: string | null | undefined, instructions: string | null | undefined): void {
  if (description !== undefined && description !== null && instructions !== undefined && instructions !== null && description !== instructions) {
    throw invalid("description", "deprecated; must equal instructions when both are sent");
  }
}

/** Create one agent in the caller's account; answers `{ agent_id }`. Initial status `enabled`. */
export const createAgent: Operation = {
  name: "a2aAgent.create",
  path: PATHS.a2aAgentCreate,
  handle(context): WireA2aAgentCreateData {
    const request = parseBody(wireA2aAgentCreateRequestSchema, context.body);
    requireAiSre(context.caller);
    const teamId = request.team_id ?? 0;
    requireScope(context, teamId);
    checkDescription(request.description, request.instructions);
    const { caller, now } = context;
    const agent: StoredA2aAgent = {
      agent_id: `a2a_${randomBytes(8).toString("hex")}`,
      account_id: caller.accountId,
      team_id: teamId,
      agent_name: request.agent_name,
      instructions: request.instructions,
      card_url: request.card_url,
      auth_type: request.auth_type || "none",
      auth_mode: request.auth_mode || "shared",
      streaming: request.streaming ?? false,
      status: "enabled",
      card_resolve_timeout: 0,
      task_timeout: 0,
      created_by: caller.memberId,
      created_at: now,
      updated_at: now,
      environments: request.environments ?? [],
    };
    if (request.auth_config) agent.auth_config = { ...request.auth_config };
    if (request.secret_schema) agent.secret_schema = request.secret_schema;
    if (request.oauth_metadata) agent.oauth_metadata = request.oauth_metadata;
    if (request.allow_insecure_oauth_http) agent.allow_insecure_oauth_http = true;
    if (request.allow_insecure_tls_skip_verify) agent.allow_insecure_tls_skip_verify = true;
    checkAgent(context, agent, true);
    context.world.a2aAgents.set(agent.agent_id, agent);
    return { agent_id: agent.agent_id };
  },
};

/**
 * Change the given fields of an agent (omitted or `null` = unchanged); answers `null`. A new
 * `auth_mode` rewrites `secret_schema` (to what is sent, else none) and clears `oauth_metadata`
 * unless it is sent. `team_id` moves the agent in place.
 */
export const updateAgent: Operation = {
  name: "a2aAgent.update",
  path: PATHS.a2aAgentUpdate,
  handle(context): null {
    const request = parseBody(wireA2aAgentUpdateRequestSchema, context.body);
    const current = editableAgent(context, readAgentId(context));
    checkDescription(request.description, request.instructions ?? current.instructions);
    const next: StoredA2aAgent = structuredClone(current);
    const given = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null;
    if (given(request.team_id) && request.team_id !== current.team_id) {
      requireScope(context, request.team_id);
      next.team_id = request.team_id;
    }
    if (given(request.agent_name)) next.agent_name = request.agent_name;
    if (given(request.instructions)) next.instructions = request.instructions;
    if (given(request.card_url)) next.card_url = request.card_url;
    if (given(request.auth_type)) next.auth_type = request.auth_type || "none";
    if (given(request.auth_mode) && (request.auth_mode || "shared") !== (current.auth_mode || "shared")) {
      next.auth_mode = request.auth_mode || "shared";
      delete next.secret_schema;
      if (!given(request.oauth_metadata)) delete next.oauth_metadata;
    }
    if (given(request.secret_schema)) next.secret_schema = request.secret_schema;
    if (given(request.oauth_metadata)) next.oauth_metadata = request.oauth_metadata;
    if (given(request.auth_config)) next.auth_config = mergeSecrets(current.auth_config, request.auth_config, isSensitiveA2aKey);
    if (given(request.streaming)) next.streaming = request.streaming;
    if (given(request.allow_insecure_oauth_http)) next.allow_insecure_oauth_http = request.allow_insecure_oauth_http;
    if (given(request.allow_insecure_tls_skip_verify)) next.allow_insecure_tls_skip_verify = request.allow_insecure_tls_skip_verify;
    if (given(request.environments)) next.environments = [...request.environments];
    next.updated_at = context.now;
    checkAgent(context, next, given(request.agent_name));
    context.world.a2aAgents.set(next.agent_id, next);
    return null;
  },
};

/** Delete an agent (soft: gone from list and get); answers `null`. One that is gone answers 400 `ResourceNotFound`. */
export const deleteAgent: Operation = {
  name: "a2aAgent.delete",
  path: PATHS.a2aAgentDelete,
  handle(context): null {
    const agent = editableAgent(context, readAgentId(context));
    context.world.a2aAgents.delete(agent.agent_id);
    return null;
  },
};
