/**
 * The A2aAgent provider's check and diff (pure), and its create, read, update and delete called
 * directly, as the engine's plugin would, against the emulator over real HTTP. `authConfig` is
 * write-only: outputs hold a digest of each value, never the value (issue 49).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import * as impl from "../../provider/a2aAgent/provider";
import type { A2aAgentInputs, A2aAgentOutputs } from "../../provider/a2aAgent/provider";
import { readAgents } from "../../provider/a2aAgent/readA2aAgents";
import { FlashdutyClient } from "../../sdk";
import { A2A_AGENT_ENTRY } from "../../provider/a2aAgent/entry";
import { digestMatches, isSecretDigest } from "../../provider/engine/secretDigest";
import { sealSecretMap } from "../../provider/engine/secretMap";

const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0, seed: { rules: 0 } });
});
afterAll(async () => {
  await emulator.close();
});
function configure(key: keyof Emulator["keys"]): void {
  const config: Record<string, string> = { "flashduty:appKey": emulator.keys[key], "flashduty:baseUrl": emulator.url };
  void impl.configure({ config: { get: (k: string) => config[k], require: (k: string) => config[k]! } });
}
beforeEach(() => {
  emulator.reset();
  configure("admin");
});

const AGENT = {
  agentName: "billing-unit",
  instructions: "# Billing\nAsk about invoices.",
  cardUrl: "https://billing.example/card.json",
  authType: "api_key",
  authConfig: { api_key: "s3cret-value", header_name: "X-Api-Key" },
  teamId: 4,
};

async function checked(news: Record<string, unknown>): Promise<{ inputs: A2aAgentInputs; failures: { property: string; reason: string }[] }> {
  const result = await impl.check({}, news);
  return { inputs: result.inputs!, failures: result.failures ?? [] };
}

describe("check", () => {
  test("keeps a field the program leaves out out of the inputs (not managed)", async () => {
    const { inputs, failures } = await checked({ ...AGENT, streaming: null });
    expect(failures).toEqual([]);
    for (const key of ["authMode", "streaming", "environments", "enabled", "allowInsecureOauthHttp"]) expect(inputs).not.toHaveProperty(key);
  });

  test.each([
    [{ ...AGENT, agentName: "a".repeat(129) }, "agentName", /1 to 128 characters/],
    [{ ...AGENT, instructions: "" }, "instructions", /non-empty/],
    [{ ...AGENT, instructions: "x".repeat(51_201) }, "instructions", /51200 bytes/],
    [{ ...AGENT, cardUrl: "card.json" }, "cardUrl", /absolute http or https URL/],
    [{ ...AGENT, authType: "basic" }, "authType", /one of none, api_key, bearer/],
    [{ ...AGENT, authMode: "per_user_secret" }, "secretSchema", /header_name/],
    [{ ...AGENT, authMode: "per_user_secret", secretSchema: { key: "X" } }, "secretSchema", /header_name/],
    [{ ...AGENT, authConfig: { api_key: "" } }, "authConfig", /authConfig\.api_key must not be empty/],
    [{ ...AGENT, agentId: "" }, "agentId", /existing A2A agent/],
    [{ cardUrl: "https://x.example" }, "agentName", /required/],
  ])("refuses %j at %s", async (news, property, reason) => {
    const { failures } = await checked(news);
    expect(failures.find((f) => f.property === property)?.reason).toMatch(reason);
  });

  test("JSON text for a structured field is read as its value; unknowns are skipped at preview", async () => {
    const { inputs, failures } = await checked({ ...AGENT, authMode: "per_user_secret", secretSchema: '{"header_name":"X-User"}' });
    expect(failures).toEqual([]);
    expect(inputs.secretSchema).toEqual({ header_name: "X-User" });
    expect((await checked({ ...AGENT, authMode: "per_user_secret", secretSchema: UNKNOWN })).failures).toEqual([]);
    expect((await checked({ ...AGENT, cardUrl: UNKNOWN, authConfig: { api_key: UNKNOWN } })).failures).toEqual([]);
  });

  test("a failure never shows a secret value", async () => {
    const { failures } = await checked({ ...AGENT, authConfig: { api_key: "s3cret-value", token: "" } });
    expect(JSON.stringify(failures)).not.toContain("s3cret-value");
  });
});

/** Whether any secret value of `AGENT` (or `more`) occurs anywhere in `value`. */
function holdsAgentSecret(value: unknown, more: readonly string[] = []): boolean {
  const text = JSON.stringify(value);
  return [...Object.values(AGENT.authConfig), ...more].some((secret) => text.includes(secret));
}

describe("diff", () => {
  const sealedConfig = sealSecretMap(AGENT.authConfig, undefined);
  const olds = (over: Partial<A2aAgentOutputs> = {}) =>
    ({
      ...(AGENT as unknown as A2aAgentOutputs),
      authConfig: sealedConfig,
      agentId: "a2a_x",
      authMode: "shared",
      environments: [],
      enabled: true,
      ...over,
    }) as A2aAgentOutputs;
  const news = (over: Partial<A2aAgentInputs> = {}) => ({ ...(olds() as unknown as A2aAgentInputs), authConfig: AGENT.authConfig, ...over }) as A2aAgentInputs;

  test("a masked value is not a change; a new value, key or team is an in-place update; a new agentId replaces", async () => {
    expect((await impl.diff("a2a_x", olds(), news({ authConfig: { api_key: "******", header_name: "X-Api-Key" } }))).changes).toBe(false);
    expect(impl.changedFields(olds(), news({ authConfig: { api_key: "other", header_name: "X-Api-Key" } }))).toEqual(["authConfig"]);
    expect(impl.changedFields(olds(), news({ authConfig: { api_key: "s3cret-value" } }))).toEqual(["authConfig"]);
    expect(await impl.diff("a2a_x", olds(), news({ teamId: 1 }))).toMatchObject({ changes: true, replaces: [] });
    expect(await impl.diff("a2a_x", olds(), news({ agentId: "a2a_other" }))).toMatchObject({ replaces: ["agentId"], deleteBeforeReplace: true });
  });

  test("state holds digests of the authConfig values; the diff compares the new values with them", async () => {
    for (const [key, value] of Object.entries(AGENT.authConfig)) {
      const digest = sealedConfig[key]!;
      expect(isSecretDigest(digest)).toBe(true);
      expect(digestMatches(digest, value)).toBe(true);
    }
    expect(holdsAgentSecret(olds())).toBe(false);
    // An unchanged value: no change, so no update and no write.
    expect(await impl.diff("a2a_x", olds(), news())).toMatchObject({ changes: false, replaces: [] });
    // A changed value: a change named authConfig, its value nowhere in the answer.
    const rotated = news({ authConfig: { ...AGENT.authConfig, api_key: "r0tated-value" } });
    const changed = await impl.diff("a2a_x", olds(), rotated);
    expect(changed).toMatchObject({ changes: true, replaces: [] });
    expect(JSON.stringify(changed)).not.toContain("r0tated-value");
    expect(impl.changedFields(olds(), rotated)).toEqual(["authConfig"]);
    // The plugin names the field, never the value.
    const properties = A2A_AGENT_ENTRY.changedProperties(olds() as never, rotated as never, changed);
    expect(properties).toEqual(["authConfig"]);
    // A masked value held in state (an imported agent's) is no change either.
    expect(impl.changedFields(olds({ authConfig: { api_key: "******", header_name: sealedConfig.header_name! } }), news())).toEqual([]);
  });

  test("state holding the values themselves (old form) compares by value without failing", async () => {
    const plain = olds({ authConfig: AGENT.authConfig });
    expect(impl.changedFields(plain, news())).toEqual([]);
    expect(impl.changedFields(plain, news({ authConfig: { ...AGENT.authConfig, api_key: "other" } }))).toEqual(["authConfig"]);
  });

  test("the plugin's planned state at preview holds digests, unknown values kept; an unchanged value keeps the digest in state", () => {
    const planned = A2A_AGENT_ENTRY.previewState!({ ...news(), authConfig: { ...AGENT.authConfig, extra: UNKNOWN } }, undefined);
    const config = planned.authConfig as Record<string, string>;
    expect(digestMatches(config.api_key!, "s3cret-value")).toBe(true);
    expect(config.extra).toBe(UNKNOWN);
    expect(holdsAgentSecret(planned)).toBe(false);
    const plannedUpdate = A2A_AGENT_ENTRY.previewState!({ ...news(), instructions: "new" }, olds() as never);
    expect(plannedUpdate).toMatchObject({ agentId: "a2a_x", instructions: "new", authConfig: sealedConfig });
    expect(holdsAgentSecret(plannedUpdate)).toBe(false);
  });
});

describe("create, read, update, delete against the emulator", () => {
  test("the lifecycle: digests in outputs, masked round trip without drift, console edits undone, one write per change", async () => {
    const { inputs } = await checked(AGENT);
    const created = await impl.create(inputs);
    const id = created.id;
    expect(id).toMatch(/^a2a_/);
    expect(created.outs).toMatchObject({ authConfigKeys: ["api_key", "header_name"], enabled: true, teamId: 4 });
    const sealed = created.outs!.authConfig;
    expect(Object.keys(sealed).sort()).toEqual(["api_key", "header_name"]);
    for (const [key, value] of Object.entries(AGENT.authConfig)) expect(digestMatches(sealed[key]!, value)).toBe(true);
    expect(holdsAgentSecret(created.outs)).toBe(false);
    expect(emulator.a2aAgent(id)?.auth_config).toEqual({ api_key: "******", header_name: "X-Api-Key" });
    expect(emulator.counters()["a2aAgent.create"].requests).toBe(1);

    // A refresh with no console edit: the masked value reads as the digest in state, the shown one matches its digest.
    const read = await impl.read(id, created.outs!);
    expect(read.props?.authConfig).toEqual(sealed);
    expect(holdsAgentSecret(read)).toBe(false);
    expect(impl.changedFields(read.props as A2aAgentOutputs, inputs)).toEqual([]);
    expect((await impl.diff(id, read.props as A2aAgentOutputs, inputs)).changes).toBe(false);

    // pulumi import (no state): the inputs hold authConfig as the platform answered it, the mask
    // where it hides a value, never a digest (the program written from them sends no digest);
    // they match the outputs, so the next preview is clean.
    const imported = await impl.read(id, {});
    expect(imported.inputs?.authConfig).toEqual({ api_key: "******", header_name: "X-Api-Key" });
    expect(impl.changedFields(imported.props as A2aAgentOutputs, imported.inputs as A2aAgentInputs)).toEqual([]);

    // Console edits of declared fields show; update puts them back with one update (partial) and a
    // read. `streaming`, which the program leaves out, is not managed: the console's value stays.
    emulator.updateA2aAgent(id, { instructions: "edited", auth_config: { api_key: "s3cret-value", header_name: "X-Other", extra: "y" }, streaming: true });
    const drifted = await impl.read(id, created.outs!);
    expect(impl.changedFields(drifted.props as A2aAgentOutputs, inputs).sort()).toEqual(["authConfig", "instructions"]);
    const updatesBefore = emulator.counters()["a2aAgent.update"].requests;
    const updated = await impl.update(id, drifted.props as A2aAgentOutputs, inputs);
    expect(emulator.counters()["a2aAgent.update"].requests).toBe(updatesBefore + 1);
    expect(updated.outs).toMatchObject({ instructions: AGENT.instructions, streaming: true, authConfigKeys: ["api_key", "header_name"] });
    expect(impl.changedFields(updated.outs as A2aAgentOutputs, inputs)).toEqual([]);
    expect(holdsAgentSecret(updated.outs)).toBe(false);
    expect(emulator.a2aAgentAuthConfig(id)).toEqual(AGENT.authConfig);

    // An unchanged value: no change, no write, the digest kept.
    const writes = () => emulator.counters()["a2aAgent.update"].requests;
    const writesBeforeSame = writes();
    expect((await impl.diff(id, updated.outs as A2aAgentOutputs, inputs)).changes).toBe(false);
    const same = await impl.update(id, updated.outs as A2aAgentOutputs, inputs);
    expect(writes()).toBe(writesBeforeSame);
    expect(same.outs?.authConfig).toEqual(updated.outs?.authConfig);

    // A changed secret is a change, written with the new value; a removed key is left out of the whole map.
    const rotatedInputs = { ...inputs, authConfig: { api_key: "n3w-value" } };
    expect((await impl.diff(id, updated.outs as A2aAgentOutputs, rotatedInputs)).changes).toBe(true);
    const rotated = await impl.update(id, updated.outs as A2aAgentOutputs, rotatedInputs);
    expect(emulator.a2aAgentAuthConfig(id)).toEqual({ api_key: "n3w-value" });
    expect(rotated.outs?.authConfigKeys).toEqual(["api_key"]);
    expect(digestMatches(rotated.outs!.authConfig.api_key!, "n3w-value")).toBe(true);
    expect(holdsAgentSecret(rotated.outs, ["n3w-value"])).toBe(false);
    expect((await impl.diff(id, rotated.outs as A2aAgentOutputs, rotatedInputs)).changes).toBe(false);

    // State holding the value itself (old form): a refresh seals it and finds no drift.
    const plain = await impl.read(id, { ...(rotated.outs as A2aAgentOutputs), authConfig: { api_key: "n3w-value" } });
    expect(digestMatches((plain.props as A2aAgentOutputs).authConfig.api_key!, "n3w-value")).toBe(true);
    expect(holdsAgentSecret(plain, ["n3w-value"])).toBe(false);
    expect(impl.changedFields(plain.props as A2aAgentOutputs, rotatedInputs)).toEqual([]);

    // enabled: false goes through disable; a team move keeps the id.
    const disabled = await impl.update(id, rotated.outs as A2aAgentOutputs, { ...inputs, authConfig: { api_key: "n3w-value" }, enabled: false });
    expect(emulator.a2aAgent(id)?.status).toBe("disabled");
    const moved = await impl.update(id, disabled.outs as A2aAgentOutputs, { ...inputs, authConfig: { api_key: "n3w-value" }, enabled: false, teamId: 0 });
    expect(moved.outs).toMatchObject({ agentId: id, teamId: 0, enabled: false });

    // A console delete: delete succeeds, refresh drops it.
    emulator.deleteA2aAgent(id);
    await expect(impl.deleteResource(id, moved.outs as A2aAgentOutputs)).resolves.toBeUndefined();
    expect(await impl.read(id, moved.outs!)).toEqual({});
  });

  test.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ["agentName", { agentName: "billing-renamed" }, { agent_name: "billing-renamed" }],
    ["instructions", { instructions: "New text" }, { instructions: "New text" }],
    ["cardUrl", { cardUrl: "https://new.example/card.json" }, { card_url: "https://new.example/card.json" }],
    ["authType", { authType: "bearer" }, { auth_type: "bearer" }],
    ["authConfig", { authConfig: { token: "t0ken" } }, { auth_config: { token: "******" } }],
    ["streaming", { streaming: true }, { streaming: true }],
    ["teamId", { teamId: 1 }, { team_id: 1 }],
    ["environments", { environments: ["cloud"] }, { environments: ["cloud"] }],
    ["allowInsecureOauthHttp", { allowInsecureOauthHttp: true }, { allow_insecure_oauth_http: true }],
    ["allowInsecureTlsSkipVerify", { allowInsecureTlsSkipVerify: true }, { allow_insecure_tls_skip_verify: true }],
    ["oauthMetadata", { oauthMetadata: { issuer: "https://idp.example" } }, { oauth_metadata: '{"issuer":"https://idp.example"}' }],
    ["enabled", { enabled: false }, { status: "disabled" }],
  ])("an update of %s alone: one write of that field, the rest unchanged", async (field, change, expected) => {
    const { inputs } = await checked(AGENT);
    const created = await impl.create(inputs);
    const before = emulator.a2aAgent(created.id)!;
    const counters = () => {
      const c = emulator.counters();
      return c["a2aAgent.update"].requests + c["a2aAgent.disable"].requests + c["a2aAgent.enable"].requests;
    };
    const writesBefore = counters();
    const { inputs: next } = await checked({ ...AGENT, ...change });
    expect(impl.changedFields(created.outs as A2aAgentOutputs, next)).toEqual([field]);
    const updated = await impl.update(created.id, created.outs as A2aAgentOutputs, next);
    expect(counters()).toBe(writesBefore + 1);
    const after = emulator.a2aAgent(created.id)!;
    expect(after).toMatchObject(expected);
    const untouched = Object.keys(before).filter((k) => !(k in expected) && k !== "updated_at" && k !== "auth_config");
    for (const key of untouched) expect((after as unknown as Record<string, unknown>)[key], key).toEqual((before as unknown as Record<string, unknown>)[key]);
    expect(impl.changedFields(updated.outs as A2aAgentOutputs, next)).toEqual([]);
  });

  test("a new auth mode sends the declared schema with it; removing the schema clears it", async () => {
    const { inputs } = await checked({ ...AGENT, authMode: "per_user_secret", secretSchema: { header_name: "X-User" } });
    const created = await impl.create(inputs);
    expect(emulator.a2aAgent(created.id)).toMatchObject({ auth_mode: "per_user_secret", secret_schema: '{"header_name":"X-User"}' });
    const { inputs: oauth } = await checked({ ...AGENT, authMode: "per_user_oauth", oauthMetadata: { issuer: "https://idp.example" } });
    const updated = await impl.update(created.id, created.outs as A2aAgentOutputs, oauth);
    expect(emulator.a2aAgent(created.id)).toMatchObject({ auth_mode: "per_user_oauth", secret_schema: "", oauth_metadata: '{"issuer":"https://idp.example"}' });
    expect(updated.outs?.secretSchema).toBeUndefined();
  });

  test("created disabled; a lost create answer is reconciled, never two agents", async () => {
    emulator.setFaults([{ operation: "a2aAgent.create", kind: "applyThenDrop", count: 1 }]);
    const { inputs } = await checked({ ...AGENT, enabled: false });
    const created = await impl.create(inputs);
    expect(emulator.a2aAgents().filter((a) => a.agent_name === AGENT.agentName)).toHaveLength(1);
    expect(created.outs?.enabled).toBe(false);
    expect(emulator.a2aAgent(created.id)?.status).toBe("disabled");
  });

  test("adoption by agentId writes the declared fields once; a taken name names the agent to adopt", async () => {
    const { inputs } = await checked({
      agentId: "a2a_payments_oncall",
      agentName: "payments-oncall",
      instructions: "Declared",
      cardUrl: "https://payments.example/card.json",
      authType: "api_key",
      authConfig: { header_name: "X-Api-Key", api_key: "declared-key" },
      teamId: 2,
      streaming: true,
    });
    const adopted = await impl.create(inputs);
    expect(adopted.id).toBe("a2a_payments_oncall");
    expect(adopted.outs).toMatchObject({ adoptedAgentId: "a2a_payments_oncall", instructions: "Declared", agentCardName: "Payments On-call" });
    expect(digestMatches(adopted.outs!.authConfig.api_key!, "declared-key")).toBe(true);
    expect(JSON.stringify(adopted.outs)).not.toContain("declared-key");
    expect(emulator.a2aAgentAuthConfig("a2a_payments_oncall")).toEqual({ header_name: "X-Api-Key", api_key: "declared-key" });
    const { inputs: clash } = await checked({ agentName: "PAYMENTS-oncall", instructions: "x", cardUrl: "https://p.example", teamId: 2 });
    await expect(impl.create(clash)).rejects.toThrow(/already exists in team 2 \('a2a_payments_oncall'\).*agentId/);
  });

  test("a 403 on a team the key cannot edit names what is missing", async () => {
    configure("member");
    const { inputs } = await checked({ ...AGENT, teamId: 3 });
    await expect(impl.create(inputs)).rejects.toThrow(/Access denied: cannot create A2A agent .*edit rights on team 3/);
  });

  test("hostile names stay inert in errors", async () => {
    const { inputs } = await checked({ ...AGENT, agentName: "evil\u001b[31m\u0007", teamId: 3 });
    configure("member");
    const error = await impl.create(inputs).catch((e: Error) => e);
    const message = String((error as Error).message);
    expect(message).toContain("A2A agent");
    for (const control of ["\u001b", "\u0007"]) expect(message).not.toContain(control);
  });
});

describe("getA2aAgents' read", () => {
  test("every page, sorted by name then id, secrets masked", async () => {
    const client = () => new FlashdutyClient({ appKey: emulator.keys.admin, baseUrl: emulator.url });
    for (let i = 0; i < 7; i++) await client().a2aAgents.create({ agentName: `z-${i}`, instructions: "i", cardUrl: "https://z.example", teamId: 4 });
    const result = await readAgents({ pageSize: 3 }, client);
    // Account 1's 4 seeded agents (a2a_legacy_long_name among them: emulator/README.md "Legacy rows") and the 7 made here.
    expect(result.total).toBe(11);
    expect(result.agents.map((a) => a.agentName)).toEqual(
      [...result.agents.map((a) => a.agentName)].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)),
    );
    expect(result.agents.find((a) => a.agentId === "a2a_payments_oncall")?.authConfig?.api_key).toBe("******");
    await expect(readAgents({ pageSize: 101 }, client)).rejects.toThrow(/pageSize/);
  });
});
