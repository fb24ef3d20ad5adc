/**
 * A2aAgent with the real Pulumi CLI (local file:// backend) against the emulator over HTTP:
 * create of each auth mode, secrets masked end to end with no phantom drift, a changed secret
 * written, in-place updates and a team move, console edits shown by refresh and undone by up,
 * a lost create answer reconciled, adoption, a vanished agent, a 403, bad input at preview and
 * hostile names and instructions.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { createEngineStack, type EngineStack } from "../support/engineStack";

let emulator: Emulator;
const stacks: EngineStack[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, seed: { rules: 0 } });
});

afterAll(async () => {
  for (const stack of stacks) stack.dispose();
  await emulator?.close();
});

async function newStack(appKey: string, a2aAgents: unknown[]): Promise<EngineStack> {
  const stack = await createEngineStack({ baseUrl: emulator.url, appKey, program: { a2aAgents } });
  stacks.push(stack);
  return stack;
}

interface AgentOutputs {
  agentId: string;
  teamId: number;
  enabled: boolean;
}

async function outputs(stack: EngineStack): Promise<Record<string, AgentOutputs>> {
  return ((await stack.ws.outputs()) as { a2aAgents: Record<string, AgentOutputs> }).a2aAgents;
}

const writes = () => {
  const c = emulator.counters();
  return {
    create: c["a2aAgent.create"].requests,
    update: c["a2aAgent.update"].requests,
    enable: c["a2aAgent.enable"].requests,
    disable: c["a2aAgent.disable"].requests,
    delete: c["a2aAgent.delete"].requests,
  };
};

const API_KEY = "ak_engine_secret_0123456789";
const BEARER = "bearer_engine_secret_abcdef";

const KEYED = {
  name: "keyed",
  args: {
    agentName: "keyed-engine",
    instructions: "# Payments\nAsk about refunds.",
    cardUrl: "https://payments.example/card.json",
    authType: "api_key",
    authConfig: { api_key: API_KEY, header_name: "X-Api-Key" },
    teamId: 1,
  },
};
const BEARER_AGENT = {
  name: "bearer",
  args: { agentName: "bearer-engine", instructions: "Bearer", cardUrl: "https://b.example/card.json", authType: "bearer", authConfig: { token: BEARER } },
};
const PER_USER = {
  name: "peruser",
  args: {
    agentName: "peruser-engine",
    instructions: "Per user",
    cardUrl: "https://u.example/card.json",
    authType: "bearer",
    authMode: "per_user_secret",
    secretSchema: { header_name: "Authorization" },
    teamId: 2,
  },
};
const OAUTH = {
  name: "oauth",
  args: {
    agentName: "oauth-engine",
    instructions: "OAuth",
    cardUrl: "https://o.example/card.json",
    authMode: "per_user_oauth",
    oauthMetadata: { issuer: "https://idp.example" },
    enabled: false,
  },
};

describe("A2aAgent with the real Pulumi CLI", () => {
  test("create of each auth mode, secrets, no phantom drift, a changed secret, team move, console edits, destroy", async () => {
    emulator.reset();
    const stack = await newStack(emulator.keys.admin, [KEYED, BEARER_AGENT, PER_USER, OAUTH]);
    await stack.ws.run(["up", "--yes"]);
    expect(writes()).toEqual({ create: 4, update: 0, enable: 0, disable: 1, delete: 0 });
    const outs = await outputs(stack);
    const keyedId = outs.keyed!.agentId;
    expect(emulator.a2aAgent(keyedId)).toMatchObject({ agent_name: "keyed-engine", team_id: 1, auth_config: { api_key: "******", header_name: "X-Api-Key" } });
    expect(emulator.a2aAgent(outs.peruser!.agentId)).toMatchObject({ auth_mode: "per_user_secret", secret_schema: '{"header_name":"Authorization"}' });
    expect(emulator.a2aAgent(outs.oauth!.agentId)?.status).toBe("disabled");

    // Secrets never in state or shown outputs in plaintext.
    const exported = JSON.stringify(await stack.ws.exportState());
    for (const secret of [API_KEY, BEARER]) expect(exported).not.toContain(secret);
    const shown = await stack.ws.run(["stack", "output", "--json"]);
    for (const secret of [API_KEY, BEARER]) expect(shown.stdout).not.toContain(secret);

    // Masked answers are not drift.
    await stack.ws.run(["preview", "--refresh", "--expect-no-changes"]);

    // A changed secret and a team move: shown without the value, one partial update.
    const rotated = "ak_rotated_secret_987654321";
    await stack.setProgram({
      a2aAgents: [{ ...KEYED, args: { ...KEYED.args, authConfig: { api_key: rotated, header_name: "X-Api-Key" }, teamId: 2 } }, BEARER_AGENT, PER_USER, OAUTH],
    });
    const preview = await stack.ws.run(["preview", "--diff"]);
    expect(preview.stdout).toMatch(/authConfig/);
    for (const secret of [rotated, API_KEY]) expect(preview.stdout).not.toContain(secret);
    await stack.ws.run(["up", "--yes"]);
    expect(writes()).toMatchObject({ create: 4, update: 1 });
    expect(emulator.a2aAgentAuthConfig(keyedId)).toEqual({ api_key: rotated, header_name: "X-Api-Key" });
    expect(emulator.a2aAgent(keyedId)?.team_id).toBe(2);
    expect((await outputs(stack)).keyed!.agentId).toBe(keyedId);

    // Console edits: refresh names the fields; up puts back those the program sets, with the same
    // id (environments and enabled, which it leaves out, are not managed: the console's values stay).
    emulator.updateA2aAgent(keyedId, { instructions: "Edited in the console", environments: ["cloud"], status: "disabled" });
    const drift = await stack.ws.run(["preview", "--refresh", "--diff"]);
    expect(drift.stdout).toMatch(/instructions/);
    expect(drift.stdout).toMatch(/enabled/);
    await stack.ws.run(["up", "--refresh", "--yes"]);
    expect(emulator.a2aAgent(keyedId)).toMatchObject({ instructions: KEYED.args.instructions, environments: ["cloud"], status: "disabled" });
    await stack.ws.run(["preview", "--refresh", "--expect-no-changes"]);

    // An agent deleted on the platform: refresh drops it, destroy of the rest succeeds.
    emulator.deleteA2aAgent(outs.bearer!.agentId);
    await stack.ws.run(["destroy", "--refresh", "--yes"]);
    expect(emulator.a2aAgents().filter((a) => a.agent_name.endsWith("-engine"))).toEqual([]);
  });

  test("bad input at preview; a taken name names the agent; adoption; a 403 is explained", async () => {
    emulator.reset();
    const stack = await newStack(emulator.keys.admin, [
      { name: "bad", args: { agentName: "bad", instructions: "x", cardUrl: "ftp://x.example", authConfig: { api_key: "" } } },
    ]);
    emulator.resetCounters();
    const bad = await stack.ws.run(["preview"], { check: false });
    expect(bad.code).not.toBe(0);
    expect(bad.stdout + bad.stderr).toMatch(/cardUrl must be an absolute http or https URL/);
    expect(bad.stdout + bad.stderr).toMatch(/authConfig\.api_key must not be empty/);
    expect(emulator.requestLog().filter((e) => e.operation.startsWith("a2aAgent."))).toEqual([]);

    // The seed's payments-oncall is team 2's: the same name there is taken.
    await stack.setProgram({
      a2aAgents: [{ name: "dup", args: { agentName: "payments-oncall", instructions: "x", cardUrl: "https://p.example", teamId: 2 } }],
    });
    const taken = await stack.ws.run(["up", "--yes"], { check: false });
    expect(taken.code).not.toBe(0);
    expect(taken.stdout + taken.stderr).toContain('agentId: "a2a_payments_oncall"');

    // Adoption: the declared fields are written, the agent keeps its id.
    await stack.setProgram({
      a2aAgents: [
        {
          name: "dup",
          args: { agentId: "a2a_payments_oncall", agentName: "payments-oncall", instructions: "Adopted", cardUrl: "https://p.example", teamId: 2 },
        },
      ],
    });
    await stack.ws.run(["up", "--yes"]);
    expect(emulator.a2aAgent("a2a_payments_oncall")).toMatchObject({ instructions: "Adopted", card_url: "https://p.example" });

    // A member of teams 1 and 2 cannot create an agent in team 3.
    const member = await newStack(emulator.keys.member, [
      { name: "t3", args: { agentName: "t3-engine", instructions: "x", cardUrl: "https://t.example", teamId: 3 } },
    ]);
    const denied = await member.ws.run(["up", "--yes"], { check: false });
    expect(denied.code).not.toBe(0);
    expect(denied.stdout + denied.stderr).toMatch(/Access denied: cannot create A2A agent/);
  });

  test("a lost create answer leaves exactly one agent; hostile names and instructions stay inert", async () => {
    emulator.reset();
    emulator.setFaults([{ operation: "a2aAgent.create", kind: "applyThenDrop", count: 1 }]);
    const hostile = "\u001b[2J<script>x</script>\u0007";
    const stack = await newStack(emulator.keys.admin, [
      { name: "lost", args: { agentName: `lost-engine${hostile}`, instructions: `# Hi\n${hostile}`, cardUrl: "https://l.example" } },
    ]);
    const up = await stack.ws.run(["up", "--yes"]);
    expect(up.stdout).not.toContain("\u001b[2J");
    expect(emulator.a2aAgents().filter((a) => a.agent_name.startsWith("lost-engine"))).toHaveLength(1);
    expect(emulator.counters()["a2aAgent.create"].requests).toBe(1);
    const preview = await stack.ws.run(["preview", "--refresh", "--diff"]);
    expect(preview.stdout).not.toContain("\u001b[2J");
    await stack.ws.run(["destroy", "--yes"]);
    expect(emulator.a2aAgents().filter((a) => a.agent_name.startsWith("lost-engine"))).toHaveLength(0);
  });
});
