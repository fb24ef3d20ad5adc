/**
 * Wire schemas of the A2A agents (`/safari/a2a-agent/*`, docs/platform-api.md "A2A agents"),
 * re-exported by `wire/wire.ts`: the agent as get and list answer it, and the bodies of every
 * operation. Same tolerance as the other nouns (`wire/readers.ts`).
 */
import { z } from "zod";
import { A2A_AGENT_STATUSES } from "./protocol";
import { jsonText, list, optional, stringMap } from "./readers";
import type { Equal } from "./typeAssert";
import type { WireA2aAgent, WireA2aAgentCardSkill } from "./wireTypes";

/**
 * A skill of the agent card. The vendor does not type `agent_card_skills`; we read the A2A
 * card's own skill shape (`id`, `name`, `description`).
 */
export const wireA2aAgentCardSkillSchema = z.object({
  id: optional(z.string()),
  name: z.string(),
  description: optional(z.string()),
});
export type { WireA2aAgentCardSkill };
true satisfies Equal<WireA2aAgentCardSkill, z.output<typeof wireA2aAgentCardSkillSchema>>;

/**
 * An A2A agent as `/safari/a2a-agent/get` and `/list` return it (docs/platform-api.md "A2A agent
 * object"). `agent_card_skills` never fails an answer: a shape other than a list of skills
 * (the vendor does not type it) reads as absent.
 */
export const wireA2aAgentSchema = z.object({
  agent_id: z.string(),
  account_id: z.number().int(),
  /** 0 = account-wide. */
  team_id: z.number().int(),
  can_edit: z.boolean(),
  agent_name: z.string(),
  instructions: z.string(),
  card_url: z.string(),
  /** `none` | `api_key` | `bearer`; `""` on legacy rows = none. */
  auth_type: z.string(),
  auth_mode: optional(z.string()),
  /** Values under credential-looking keys masked; omitted when empty. */
  auth_config: optional(stringMap),
  /** JSON text (an array or object from another server reads as its JSON text). */
  secret_schema: optional(jsonText()),
  oauth_metadata: optional(jsonText()),
  streaming: z.boolean(),
  allow_insecure_oauth_http: optional(z.boolean()),
  allow_insecure_tls_skip_verify: optional(z.boolean()),
  status: z.enum(A2A_AGENT_STATUSES),
  card_resolve_timeout: z.number().int(),
  task_timeout: z.number().int(),
  agent_card_name: optional(z.string()),
  agent_card_skills: z
    .array(wireA2aAgentCardSkillSchema)
    .nullish()
    .transform((v): WireA2aAgentCardSkill[] | undefined => v ?? undefined)
    .catch(undefined)
    .optional(),
  created_by: z.number().int(),
  /** Epoch ms. */
  created_at: z.number().int(),
  /** Epoch ms. */
  updated_at: z.number().int(),
  /** `[]` = every environment. */
  environments: list(z.string()),
});
/** An A2A agent as the client reads it; see `wire/wireTypes.ts`. */
export type { WireA2aAgent };
true satisfies Equal<WireA2aAgent, z.output<typeof wireA2aAgentSchema>>;
/** An A2A agent as it may appear on the wire (what a server, such as the emulator, may send). */
export type WireA2aAgentJson = z.input<typeof wireA2aAgentSchema>;

/** Body of get, enable, disable and delete. */
export const wireA2aAgentIdRequestSchema = z.object({
  agent_id: z.string(),
});
export type WireA2aAgentIdRequest = z.infer<typeof wireA2aAgentIdRequestSchema>;

/** Body of `/safari/a2a-agent/list`: offset paging (`offset` from 0, `limit` default 20). All optional. */
export const wireA2aAgentListRequestSchema = z.object({
  offset: z.number().int().optional(),
  limit: z.number().int().optional(),
  /** At most `A2A_AGENT_RULES.maxQueryLength` characters. */
  query: z.string().optional(),
  scope: z.string().optional(),
  /** Default true. */
  include_account: z.boolean().nullable().optional(),
  team_ids: z.array(z.number().int()).nullable().optional(),
});
export type WireA2aAgentListRequest = z.infer<typeof wireA2aAgentListRequestSchema>;

export const wireA2aAgentListDataSchema = z.object({
  total: z.number().int(),
  items: list(wireA2aAgentSchema),
});
export type WireA2aAgentListData = z.output<typeof wireA2aAgentListDataSchema>;

/**
 * Body of `/safari/a2a-agent/create` (docs/platform-api.md "A2A agent writes"): `agent_name`,
 * `instructions` and `card_url` always; the rest when given. `secret_schema` and `oauth_metadata`
 * are JSON text in a string. `description` is the deprecated twin of `instructions`.
 */
export const wireA2aAgentCreateRequestSchema = z.object({
  agent_name: z.string(),
  instructions: z.string(),
  card_url: z.string(),
  description: z.string().optional(),
  auth_type: z.string().optional(),
  auth_mode: z.string().optional(),
  auth_config: z.record(z.string(), z.string()).nullable().optional(),
  secret_schema: z.string().optional(),
  oauth_metadata: z.string().optional(),
  allow_insecure_oauth_http: z.boolean().optional(),
  allow_insecure_tls_skip_verify: z.boolean().optional(),
  streaming: z.boolean().optional(),
  /** Absent or `[]` = every environment. */
  environments: z.array(z.string()).nullable().optional(),
  /** 0 = account-wide. */
  team_id: z.number().int().optional(),
});
export type WireA2aAgentCreateRequest = z.infer<typeof wireA2aAgentCreateRequestSchema>;

/** `data` of `/safari/a2a-agent/create`. */
export const wireA2aAgentCreateDataSchema = z.object({
  agent_id: z.string(),
});
export type WireA2aAgentCreateData = z.output<typeof wireA2aAgentCreateDataSchema>;

/**
 * Body of `/safari/a2a-agent/update`: `agent_id` and the fields to change, each nullable (omitted
 * or `null` = unchanged). `auth_config` replaces the whole map (a masked or empty value keeps the
 * stored secret of its key; keys left out are dropped); `environments: []` = every environment.
 */
export const wireA2aAgentUpdateRequestSchema = z.object({
  agent_id: z.string(),
  agent_name: z.string().nullish(),
  instructions: z.string().nullish(),
  card_url: z.string().nullish(),
  description: z.string().nullish(),
  auth_type: z.string().nullish(),
  auth_mode: z.string().nullish(),
  auth_config: z.record(z.string(), z.string()).nullish(),
  secret_schema: z.string().nullish(),
  oauth_metadata: z.string().nullish(),
  allow_insecure_oauth_http: z.boolean().nullish(),
  allow_insecure_tls_skip_verify: z.boolean().nullish(),
  streaming: z.boolean().nullish(),
  environments: z.array(z.string()).nullish(),
  team_id: z.number().int().nullish(),
});
export type WireA2aAgentUpdateRequest = z.infer<typeof wireA2aAgentUpdateRequestSchema>;
