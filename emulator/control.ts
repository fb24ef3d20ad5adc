/**
 * The control API under `/_emulator/`, for demos, CLI users and reliability tests: read state,
 * audit log and counters; change a server out of band; set faults and limits; reset. Loopback
 * callers only: the socket's peer must be a loopback address, the `Host` header a loopback name
 * (against DNS rebinding) and the `Origin` header, when present, a loopback origin (against
 * cross-site requests from a browser); anything else is 403 `AccessDenied`. Never counted, rate
 * limited or faulted. Answers use the API's envelope.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { A2A_AGENT_STATUSES, MCP_SERVER_STATUSES, SKILL_STATUSES } from "../wire/protocol";
import type { WireMcpServer } from "../wire/wireTypes";
import { parseBody, readJsonObject } from "./http/body";
import { ApiError, sendData, sendError } from "./http/envelope";
import { FaultSpecError } from "./faults";
import { isAllowedOrigin, isLoopback, isLoopbackHost } from "./http/loopback";
import { messageLocale } from "./http/messages";
import { StateSaveError } from "./state/stateFile";
import type { Emulator, FaultSpec, RateLimitConfig, SeedTeam, SeedUser } from "./types";

/** `GET /_emulator/state`: everything a demo needs to show. */
export interface ControlState {
  servers: WireMcpServer[];
  users: SeedUser[];
  teams: SeedTeam[];
  /** Number of automation rules in the seed. */
  rules: number;
  limits: RateLimitConfig | false;
  /** Faults still in force (`count` = what is left). */
  faults: FaultSpec[];
}

/** What the control API acts on: the running emulator. */
export type ControlTarget = Pick<
  Emulator,
  "audit" | "counters" | "requestLog" | "server" | "setServerStatus" | "setFaults" | "setLimits" | "reset" | "resetCounters"
> &
  Pick<Emulator, "deleteServer" | "updateServer" | "updateRule" | "deleteRule" | "updateTemplate" | "a2aAgent" | "updateA2aAgent" | "deleteA2aAgent"> &
  Pick<Emulator, "skill" | "updateSkill" | "deleteSkill" | "knowledgePacks" | "knowledgeFiles" | "editKnowledgeFile" | "deleteKnowledgeFile"> & {
    state(): ControlState;
  };

const serverStatusSchema = z.object({ server_id: z.string(), status: z.enum(MCP_SERVER_STATUSES) });
const serverIdSchema = z.object({ server_id: z.string() });
// A console edit of a server: any field a person can change (unknown fields refused).
const serverUpdateSchema = z.strictObject({
  server_id: z.string(),
  server_name: z.string().min(1).optional(),
  description: z.string().optional(),
  transport: z.string().optional(),
  command: z.string().optional(),
  args: z.array(z.string()).optional(),
  env: z.record(z.string(), z.string()).optional(),
  url: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  team_id: z.number().int().min(0).optional(),
  environments: z.array(z.string()).optional(),
  connect_timeout: z.number().int().min(0).optional(),
  call_timeout: z.number().int().min(0).optional(),
  auth_mode: z.string().optional(),
  secret_schema: z.string().optional(),
  oauth_metadata: z.string().optional(),
  allow_insecure_oauth_http: z.boolean().optional(),
  allow_insecure_tls_skip_verify: z.boolean().optional(),
  ai_description: z.string().optional(),
  status: z.enum(MCP_SERVER_STATUSES).optional(),
});
// What a person edits in the console; unknown fields are refused so a typo is not a silent no-op.
// Any field a person can change in the console (not the rule's identity, owner, team or scope).
const ruleUpdateSchema = z.strictObject({
  rule_id: z.string(),
  name: z.string().min(1).optional(),
  enabled: z.boolean().optional(),
  prompt: z.string().optional(),
  cron_expr: z.string().optional(),
  timezone: z.string().optional(),
  schedule_trigger_enabled: z.boolean().optional(),
  http_post_trigger_enabled: z.boolean().optional(),
  oncall_incident_trigger_enabled: z.boolean().optional(),
  oncall_incident_channel_ids: z.array(z.number().int()).optional(),
  oncall_incident_severities: z.array(z.string()).optional(),
  environment_kind: z.string().optional(),
  environment_id: z.string().optional(),
});
const ruleIdSchema = z.object({ rule_id: z.string() });
// A console edit of a skill: a new description, team or status, or a re-upload of its SKILL.md (`content`).
const skillUpdateSchema = z.strictObject({
  skill_id: z.string(),
  description: z.string().optional(),
  description_en: z.string().optional(),
  team_id: z.number().int().min(0).optional(),
  status: z.enum(SKILL_STATUSES).optional(),
  content: z.string().optional(),
  version: z.string().optional(),
  tags: z.array(z.string()).optional(),
  tools: z.array(z.string()).optional(),
});
const skillIdSchema = z.object({ skill_id: z.string() });
const agentIdSchema = z.object({ agent_id: z.string() });
// A console edit of an A2A agent: any field a person can change (unknown fields refused).
const agentUpdateSchema = z.strictObject({
  agent_id: z.string(),
  agent_name: z.string().min(1).optional(),
  instructions: z.string().optional(),
  card_url: z.string().optional(),
  auth_type: z.string().optional(),
  auth_mode: z.string().optional(),
  auth_config: z.record(z.string(), z.string()).optional(),
  secret_schema: z.string().optional(),
  oauth_metadata: z.string().optional(),
  streaming: z.boolean().optional(),
  allow_insecure_oauth_http: z.boolean().optional(),
  allow_insecure_tls_skip_verify: z.boolean().optional(),
  team_id: z.number().int().min(0).optional(),
  environments: z.array(z.string()).optional(),
  status: z.enum(A2A_AGENT_STATUSES).optional(),
  agent_card_name: z.string().optional(),
});
const templateUpdateSchema = z.strictObject({
  locale: z.string(),
  name: z.string(),
  description: z.string().optional(),
  icon: z.string().optional(),
  enabled: z.boolean().optional(),
  prompt: z.string().optional(),
});
const knowledgeFileEditSchema = z.strictObject({ pack_id: z.string(), rel_path: z.string(), content: z.string() });
const knowledgeFileSchema = z.strictObject({ pack_id: z.string(), rel_path: z.string() });
const faultsSchema = z.object({ faults: z.array(z.unknown()) });
const limitsSchema = z.object({
  enabled: z.boolean().optional(),
  perSecond: z.number().int().min(1).optional(),
  perMinute: z.number().int().min(1).optional(),
  window: z.enum(["fixed", "sliding"]).optional(),
  clockOffsetMs: z.number().int().optional(),
});

/** Longest excerpt of a refused `Host` or `Origin` repeated in the error message. */
const ECHO_MAX_CHARS = 100;

/** Throws 403 `AccessDenied` unless the request comes from this machine and is meant for it (see the file comment). */
function requireLocalCaller(request: FastifyRequest): void {
  if (!isLoopback(request.socket.remoteAddress)) throw new ApiError("AccessDenied", (m) => m.loopbackOnly());
  const host = request.headers.host;
  if (!isLoopbackHost(host)) throw new ApiError("AccessDenied", (m) => m.foreignHost(JSON.stringify((host ?? "").slice(0, ECHO_MAX_CHARS))));
  const origin = request.headers.origin;
  if (!isAllowedOrigin(origin)) throw new ApiError("AccessDenied", (m) => m.foreignOrigin(JSON.stringify((origin ?? "").slice(0, ECHO_MAX_CHARS))));
}

/**
 * @internal
 * Registers the control routes on `app`; returns each path with its method, for the 405s.
 * @param nextRequestId the server's request-id generator, so control answers carry ids too.
 */
export function registerControlRoutes(app: FastifyInstance, target: ControlTarget, nextRequestId: () => string): Map<string, string> {
  const routes = new Map<string, string>();

  function route(method: "GET" | "POST", path: string, action: (body: Record<string, unknown>) => unknown): void {
    routes.set(path, method);
    app.route({
      method,
      url: path,
      handler(request: FastifyRequest, reply: FastifyReply) {
        const requestId = nextRequestId();
        try {
          requireLocalCaller(request);
          sendData(reply, requestId, action(method === "POST" ? readJsonObject(request) : {}));
        } catch (thrown) {
          const error =
            thrown instanceof ApiError
              ? thrown
              : thrown instanceof StateSaveError
                ? new ApiError("InternalError", (m) => m.internalError())
                : thrown instanceof FaultSpecError
                  ? new ApiError("InvalidParameter", (m) => m.paramInvalid(thrown.field, thrown.detail))
                  : new ApiError("InvalidParameter", (m) => m.paramInvalid("body", (thrown as Error).message));
          sendError(reply, requestId, messageLocale(request.headers["accept-language"]), error);
        }
      },
    });
  }

  route("GET", "/_emulator/state", () => target.state());
  route("GET", "/_emulator/audit", () => ({ entries: target.audit() }));
  route("GET", "/_emulator/counters", () => target.counters());
  route("GET", "/_emulator/requests", () => ({ entries: target.requestLog() }));
  route("POST", "/_emulator/servers/status", (body) => {
    const { server_id, status } = parseBody(serverStatusSchema, body);
    if (target.server(server_id) === undefined) throw new ApiError("ResourceNotFound", (m) => m.serverNotFound(server_id));
    target.setServerStatus(server_id, status);
    return target.server(server_id);
  });
  route("POST", "/_emulator/servers/delete", (body) => {
    const { server_id } = parseBody(serverIdSchema, body);
    const server = target.server(server_id);
    if (server === undefined) throw new ApiError("ResourceNotFound", (m) => m.serverNotFound(server_id));
    target.deleteServer(server_id);
    return server;
  });
  route("POST", "/_emulator/servers/update", (body) => {
    const { server_id, ...changes } = parseBody(serverUpdateSchema, body);
    if (target.server(server_id) === undefined) throw new ApiError("ResourceNotFound", (m) => m.serverNotFound(server_id));
    return target.updateServer(server_id, changes);
  });
  route("POST", "/_emulator/a2a-agents/update", (body) => {
    const { agent_id, ...changes } = parseBody(agentUpdateSchema, body);
    if (target.a2aAgent(agent_id) === undefined) throw new ApiError("ResourceNotFound", (m) => m.agentNotFound(agent_id));
    return target.updateA2aAgent(agent_id, changes);
  });
  route("POST", "/_emulator/a2a-agents/delete", (body) => {
    const { agent_id } = parseBody(agentIdSchema, body);
    const agent = target.a2aAgent(agent_id);
    if (agent === undefined) throw new ApiError("ResourceNotFound", (m) => m.agentNotFound(agent_id));
    target.deleteA2aAgent(agent_id);
    return agent;
  });
  route("POST", "/_emulator/rules/update", (body) => {
    const { rule_id, ...changes } = parseBody(ruleUpdateSchema, body);
    try {
      return target.updateRule(rule_id, changes);
    } catch (error) {
      if (error instanceof RangeError) throw new ApiError("InvalidParameter", (m) => m.paramInvalid("cron_expr", error.message));
      throw new ApiError("InvalidParameter", (m) => m.paramInvalid("rule_id", `no automation rule ${rule_id}`));
    }
  });
  route("POST", "/_emulator/rules/delete", (body) => {
    const { rule_id } = parseBody(ruleIdSchema, body);
    try {
      target.deleteRule(rule_id);
    } catch {
      throw new ApiError("InvalidParameter", (m) => m.paramInvalid("rule_id", `no automation rule ${rule_id}`));
    }
    return null;
  });
  route("POST", "/_emulator/skills/update", (body) => {
    const { skill_id, ...changes } = parseBody(skillUpdateSchema, body);
    if (target.skill(skill_id) === undefined) throw new ApiError("ResourceNotFound", (m) => m.skillNotFound(skill_id));
    return target.updateSkill(skill_id, changes);
  });
  route("POST", "/_emulator/skills/delete", (body) => {
    const { skill_id } = parseBody(skillIdSchema, body);
    const skill = target.skill(skill_id);
    if (skill === undefined) throw new ApiError("ResourceNotFound", (m) => m.skillNotFound(skill_id));
    target.deleteSkill(skill_id);
    return skill;
  });
  route("POST", "/_emulator/templates/update", (body) => {
    const { locale, name, ...changes } = parseBody(templateUpdateSchema, body);
    try {
      return target.updateTemplate(locale, name, changes);
    } catch {
      throw new ApiError("InvalidParameter", (m) => m.paramInvalid("name", `no template named ${JSON.stringify(name)} in locale ${locale}`));
    }
  });
  route("GET", "/_emulator/knowledge/packs", () => ({ packs: target.knowledgePacks() }));
  // A console edit of a knowledge file's text (created when missing), and its deletion.
  route("POST", "/_emulator/knowledge/files/edit", (body) => {
    const { pack_id, rel_path, content } = parseBody(knowledgeFileEditSchema, body);
    try {
      return target.editKnowledgeFile(pack_id, rel_path, content);
    } catch (error) {
      throw new ApiError("InvalidParameter", (m) => m.paramInvalid("body", (error as Error).message));
    }
  });
  route("POST", "/_emulator/knowledge/files/delete", (body) => {
    const { pack_id, rel_path } = parseBody(knowledgeFileSchema, body);
    try {
      target.deleteKnowledgeFile(pack_id, rel_path);
    } catch (error) {
      throw new ApiError("InvalidParameter", (m) => m.paramInvalid("body", (error as Error).message));
    }
    return null;
  });
  route("POST", "/_emulator/faults", (body) => {
    const { faults } = parseBody(faultsSchema, body);
    target.setFaults(faults as FaultSpec[]);
    return { faults: target.state().faults };
  });
  route("POST", "/_emulator/limits", (body) => {
    const { enabled, perSecond, perMinute, window, clockOffsetMs } = parseBody(limitsSchema, body);
    if (enabled === false) {
      target.setLimits(false);
    } else {
      if (perSecond === undefined) throw new ApiError("InvalidParameter", (m) => m.paramRequired("perSecond"));
      if (perMinute === undefined) throw new ApiError("InvalidParameter", (m) => m.paramRequired("perMinute"));
      try {
        target.setLimits({ perSecond, perMinute, ...(window !== undefined ? { window } : {}), ...(clockOffsetMs !== undefined ? { clockOffsetMs } : {}) });
      } catch (error) {
        throw new ApiError("InvalidParameter", (m) => m.paramInvalid("clockOffsetMs", (error as Error).message));
      }
    }
    return { limits: target.state().limits };
  });
  route("POST", "/_emulator/counters/reset", () => {
    target.resetCounters();
    return null;
  });
  route("POST", "/_emulator/reset", () => {
    target.reset();
    return null;
  });
  return routes;
}
