/**
 * The shape of an API operation as the routes define it and `server.ts` runs it: the server
 * does routing, faults, auth, rate limits, body reading and the envelope; an operation only
 * validates its body and computes `data`.
 */
import type { WireAutomationTemplate } from "../wire/wireTypes";
import type { RuleVisibility } from "./ruleVisibility";
import type { StoredA2aAgent } from "./seedA2aAgents";
import type { TemplateLocale } from "./seedTemplates";
import type { SkillStore } from "./state/skills";
import type { KnowledgeStore } from "./state/knowledgeStore";
import type { Store } from "./state/store";
import type { OperationName, SeedUser } from "./types";

/** Everything the emulator knows, as the operations see it. */
export interface World {
  store: Store;
  /** Replaced on reset (rules may be edited through the control API). */
  rules: RuleVisibility;
  /** When each rule last ran (`rule/run`), epoch ms: one run per rule per minute; emptied on reset. */
  lastRuns: Map<string, number>;
  /** Every seeded member (for operations authenticated otherwise than by app key). */
  users: readonly SeedUser[];
  /** This emulator's own copy of the seed templates (editable through the control API; replaced on reset). */
  templates: Record<TemplateLocale, WireAutomationTemplate[]>;
  /** The skills of every account (in memory only; replaced by the seed on reset). */
  skills: SkillStore;
  /** Knowledge packs and files (in memory only; emptied on reset). */
  knowledge: KnowledgeStore;
  /** A2A agents by id (in memory only, not in the state file; replaced on reset). */
  a2aAgents: Map<string, StoredA2aAgent>;
}

/** One request, authenticated, its JSON body read. */
export interface OperationContext {
  world: World;
  caller: SeedUser;
  body: Record<string, unknown>;
  requestId: string;
  /** The raw `Accept-Language` header. */
  acceptLanguage: string | undefined;
  /** Epoch ms when handling started. */
  now: number;
  /** Path parameters (the fire endpoint's `trigger_id`). */
  params: Record<string, string>;
  /** The body's bytes and `Content-Type`, for an operation that reads them itself (`rawBody`); `body` is then `{}`. */
  raw?: { bytes: Buffer; contentType: string | undefined };
}

export interface Operation {
  name: OperationName;
  path: string;
  /** Largest body in bytes, when the operation's differs from the API's general 1 MiB (`file/put`, skill upload). */
  bodyLimitBytes?: number;
  /**
   * Authenticates otherwise than by `app_key` (the fire endpoint's Bearer token): returns the
   * member the request acts for, or throws `ApiError` (401). Runs where the app key check would.
   */
  authenticate?(world: World, headers: Record<string, string | string[] | undefined>, params: Record<string, string>): SeedUser;
  /** The body is not JSON (skill upload's `multipart/form-data`): the operation reads `context.raw` itself. */
  rawBody?: true;
  /** The `data` of a success (null for disable/enable), or a promise of it; throws (rejects with) `ApiError` for a failure. */
  handle(context: OperationContext): unknown;
}
