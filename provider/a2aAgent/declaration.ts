/**
 * A2aAgent's and getA2aAgents' one declaration: every field with its schema type, description,
 * default, secret flag and place (input, output; required; part of the declared state). The
 * provider plugin's schema (`plugin/schema.json`), the field lists in `fields.ts` and the
 * reference page in `docs/resources/` are made from it (`npm run schema`; docs/CONTRIBUTING.md
 * "Adding a field").
 *
 * @packageDocumentation
 */
import type { FunctionDeclaration, ResourceDeclaration, TypeDeclaration } from "../engine/declaration";
import { A2A_AGENT_PLUGIN_TYPE } from "../engine/typeToken";

/** flashduty:index:A2aAgent: Declares one A2A agent (another team's agent the AI SRE talks to) whole. */
export const A2A_AGENT = {
  token: A2A_AGENT_PLUGIN_TYPE,
  description:
    "Declares one A2A agent (another team's agent the AI SRE talks to over A2A) whole. Importable: `pulumi import flashduty:index:A2aAgent <name> <agentId>`.",
  fields: {
    agentName: {
      type: "string",
      description: "1 to 128 characters; unique in its scope (account-wide, or one team), case-insensitively.",
      requiredInput: true,
      required: true,
      declared: true,
    },
    instructions: {
      type: "string",
      description: "Markdown (an optional `summary` frontmatter, then a non-empty body), at most 51200 bytes of UTF-8.",
      requiredInput: true,
      required: true,
      declared: true,
    },
    cardUrl: {
      type: "string",
      description: "Absolute `http` or `https` URL of the agent card (the platform does not fetch it at create).",
      requiredInput: true,
      required: true,
      declared: true,
    },
    authType: {
      type: "string",
      description: "`none`, `api_key` or `bearer`.",
      default: "none",
      required: true,
      declared: true,
    },
    authMode: {
      type: "string",
      description: "`shared` (the agent's own `authConfig`), `per_user_secret` (needs `secretSchema` with a `header_name`) or `per_user_oauth`.",
      default: "shared",
      required: true,
      declared: true,
    },
    authConfig: {
      type: "object",
      additionalProperties: {
        type: "string",
      },
      description:
        "Credentials (e.g. `api_key`, `header_name`). Secret, and write-only: the outputs hold a salted digest of each value (`scrypt:<salt>:<hash>`), never the value (docs/reliability.md#secrets-in-logs); the keys are in `authConfigKeys`. No value may be empty: leave a key out to remove it. Default `{}`.",
      secret: true,
      required: true,
      declared: true,
    },
    secretSchema: {
      $ref: "pulumi.json#/Any",
      description: "The per-user secret's schema, as a structured value (sent as JSON text); JSON text of an object or array is read as that value.",
      declared: true,
    },
    oauthMetadata: {
      $ref: "pulumi.json#/Any",
      description: "OAuth metadata for `per_user_oauth`, as a structured value (sent as JSON text).",
      declared: true,
    },
    streaming: {
      type: "boolean",
      description: "Whether the platform talks to the agent by streaming.",
      default: false,
      required: true,
      declared: true,
    },
    teamId: {
      type: "integer",
      description: "0 = account-wide (owners/admins edit it); otherwise the owning team. Changing it moves the agent in place.",
      default: 0,
      required: true,
      declared: true,
    },
    environments: {
      type: "array",
      items: {
        type: "string",
      },
      description: "Environments the agent is callable from (`cloud`, BYOC runner ids). Default `[]` = every environment.",
      required: true,
      declared: true,
    },
    allowInsecureOauthHttp: {
      type: "boolean",
      description: "Testing only: allow OAuth over plain HTTP.",
      default: false,
      required: true,
      declared: true,
    },
    allowInsecureTlsSkipVerify: {
      type: "boolean",
      description: "Testing only: skip TLS certificate checks.",
      default: false,
      required: true,
      declared: true,
    },
    enabled: {
      type: "boolean",
      description: "Whether the agent is enabled.",
      default: true,
      required: true,
      declared: true,
    },
    agentId: {
      type: "string",
      description: "Agent id (`a2a_...`).",
      required: true,
      input: {
        description:
          "Adopts an existing agent instead of creating one: create reads it and updates it to the declared fields. Naming another agent replaces the resource.",
      },
      typescript: {
        input: "(The dynamic resource cannot be imported: adopt an agent made in the console with this.)",
        output: "For `get`, the id argument names the agent and this is ignored.",
      },
    },
    adoptedAgentId: {
      type: "string",
      description: "The `agentId` input when the agent was adopted.",
      kind: "out",
      bookkeeping: true,
    },
    accountId: {
      type: "integer",
      description: "Owning account.",
      kind: "out",
      required: true,
    },
    agentCardName: {
      type: "string",
      description: 'The agent card\'s own name, once the platform fetched the card; `""` before.',
      kind: "out",
      required: true,
    },
    agentCardSkills: {
      type: "array",
      items: {
        $ref: "#/types/flashduty:index:A2aAgentCardSkillInfo",
      },
      description: "The agent card's skills, once the platform fetched the card; `[]` before.",
      kind: "out",
      required: true,
    },
    createdAt: {
      type: "number",
      description: "Creation time, epoch milliseconds.",
      kind: "out",
      required: true,
    },
    updatedAt: {
      type: "number",
      description: "Last update time, epoch milliseconds.",
      kind: "out",
      required: true,
    },
    createdBy: {
      type: "integer",
      description: "Member id of the creator.",
      kind: "out",
      required: true,
    },
    canEdit: {
      type: "boolean",
      description: "Whether the app key's member may edit the agent.",
      kind: "out",
      required: true,
    },
    authConfigKeys: {
      type: "array",
      items: {
        type: "string",
      },
      description: "The keys of `authConfig`, sorted: not secret, so drift reports can name a key added or removed in the console.",
      kind: "out",
      required: true,
    },
  },
} as const satisfies ResourceDeclaration;

/** flashduty:index:getA2aAgents: Every A2A agent of the configured app key's account that matches the filters (all pages of `POST /safari/a2a-agent/list`), sorted by name then id. */
export const GET_A2A_AGENTS = {
  token: "flashduty:index:getA2aAgents",
  description:
    "Every A2A agent of the configured app key's account that matches the filters (all pages of `POST /safari/a2a-agent/list`), sorted by name then id.",
  inputs: {
    scope: {
      type: "string",
      description: "`all` (default), `account` or `team`.",
    },
    query: {
      type: "string",
      description: "Case-insensitive text filter; at most 128 characters.",
    },
    teamIds: {
      type: "array",
      items: {
        type: "integer",
      },
      description: "Only team agents of these teams.",
    },
    includeAccount: {
      type: "boolean",
      description: "Whether account-wide agents are included under scope `all`. Default true.",
    },
    pageSize: {
      type: "integer",
      description: "Agents per request, 1..100. Default 100.",
    },
  },
  outputs: {
    total: {
      type: "integer",
      description: "Number of agents returned.",
      required: true,
    },
    agents: {
      type: "array",
      items: {
        $ref: "#/types/flashduty:index:A2aAgentInfo",
      },
      description: "The agents, sorted by name, then id.",
      required: true,
    },
  },
} as const satisfies FunctionDeclaration;

/** flashduty:index:A2aAgentCardSkillInfo: A skill of an A2A agent's card. */
export const A2A_AGENT_CARD_SKILL_INFO = {
  token: "flashduty:index:A2aAgentCardSkillInfo",
  description: "A skill of an A2A agent's card, as the platform read it.",
  properties: {
    id: {
      type: "string",
      description: "Skill id.",
    },
    name: {
      type: "string",
      description: "Skill name.",
      required: true,
    },
    description: {
      type: "string",
      description: "Skill description.",
    },
  },
} as const satisfies TypeDeclaration;

/** flashduty:index:A2aAgentInfo: An A2A agent as the platform lists it; secret `authConfig` values arrive masked (`******`). */
export const A2A_AGENT_INFO = {
  token: "flashduty:index:A2aAgentInfo",
  description: "An A2A agent as the platform lists it; secret `authConfig` values arrive masked (`******`).",
  properties: {
    agentId: { type: "string", description: "Agent id, `a2a_...`.", required: true },
    accountId: { type: "integer", description: "Owning account.", required: true },
    teamId: { type: "integer", description: "Owning team; 0 for an account-wide agent.", required: true },
    canEdit: { type: "boolean", description: "Whether the caller may edit it.", required: true },
    agentName: { type: "string", description: "Display name.", required: true },
    instructions: { type: "string", description: "Markdown instructions.", required: true },
    cardUrl: { type: "string", description: "URL of the agent card.", required: true },
    authType: { type: "string", description: "`none`, `api_key` or `bearer`.", required: true },
    authMode: { type: "string", description: "`shared`, `per_user_secret` or `per_user_oauth`." },
    authConfig: {
      type: "object",
      additionalProperties: { type: "string" },
      description: "Credentials, secret values masked.",
    },
    secretSchema: { type: "string", description: "The per-user secret's schema, JSON text." },
    oauthMetadata: { type: "string", description: "OAuth metadata, JSON text." },
    streaming: { type: "boolean", description: "Whether the platform streams.", required: true },
    allowInsecureOauthHttp: { type: "boolean", description: "Whether OAuth over plain HTTP is allowed." },
    allowInsecureTlsSkipVerify: { type: "boolean", description: "Whether TLS certificate checks are skipped." },
    status: { type: "string", description: "`enabled` or `disabled`.", required: true },
    cardResolveTimeout: { type: "integer", description: "Reserved, always 0.", required: true },
    taskTimeout: { type: "integer", description: "Reserved, always 0.", required: true },
    agentCardName: { type: "string", description: "The card's own name, once fetched." },
    agentCardSkills: {
      type: "array",
      items: { $ref: "#/types/flashduty:index:A2aAgentCardSkillInfo" },
      description: "The card's skills, once fetched.",
    },
    createdBy: { type: "integer", description: "Member id of the creator.", required: true },
    createdAt: { type: "number", description: "Creation time, epoch milliseconds.", required: true },
    updatedAt: { type: "number", description: "Last update time, epoch milliseconds.", required: true },
    environments: {
      type: "array",
      items: { type: "string" },
      description: "Environments it is callable from: `[]` = all.",
      required: true,
    },
  },
} as const satisfies TypeDeclaration;
