/**
 * The client's A2A agents against the real emulator over HTTP (docs/platform-api.md "A2A
 * agents"): field checks before any request (an empty secret value named by its key, never
 * shown), create exactly once when its answer is lost, update sending only the given fields then
 * reading back, enable/disable, delete, and listAll walking every offset page once.
 */
import { describe, expect, test } from "vitest";
import { type FlashdutyApiError, FlashdutyValidationError, type CreateA2aAgentParams } from "../../sdk";
import { A2A_AGENT_RULES, MASKED_VALUE } from "../../wire/protocol";
import { emulatorPerFile, flashdutyRejection } from "../support/sdkEmulator";

const shared = emulatorPerFile({ seed: { rules: 0 }, limits: false });
const { client } = shared;
const caught = flashdutyRejection;

const AGENT: CreateA2aAgentParams = {
  agentName: "billing-agent",
  instructions: "---\nsummary: Billing\n---\nAsk about invoices.",
  cardUrl: "https://billing.example.com/.well-known/agent-card.json",
  authType: "api_key",
  authConfig: { api_key: "sk_live_abc", header_name: "X-Api-Key" },
  teamId: 1,
};

const named = (name: string) => shared.em.a2aAgents().filter((a) => a.agent_name.toLowerCase() === name.toLowerCase());
const requests = () => Object.values(shared.em.counters()).reduce((sum, c) => sum + c.requests, 0);

describe("checks before any request", () => {
  test.each<[string, Record<string, unknown>, string]>([
    ["no name", { agentName: undefined }, "agentName"],
    ["a name too long", { agentName: "a".repeat(A2A_AGENT_RULES.maxNameLength + 1) }, "agentName"],
    ["blank instructions", { instructions: " \n" }, "instructions"],
    ["instructions over the byte limit", { instructions: "€".repeat(A2A_AGENT_RULES.maxInstructionsBytes / 3 + 1) }, "instructions"],
    ["a relative card URL", { cardUrl: "/card.json" }, "cardUrl"],
    ["a card URL of another scheme", { cardUrl: "file:///etc/passwd" }, "cardUrl"],
    ["an unknown auth type", { authType: "basic" }, "authType"],
    ["an unknown auth mode", { authMode: "team" }, "authMode"],
    ["per_user_secret without a header_name", { authMode: "per_user_secret", secretSchema: '{"x":1}' }, "secretSchema"],
    ["oauthMetadata that is not JSON", { oauthMetadata: "{" }, "oauthMetadata"],
    ["a negative teamId", { teamId: -1 }, "teamId"],
    ["an empty environment", { environments: [""] }, "environments"],
    ["a non-boolean streaming", { streaming: "yes" }, "streaming"],
  ])("%s", async (_what, change, field) => {
    const error = await caught(client().a2aAgents.create({ ...AGENT, ...change } as CreateA2aAgentParams));
    expect(error).toBeInstanceOf(FlashdutyValidationError);
    expect((error as FlashdutyValidationError).field).toBe(field);
    expect(requests()).toBe(0);
  });

  test("an empty secret value is refused naming its key, on create and update", async () => {
    for (const call of [
      client().a2aAgents.create({ ...AGENT, authConfig: { api_key: "" } }),
      client().a2aAgents.update({ agentId: "a2a_payments_oncall", authConfig: { api_key: "" } }),
    ]) {
      const error = await caught(call, ["sk_live_abc"]);
      expect(error.message).toContain("authConfig.api_key must not be empty");
    }
    expect(requests()).toBe(0);
  });
});

describe("create, get, update, enable, disable, delete", () => {
  test("create answers the agent as the platform holds it: secrets masked, enabled", async () => {
    const created = await client().a2aAgents.create(AGENT);
    expect(created).toMatchObject({
      agentName: AGENT.agentName,
      teamId: 1,
      authType: "api_key",
      authMode: "shared",
      authConfig: { api_key: MASKED_VALUE, header_name: "X-Api-Key" },
      status: "enabled",
      canEdit: true,
      streaming: false,
      environments: [],
    });
    expect(created.agentId).toMatch(/^a2a_/);
    expect(shared.em.a2aAgentAuthConfig(created.agentId)).toEqual(AGENT.authConfig);
    expect(await client().a2aAgents.get({ agentId: created.agentId })).toEqual(created);
  });

  test("update sends only the given fields, then reads back; the masked map keeps the secret", async () => {
    const { agentId, authConfig } = await client().a2aAgents.create(AGENT);
    const updated = await client().a2aAgents.update({ agentId, streaming: true, authConfig: { ...authConfig!, header_name: "X-Key" } });
    expect(updated).toMatchObject({ streaming: true, instructions: AGENT.instructions, authConfig: { api_key: MASKED_VALUE, header_name: "X-Key" } });
    expect(shared.em.a2aAgentAuthConfig(agentId)).toEqual({ api_key: "sk_live_abc", header_name: "X-Key" });
    expect(shared.em.requestLog().filter((r) => r.operation === "a2aAgent.update")).toHaveLength(1);
  });

  test("a move to a team the key cannot edit: AccessDenied naming team_id", async () => {
    const { agentId } = await client("member").a2aAgents.create(AGENT);
    const error = await caught(client("member").a2aAgents.update({ agentId, teamId: 3 }));
    expect((error as FlashdutyApiError).code).toBe("AccessDenied");
    expect(error.message).toContain("team_id");
  });

  test("enable and disable are not idempotent; delete, then ResourceNotFound", async () => {
    const { agentId } = await client().a2aAgents.create(AGENT);
    const again = await caught(client().a2aAgents.enable({ agentId }));
    expect((again as FlashdutyApiError).code).toBe("InvalidParameter");
    await client().a2aAgents.disable({ agentId });
    expect((await client().a2aAgents.get({ agentId })).status).toBe("disabled");
    await client().a2aAgents.enable({ agentId });
    await client().a2aAgents.delete({ agentId });
    const gone = await caught(client().a2aAgents.get({ agentId }));
    expect((gone as FlashdutyApiError).isNotFound).toBe(true);
  });
});

describe("exactly-once create", () => {
  test("an answer lost after the agent was made: found by name in its scope, never created twice", async () => {
    shared.em.setFaults([{ operation: "a2aAgent.create", kind: "applyThenDrop", count: 1 }]);
    const created = await client().a2aAgents.create(AGENT);
    expect(named(AGENT.agentName)).toHaveLength(1);
    expect(created.agentId).toBe(named(AGENT.agentName)[0]!.agent_id);
    expect(shared.em.counters()["a2aAgent.create"]).toEqual({ requests: 1, statuses: { dropped: 1 } });
  });

  test("account-wide, every answer lost, no retries left: the check still finds it", async () => {
    shared.em.setFaults([{ operation: "a2aAgent.create", kind: "applyThenDrop" }]);
    const created = await client("admin", { maxRetries: 0 }).a2aAgents.create({ ...AGENT, teamId: 0 });
    expect(created.teamId).toBe(0);
    expect(named(AGENT.agentName)).toHaveLength(1);
  });

  test("a reset before anything was made: the check finds nothing, the create is retried once", async () => {
    shared.em.setFaults([{ operation: "a2aAgent.create", kind: "reset", count: 1 }]);
    await client().a2aAgents.create(AGENT);
    expect(named(AGENT.agentName)).toHaveLength(1);
    expect(shared.em.counters()["a2aAgent.create"].statuses).toEqual({ reset: 1, "200": 1 });
  });
});

describe("list and listAll", () => {
  test("listAll walks every offset page once, in the server's order", async () => {
    for (let i = 0; i < 23; i++) await client().a2aAgents.create({ ...AGENT, agentName: `walk-${i}`, authConfig: undefined, teamId: 2 });
    const all = [];
    for await (const agent of client().a2aAgents.listAll({ limit: 5, teamIds: [2], includeAccount: false })) all.push(agent);
    const page = await client().a2aAgents.list({ limit: 100, teamIds: [2], includeAccount: false });
    expect(all.map((a) => a.agentId)).toEqual(page.items.map((a) => a.agentId));
    expect(all).toHaveLength(24);
    const offsets = shared.em.requestLog().filter((r) => r.operation === "a2aAgent.list").length;
    expect(offsets).toBeGreaterThanOrEqual(5);
  });

  test("listAll refuses an offset; list refuses a window past 10000", async () => {
    expect(() => client().a2aAgents.listAll({ offset: 5 } as never)).toThrow(/offset/);
    const error = await caught(client().a2aAgents.list({ offset: 9990, limit: 20 }));
    expect((error as FlashdutyValidationError).field).toBe("offset");
  });

  test("findByName: case-insensitive, in the given scope only", async () => {
    expect((await client().a2aAgents.findByName({ agentName: "PAYMENTS-oncall", teamId: 2 }))?.agentId).toBe("a2a_payments_oncall");
    expect(await client().a2aAgents.findByName({ agentName: "payments-oncall", teamId: 0 })).toBeUndefined();
  });
});
