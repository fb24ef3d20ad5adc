/**
 * Error messages of the emulator in the two languages the platform answers in, chosen by the
 * caller's `Accept-Language`. Messages name the parameter at fault and never repeat the app key.
 */
import { cachedNegotiator } from "./locale";

export const MESSAGE_LOCALES = ["en-US", "zh-CN"] as const;
export type MessageLocale = (typeof MESSAGE_LOCALES)[number];

/** The best message locale for an `Accept-Language` header (en-US when nothing matches). */
export const messageLocale = cachedNegotiator(MESSAGE_LOCALES, "en-US");

/** JSON value kinds a parameter can be required to have. */
export type ValueKind = "integer" | "number" | "string" | "boolean" | "array" | "object";

const EN_KINDS: Record<ValueKind, string> = {
  integer: "an integer",
  number: "a number",
  string: "a string",
  boolean: "a boolean",
  array: "an array",
  object: "an object",
};
const ZH_KINDS: Record<ValueKind, string> = {
  integer: "整数",
  number: "数字",
  string: "字符串",
  boolean: "布尔值",
  array: "数组",
  object: "对象",
};

/** Every message the emulator sends, one function per situation. */
export interface Messages {
  appKeyMissing(): string;
  appKeyInvalid(): string;
  permissionRequired(permission: string): string;
  serverNotEditable(serverId: string): string;
  invalidContentType(): string;
  malformedJson(): string;
  bodyNotObject(): string;
  paramRequired(name: string): string;
  paramType(name: string, expected: ValueKind): string;
  paramAtMost(name: string, max: number): string;
  paramAtLeast(name: string, min: number): string;
  paramOneOf(name: string, values: readonly string[]): string;
  paramTooLong(name: string, maxChars: number): string;
  /** Free-form detail, for the control API's own checks. */
  paramInvalid(name: string, detail: string): string;
  pageWindow(p: number, limit: number, max: number): string;
  serverAlready(serverId: string, status: string): string;
  serverNotFound(serverId: string): string;
  agentNotFound(agentId: string): string;
  agentNotEditable(agentId: string): string;
  agentAlready(agentId: string, status: string): string;
  ruleNotFound(ruleId: string): string;
  skillNotFound(skillId: string): string;
  skillAlready(skillId: string, status: string): string;
  skillNotEditable(skillId: string): string;
  /** `teamId` 0: account-wide. */
  skillNameTaken(name: string, teamId: number): string;
  /** `teamId` 0: a personal rule of another member. */
  ruleNotEditable(ruleId: string, teamId: number): string;
  teamNotEditable(teamId: number): string;
  triggerTokenInvalid(): string;
  triggerDisabled(triggerId: string): string;
  runTooSoon(ruleId: string, retryAfterSeconds: number): string;
  knowledgePackNotFound(packId: string): string;
  knowledgeFileNotFound(relPath: string): string;
  knowledgeTeamNotFound(teamId: number): string;
  knowledgePackNotReadable(packId: string): string;
  knowledgePackNotEditable(packId: string): string;
  knowledgePackExists(scope: string, scopeId: number): string;
  knowledgeStillReferenced(relPath: string, refs: readonly string[]): string;
  knowledgeContentInvalid(detail: "base64" | "utf8"): string;
  knowledgeContentTooLarge(maxBytes: number, bytes: number): string;
  routeNotFound(method: string, path: string): string;
  methodNotAllowed(method: string, allowed: string): string;
  entityTooLarge(maxBytes: number): string;
  badRequest(): string;
  tooFrequently(retryAfterSeconds: number): string;
  internalError(): string;
  serviceUnavailable(): string;
  loopbackOnly(): string;
  foreignHost(host: string): string;
  foreignOrigin(origin: string): string;
  malformedRequest(): string;
  headersTooLarge(): string;
  requestTimeout(timeoutMs: number): string;
}

const EN: Messages = {
  appKeyMissing: () => "app_key is required",
  appKeyInvalid: () => "app_key is invalid",
  permissionRequired: (permission) => `permission denied: the ${permission} permission is required`,
  serverNotEditable: (serverId) => `permission denied: no edit rights on MCP server ${serverId}`,
  invalidContentType: () => "Content-Type must be application/json",
  malformedJson: () => "invalid parameter body: malformed JSON",
  bodyNotObject: () => "invalid parameter body: must be a JSON object",
  paramRequired: (name) => `invalid parameter ${name}: required`,
  paramType: (name, expected) => `invalid parameter ${name}: must be ${EN_KINDS[expected]}`,
  paramAtMost: (name, max) => `invalid parameter ${name}: must be at most ${max}`,
  paramAtLeast: (name, min) => `invalid parameter ${name}: must be at least ${min}`,
  paramOneOf: (name, values) => `invalid parameter ${name}: must be one of ${values.join(", ")}`,
  paramTooLong: (name, maxChars) => `invalid parameter ${name}: at most ${maxChars} characters`,
  paramInvalid: (name, detail) => `invalid parameter ${name}: ${detail}`,
  pageWindow: (p, limit, max) => `invalid parameter p, limit: p * limit (${p} * ${limit}) must not exceed ${max}`,
  serverAlready: (serverId, status) => `invalid parameter server_id: MCP server ${serverId} is already ${status}`,
  serverNotFound: (serverId) => `MCP server ${serverId} not found`,
  agentNotFound: (agentId) => `A2A agent ${agentId} not found`,
  agentNotEditable: (agentId) => `permission denied: no edit rights on A2A agent ${agentId}`,
  agentAlready: (agentId, status) => `invalid parameter agent_id: A2A agent ${agentId} is already ${status}`,
  ruleNotFound: (ruleId) => `automation rule ${ruleId} not found`,
  skillNotFound: (skillId) => `skill ${skillId} not found`,
  skillAlready: (skillId, status) => `invalid parameter skill_id: skill ${skillId} is already ${status}`,
  skillNotEditable: (skillId) => `permission denied: no edit rights on skill ${skillId}`,
  skillNameTaken: (name, teamId) =>
    `invalid parameter skill_name: a skill named ${name} already exists ${teamId === 0 ? "account-wide" : `in team ${teamId}`} (upload with replace=true to replace it)`,
  ruleNotEditable: (ruleId, teamId) =>
    teamId === 0
      ? `permission denied: automation rule ${ruleId} is a personal rule, writable by its owner only`
      : `permission denied: automation rule ${ruleId} belongs to team ${teamId}; only members of that team and account admins may write it`,
  teamNotEditable: (teamId) => `permission denied: only members of team ${teamId} and account admins may create its automation rules`,
  triggerTokenInvalid: () => "the trigger token is missing or invalid (Authorization: Bearer <token>)",
  triggerDisabled: (triggerId) => `invalid parameter trigger_id: the trigger ${triggerId} or its rule is disabled`,
  runTooSoon: (ruleId, seconds) => `automation rule ${ruleId} ran less than a minute ago, retry after ${seconds}s`,
  knowledgePackNotFound: (packId) => `knowledge pack ${packId} not found`,
  knowledgeFileNotFound: (relPath) => `knowledge file ${relPath} not found`,
  knowledgeTeamNotFound: (teamId) => `invalid parameter scope_id: team ${teamId} not found`,
  knowledgePackNotReadable: (packId) => `permission denied: knowledge pack ${packId} belongs to a team you are not a member of`,
  knowledgePackNotEditable: (packId) => `permission denied: no edit rights on knowledge pack ${packId}`,
  knowledgePackExists: (scope, scopeId) => `the ${scope} ${scopeId} already has a knowledge pack`,
  knowledgeStillReferenced: (relPath, refs) => `knowledge file ${relPath} is still referenced by ${refs.join(", ")}; send force to delete it anyway`,
  knowledgeContentInvalid: (detail) =>
    detail === "base64" ? "invalid parameter content_b64: must be base64" : "invalid parameter content_b64: the content must be UTF-8 text",
  knowledgeContentTooLarge: (maxBytes, bytes) => `invalid parameter content_b64: the content must be at most ${maxBytes} bytes, got ${bytes}`,
  routeNotFound: (method, path) => `route ${method} ${path} not found`,
  methodNotAllowed: (method, allowed) => `method ${method} not allowed, use ${allowed}`,
  entityTooLarge: (maxBytes) => `request body too large: at most ${maxBytes} bytes`,
  badRequest: () => "bad request",
  tooFrequently: (seconds) => `request too frequently, retry after ${seconds}s`,
  internalError: () => "internal error, please report the request id",
  serviceUnavailable: () => "service unavailable, please retry later",
  loopbackOnly: () => "the emulator control API only answers loopback callers",
  foreignHost: (host) => `the emulator control API only answers requests for a loopback host (localhost, 127.0.0.1, [::1]), not Host ${host}`,
  foreignOrigin: (origin) => `the emulator control API refuses requests from web pages of other sites (Origin ${origin})`,
  malformedRequest: () => "bad request: the request line or headers are not valid HTTP",
  headersTooLarge: () => "bad request: the request headers are too large",
  requestTimeout: (ms) => `bad request: the request (headers and body) did not arrive within ${ms} ms`,
};

const ZH: Messages = {
  appKeyMissing: () => "缺少 app_key",
  appKeyInvalid: () => "app_key 无效",
  permissionRequired: (permission) => `权限不足：需要 ${permission} 权限`,
  serverNotEditable: (serverId) => `权限不足：无权编辑 MCP 服务 ${serverId}`,
  invalidContentType: () => "Content-Type 必须是 application/json",
  malformedJson: () => "参数 body 无效：JSON 格式错误",
  bodyNotObject: () => "参数 body 无效：必须是 JSON 对象",
  paramRequired: (name) => `参数 ${name} 无效：必填`,
  paramType: (name, expected) => `参数 ${name} 无效：必须是${ZH_KINDS[expected]}`,
  paramAtMost: (name, max) => `参数 ${name} 无效：不能大于 ${max}`,
  paramAtLeast: (name, min) => `参数 ${name} 无效：不能小于 ${min}`,
  paramOneOf: (name, values) => `参数 ${name} 无效：必须是 ${values.join("、")} 之一`,
  paramTooLong: (name, maxChars) => `参数 ${name} 无效：最多 ${maxChars} 个字符`,
  paramInvalid: (name, detail) => `参数 ${name} 无效：${detail}`,
  pageWindow: (p, limit, max) => `参数 p, limit 无效：p * limit（${p} * ${limit}）不能超过 ${max}`,
  serverAlready: (serverId, status) => `参数 server_id 无效：MCP 服务 ${serverId} 已经是 ${status} 状态`,
  serverNotFound: (serverId) => `MCP 服务 ${serverId} 不存在`,
  agentNotFound: (agentId) => `A2A 智能体 ${agentId} 不存在`,
  agentNotEditable: (agentId) => `权限不足：无权编辑 A2A 智能体 ${agentId}`,
  agentAlready: (agentId, status) => `参数 agent_id 无效：A2A 智能体 ${agentId} 已经是 ${status} 状态`,
  ruleNotFound: (ruleId) => `自动化规则 ${ruleId} 不存在`,
  skillNotFound: (skillId) => `技能 ${skillId} 不存在`,
  skillAlready: (skillId, status) => `参数 skill_id 无效：技能 ${skillId} 已经是 ${status} 状态`,
  skillNotEditable: (skillId) => `权限不足：无权编辑技能 ${skillId}`,
  skillNameTaken: (name, teamId) =>
    `参数 skill_name 无效：${teamId === 0 ? "账户级" : `团队 ${teamId} 中`}已存在名为 ${name} 的技能（以 replace=true 上传可替换）`,
  ruleNotEditable: (ruleId, teamId) =>
    teamId === 0
      ? `权限不足：自动化规则 ${ruleId} 是个人规则，只有其所有者可以修改`
      : `权限不足：自动化规则 ${ruleId} 属于团队 ${teamId}，只有该团队成员和账户管理员可以修改`,
  teamNotEditable: (teamId) => `权限不足：只有团队 ${teamId} 的成员和账户管理员可以为其创建自动化规则`,
  triggerTokenInvalid: () => "触发令牌缺失或无效（Authorization: Bearer <token>）",
  triggerDisabled: (triggerId) => `参数 trigger_id 无效：触发器 ${triggerId} 或其规则已停用`,
  runTooSoon: (ruleId, seconds) => `自动化规则 ${ruleId} 一分钟内已运行过，请 ${seconds} 秒后重试`,
  knowledgePackNotFound: (packId) => `知识包 ${packId} 不存在`,
  knowledgeFileNotFound: (relPath) => `知识文件 ${relPath} 不存在`,
  knowledgeTeamNotFound: (teamId) => `参数 scope_id 无效：团队 ${teamId} 不存在`,
  knowledgePackNotReadable: (packId) => `权限不足：知识包 ${packId} 属于您不是成员的团队`,
  knowledgePackNotEditable: (packId) => `权限不足：无权编辑知识包 ${packId}`,
  knowledgePackExists: (scope, scopeId) => `${scope} ${scopeId} 已有知识包`,
  knowledgeStillReferenced: (relPath, refs) => `知识文件 ${relPath} 仍被 ${refs.join("、")} 引用；如需删除请传 force`,
  knowledgeContentInvalid: (detail) => (detail === "base64" ? "参数 content_b64 无效：必须是 base64" : "参数 content_b64 无效：内容必须是 UTF-8 文本"),
  knowledgeContentTooLarge: (maxBytes, bytes) => `参数 content_b64 无效：内容最多 ${maxBytes} 字节，实际 ${bytes} 字节`,
  routeNotFound: (method, path) => `路由 ${method} ${path} 不存在`,
  methodNotAllowed: (method, allowed) => `不支持 ${method} 方法，请使用 ${allowed}`,
  entityTooLarge: (maxBytes) => `请求体过大：最多 ${maxBytes} 字节`,
  badRequest: () => "请求错误",
  tooFrequently: (seconds) => `请求过于频繁，请 ${seconds} 秒后重试`,
  internalError: () => "内部错误，请提供 request id 反馈",
  serviceUnavailable: () => "服务暂不可用，请稍后重试",
  loopbackOnly: () => "模拟器控制接口只接受本机请求",
  foreignHost: (host) => `模拟器控制接口只接受发往本机地址（localhost、127.0.0.1、[::1]）的请求，而不是 Host ${host}`,
  foreignOrigin: (origin) => `模拟器控制接口拒绝来自其他网站页面的请求（Origin ${origin}）`,
  malformedRequest: () => "请求错误：请求行或请求头不是有效的 HTTP",
  headersTooLarge: () => "请求错误：请求头过大",
  requestTimeout: (ms) => `请求错误：请求（请求头和请求体）未在 ${ms} 毫秒内送达`,
};

export const MESSAGES: Readonly<Record<MessageLocale, Messages>> = { "en-US": EN, "zh-CN": ZH };
