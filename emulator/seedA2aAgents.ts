/**
 * The A2A agents of the emulator: how one is stored, how it is answered (secrets masked), and
 * the deterministic seed. Kept in memory only (not in the state file); `reset()` restores the seed.
 */
import type { WireA2aAgent } from "../wire/wireTypes";
import { isSensitiveA2aKey, maskSecrets } from "./secretMasking";

/**
 * An A2A agent as the emulator stores it: the wire shape without the per-caller `can_edit`,
 * `auth_config` with its real values. Optional fields the platform omits are absent (no key).
 */
export type StoredA2aAgent = Omit<WireA2aAgent, "can_edit">;

/** Fields of an agent that a console edit (`Emulator.updateA2aAgent`) may change: everything but its identity, account and creation. */
export type A2aAgentChanges = Partial<Omit<WireA2aAgent, "agent_id" | "account_id" | "can_edit" | "created_at" | "created_by">>;

/**
 * A stored agent in the wire shape (a copy) for a caller who may (`canEdit`) or may not edit
 * it: `auth_config` masked and left out when empty, `secret_schema` and `oauth_metadata` always
 * sent (`""` when none), as the platform's model does.
 */
export function toWireA2aAgent(agent: StoredA2aAgent, canEdit: boolean): WireA2aAgent {
  const { auth_config, ...rest } = structuredClone(agent);
  const wire: WireA2aAgent = { ...rest, secret_schema: agent.secret_schema ?? "", oauth_metadata: agent.oauth_metadata ?? "", can_edit: canEdit };
  if (auth_config !== undefined && Object.keys(auth_config).length > 0) wire.auth_config = maskSecrets(auth_config, isSensitiveA2aKey)!;
  return wire;
}

const AGENT_EPOCH = Date.UTC(2024, 5, 1); // 2024-06-01
const DAY_MS = 86_400_000;

function agent(
  index: number,
  fields: Partial<StoredA2aAgent> & Pick<StoredA2aAgent, "agent_id" | "account_id" | "team_id" | "agent_name" | "created_by">,
): StoredA2aAgent {
  const at = AGENT_EPOCH + index * DAY_MS;
  return {
    instructions: `Ask ${fields.agent_name} about its own systems.`,
    card_url: `https://agents.example.com/${fields.agent_id}/.well-known/agent-card.json`,
    auth_type: "none",
    auth_mode: "shared",
    streaming: false,
    status: "enabled",
    card_resolve_timeout: 0,
    task_timeout: 0,
    created_at: at,
    updated_at: at,
    environments: [],
    ...fields,
  };
}

/** The seed's agents, the same on every start (a fresh copy each call); the last one is a legacy row (a name too long for today's rule). */
export function seedA2aAgents(): StoredA2aAgent[] {
  return [
    agent(0, {
      agent_id: "a2a_payments_oncall",
      account_id: 1,
      team_id: 2,
      agent_name: "payments-oncall",
      created_by: 1003,
      auth_type: "api_key",
      auth_config: { header_name: "X-Api-Key", api_key: "pk_live_seed_secret" },
      streaming: true,
      agent_card_name: "Payments On-call",
      agent_card_skills: [{ id: "refunds", name: "Refund lookups", description: "Finds a refund by id" }],
    }),
    agent(1, {
      agent_id: "a2a_platform_helper",
      account_id: 1,
      team_id: 0,
      agent_name: "platform-helper",
      created_by: 1002,
      auth_type: "bearer",
      auth_config: { token: "seed-bearer-token" },
      environments: ["cloud"],
    }),
    agent(2, { agent_id: "a2a_data_legacy", account_id: 1, team_id: 4, agent_name: "data-legacy", created_by: 1002, auth_type: "", status: "disabled" }),
    agent(3, { agent_id: "a2a_acme_ops", account_id: 2, team_id: 5, agent_name: "acme-ops", created_by: 2001 }),
    // A legacy row: a name longer than today's 128 characters (A2A_AGENT_RULES.maxNameLength), made
    // before that limit; the platform keeps it while no write sets the name.
    agent(-1, {
      agent_id: "a2a_legacy_long_name",
      account_id: 1,
      team_id: 1,
      agent_name: `incident-commander-${"for-the-checkout-search-and-ledger-services-in-every-region-".repeat(3)}legacy`,
      created_by: 1003,
    }),
  ];
}
