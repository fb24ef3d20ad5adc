/**
 * `FlashdutyClient`: the one entry point of the SDK. Resources hang off it by noun.
 */
import type { Dispatcher } from "undici";
import { FlashdutyValidationError } from "./errors";
import { deadlineMsProblem, maxRetriesProblem, timeoutMsProblem } from "./optionChecks";
import { A2aAgents } from "./resources/a2aAgents";
import { AutomationRules } from "./resources/automationRules";
import { AutomationTemplates } from "./resources/automationTemplates";
import { Knowledge } from "./resources/knowledge";
import { McpServers } from "./resources/mcpServers";
import { Skills } from "./resources/skills";
import { escapeTerminalControls } from "./terminalText";
import { Transport } from "./transport";
import { DEFAULT_USER_AGENT } from "./version";

/** Default API address. */
export const DEFAULT_BASE_URL = "https://api.flashcat.cloud";
/** Default per-attempt timeout, in milliseconds (the vendor clients' 30 s). */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** Default number of retries beyond the first attempt. */
export const DEFAULT_MAX_RETRIES = 3;
/** Default deadline of a call for rate-limit refusals, in milliseconds (10 min). */
export const DEFAULT_DEADLINE_MS = 600_000;

/** Options of {@link FlashdutyClient}. Only `appKey` is required. */
export interface FlashdutyClientOptions {
  /** Application key from the Flashduty console, sent as the `app_key` query parameter. Required, non-empty. Never appears in errors or logs. */
  appKey: string;
  /** API address; default `https://api.flashcat.cloud`. A trailing slash is fine; a path prefix is kept. */
  baseUrl?: string;
  /** Timeout of each attempt (headers and body), in milliseconds; default 30000. Waiting for the rate limit is not counted. */
  timeoutMs?: number;
  /**
   * Retries beyond the first attempt for 5xx, connection errors and timeouts; default 3, 0
   * disables. Rate-limit refusals (429) do not count: see `deadlineMs`.
   */
  maxRetries?: number;
  /**
   * How long a call keeps retrying rate-limit refusals (429, never applied by the server), in
   * milliseconds from the call's start; default 600000 (10 min). Many pipelines on one account
   * take turns within it instead of failing. No retry of any kind starts past it.
   */
  deadlineMs?: number;
  /** `Accept-Language` header: language of server messages and of templates without `locale`. Not sent when absent. */
  acceptLanguage?: string;
  /** `User-Agent` header; default `pulumi-flashduty/<version>`. */
  userAgent?: string;
  /**
   * Client-side rate limit, per operation and shared by every client of the same (baseUrl,
   * appKey, limits) in the process: at most `perSecond` requests in any 1 s window and
   * `perMinute` in any 60 s window, retries included; within that, the client adapts to what
   * the server reports for the whole account (see docs/rate-limits.md, "Many pipelines, one account").
   * Default: each operation's production limits (50/s and 1000/min; rule create, update and
   * delete 20/s and 300/min); an object is a ceiling for every operation (each keeps its own
   * production limit where that is lower); `false` turns the client-side limit off (429s are
   * still retried until `deadlineMs`).
   */
  rateLimit?: { perSecond: number; perMinute: number } | false;
  /**
   * Called when a call is about to wait at least 500 ms on the rate limit, with the wait in
   * milliseconds and the operation (`"POST /safari/mcp/server/get"`); a call's own
   * `onRateLimitWait` replaces it. Errors it throws are ignored.
   */
  onRateLimitWait?: (waitMs: number, operation: string) => void;
  /** undici Dispatcher for every request (proxy `ProxyAgent`, custom `Agent`, tests); default undici's global one. */
  dispatcher?: Dispatcher;
  /**
   * Receives one line per retry, naming the operation, the attempt, the code and/or HTTP status,
   * the request id and the delay in ms. Never the key, and no control character: the platform's
   * parts of a line (its error code and request id) are shown escaped, e.g. `\u001b`.
   */
  log?: (message: string) => void;
  /**
   * Stops every call of this client at its next wait once it aborts (a provider process told to
   * stop): a call not yet sent, waiting on the rate limit, or waiting to retry ends with a
   * `FlashdutyAbortError` (its `stage` says where; `mayHaveApplied` as for a call's own signal).
   * Unlike a call's own `signal`, it never cuts off an attempt in flight: a write already sent is
   * answered first, so the caller learns its outcome. Default: none.
   */
  stopSignal?: AbortSignal;
}

const CONSTRUCTOR = "new FlashdutyClient";

/**
 * Typed client of the Flashduty AI SRE API (`/safari/...`).
 *
 * Every call is a JSON POST with `app_key` in the query, paced by the shared client-side rate
 * limit, retried per `sdk/retry.ts`, and answered with camelCase objects or a `FlashdutyError`.
 *
 * @example
 * const client = new FlashdutyClient({ appKey: process.env.FLASHDUTY_APP_KEY! });
 * await client.mcpServers.disable({ serverId: "mcp_grafana" });
 * for await (const rule of client.automationRules.listAll({ enabled: true })) console.log(rule.name);
 */
export class FlashdutyClient {
  /** MCP servers: get, list, disable, enable. */
  readonly mcpServers: McpServers;
  /** Automation rules: list (one page), listAll (every page), get, create (exactly once), update, delete. */
  readonly automationRules: AutomationRules;
  /** Automation templates: list. */
  readonly automationTemplates: AutomationTemplates;
  /** Skills: list (one page), listAll, get, update, enable, disable, delete, upload (multipart, exactly once). */
  readonly skills: Skills;
  /** Knowledge packs and files: get, listPacks, listAllPacks, ensurePack, updatePack, deletePack, listFiles, getFile, putFile, deleteFile. */
  readonly knowledge: Knowledge;
  /** A2A agents: list (one page), listAll (every page), get, create (exactly once), update, enable, disable, delete. */
  readonly a2aAgents: A2aAgents;

  /**
   * @throws FlashdutyValidationError (operation `"new FlashdutyClient"`) for an empty `appKey`
   *   or any malformed option.
   */
  constructor(options: FlashdutyClientOptions) {
    const resolved = resolveOptions(options);
    const transport = new Transport(resolved);
    this.mcpServers = new McpServers(transport);
    this.automationRules = new AutomationRules(transport, resolved.maxRetries);
    this.automationTemplates = new AutomationTemplates(transport);
    this.skills = new Skills(transport);
    this.knowledge = new Knowledge(transport);
    this.a2aAgents = new A2aAgents(transport);
  }
}

function invalid(field: string, problem: string): never {
  throw new FlashdutyValidationError({ operation: CONSTRUCTOR, field, problem });
}

function resolveOptions(options: FlashdutyClientOptions) {
  if (options === null || typeof options !== "object") invalid("options", "options must be an object with at least appKey");
  // The key itself is never echoed, not even when it is malformed.
  if (typeof options.appKey !== "string" || options.appKey.trim().length === 0) {
    invalid("appKey", "appKey must be a non-empty string (the application key from the Flashduty console)");
  }

  const rawBase = options.baseUrl ?? DEFAULT_BASE_URL;
  let parsed: URL | undefined;
  try {
    parsed = typeof rawBase === "string" ? new URL(rawBase) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:") || parsed.search || parsed.hash) {
    invalid("baseUrl", "baseUrl must be an http(s) URL without query or fragment, e.g. https://api.flashcat.cloud");
  }
  const baseUrl = `${parsed.origin}${parsed.pathname.replace(/\/+$/, "")}`;

  const timing = {
    timeoutMs: [options.timeoutMs ?? DEFAULT_TIMEOUT_MS, timeoutMsProblem],
    maxRetries: [options.maxRetries ?? DEFAULT_MAX_RETRIES, maxRetriesProblem],
    deadlineMs: [options.deadlineMs ?? DEFAULT_DEADLINE_MS, deadlineMsProblem],
  } as const;
  for (const [field, [value, problemOf]] of Object.entries(timing)) {
    const problem = problemOf(value);
    if (problem !== undefined) invalid(field, `${field} ${problem} (got ${String(value)})`);
  }
  const timeoutMs = timing.timeoutMs[0] as number;
  const maxRetries = timing.maxRetries[0] as number;
  const deadlineMs = timing.deadlineMs[0] as number;

  const rateLimit = options.rateLimit;
  if (rateLimit !== false && rateLimit !== undefined) {
    for (const field of ["perSecond", "perMinute"] as const) {
      const v = (rateLimit as Record<string, unknown> | null)?.[field];
      if (typeof v !== "number" || !Number.isInteger(v) || v < 1) {
        invalid(`rateLimit.${field}`, `rateLimit.${field} must be an integer >= 1 (got ${String(v)}), or rateLimit false`);
      }
    }
  }

  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  if (typeof userAgent !== "string" || userAgent.length === 0) invalid("userAgent", "userAgent must be a non-empty string");
  if (options.acceptLanguage !== undefined && typeof options.acceptLanguage !== "string") {
    invalid("acceptLanguage", "acceptLanguage must be a string such as en-US");
  }
  if (options.log !== undefined && typeof options.log !== "function") invalid("log", "log must be a function");
  if (options.onRateLimitWait !== undefined && typeof options.onRateLimitWait !== "function") {
    invalid("onRateLimitWait", "onRateLimitWait must be a function");
  }
  if (options.stopSignal !== undefined && !(options.stopSignal instanceof AbortSignal)) invalid("stopSignal", "stopSignal must be an AbortSignal");

  return {
    appKey: options.appKey,
    baseUrl,
    timeoutMs,
    maxRetries,
    deadlineMs,
    userAgent,
    rateLimit: rateLimit === false || rateLimit === undefined ? rateLimit : { perSecond: rateLimit.perSecond, perMinute: rateLimit.perMinute },
    ...(options.acceptLanguage !== undefined ? { acceptLanguage: options.acceptLanguage } : {}),
    ...(options.dispatcher !== undefined ? { dispatcher: options.dispatcher } : {}),
    ...(options.log !== undefined ? { log: terminalSafeLog(options.log) } : {}),
    ...(options.onRateLimitWait !== undefined ? { onRateLimitWait: options.onRateLimitWait } : {}),
    ...(options.stopSignal !== undefined ? { stopSignal: options.stopSignal } : {}),
  };
}

/** `log` with each line's control characters shown escaped (see `terminalText.ts`). */
function terminalSafeLog(log: (message: string) => void): (message: string) => void {
  return (message) => log(escapeTerminalControls(message));
}
