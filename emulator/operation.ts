/**
 * The shape of an API operation as the routes define it and `server.ts` runs it: the server
 * does routing, faults, auth, rate limits, body reading and the envelope; an operation only
 * validates its body and computes `data`.
 */
import type { WireAutomationTemplate } from "../wire/wireTypes";
import type { RuleVisibility } from "./ruleVisibility";
import type { StoredA2aAgent } from "./seedA2aAgents";
import type { TemplateLocale } from "./seedTemplates";
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
}

export interface Operation {
  name: OperationName;
  path: string;
  /**
   * Authenticates otherwise than by `app_key` (the fire endpoint's Bearer token): returns the
   * member the request acts for, or throws `ApiError` (401). Runs where the app key check would.
   */
  authenticate?(world: World, headers: Record<string, string | string[] | undefined>, params: Record<string, string>): SeedUser;
  /** The `data` of a success (null for disable/enable); throws `ApiError` for a failure. */
  handle(context: OperationContext): unknown;
}
