/**
 * The McpServer provider's check and diff (pure), and its create, read, update and delete called
 * directly, as the engine's plugin would, against the emulator over real HTTP.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import * as impl from "../../provider/mcpServer/provider";
import type { McpServerInputs, McpServerOutputs } from "../../provider/mcpServer/provider";
import { digestMatches, isSecretDigest } from "../../provider/engine/secretDigest";
import { sealSecretMap } from "../../provider/engine/secretMap";

const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});
afterAll(async () => {
  await emulator.close();
});
beforeEach(() => {
  emulator.reset();
  const config: Record<string, string> = { "flashduty:appKey": emulator.keys.admin, "flashduty:baseUrl": emulator.url };
  void impl.configure({ config: { get: (k: string) => config[k], require: (k: string) => config[k]! } });
});

const REMOTE = {
  serverName: "grafana-unit",
  transport: "streamable-http",
  url: "https://g.example/mcp",
  headers: { Authorization: "Bearer s3cret-value", "X-Org": "1" },
};

async function checked(news: Record<string, unknown>): Promise<{ inputs: McpServerInputs; failures: { property: string; reason: string }[] }> {
  const result = await impl.check({}, news);
  return { inputs: result.inputs!, failures: result.failures ?? [] };
}

describe("check", () => {
  test("keeps a field the program leaves out out of the inputs (not managed), null included", async () => {
    const { inputs, failures } = await checked({ ...REMOTE, description: null, teamId: null });
    expect(failures).toEqual([]);
    for (const key of ["description", "teamId", "environments", "args", "env", "authMode", "enabled", "connectTimeoutSeconds"])
      expect(inputs).not.toHaveProperty(key);
  });

  test.each([
    [{ ...REMOTE, serverName: "9lives" }, "serverName", /start with a letter/],
    [{ ...REMOTE, serverName: "a".repeat(65) }, "serverName", /1 to 64 characters/],
    [{ ...REMOTE, command: "npx" }, "command", /not allowed with transport streamable-http/],
    [{ serverName: "s", transport: "stdio", command: "x", url: "https://u" }, "url", /not allowed with transport stdio/],
    [{ serverName: "s", transport: "stdio" }, "command", /required with transport stdio/],
    [{ serverName: "s", transport: "sse" }, "url", /required with transport sse/],
    [{ ...REMOTE, transport: "websocket" }, "transport", /one of stdio, sse, streamable-http/],
    [{ ...REMOTE, authMode: "per_user_secret" }, "secretSchema", /required when authMode is per_user_secret/],
    [{ ...REMOTE, authMode: "magic" }, "authMode", /one of shared/],
    [{ ...REMOTE, connectTimeoutSeconds: 301 }, "connectTimeoutSeconds", /0 to 300/],
    [{ ...REMOTE, callTimeoutSeconds: -1 }, "callTimeoutSeconds", /0 to 3600/],
    [{ ...REMOTE, teamId: 1.5 }, "teamId", /integer >= 0/],
    [{ ...REMOTE, serverId: "" }, "serverId", /existing MCP server/],
  ])("refuses %j at %s", async (news, property, reason) => {
    const { failures } = await checked(news);
    const failure = failures.find((f) => f.property === property);
    expect(failure?.reason).toMatch(reason);
  });

  test("JSON text for a structured field is read as its value; an empty argument is allowed; an empty url is refused", async () => {
    const { inputs, failures } = await checked({ ...REMOTE, authMode: "per_user_secret", secretSchema: '[{"key":"API_TOKEN"}]' });
    expect(failures).toEqual([]);
    expect(inputs.secretSchema).toEqual([{ key: "API_TOKEN" }]);
    expect((await checked({ serverName: "s", transport: "stdio", command: "x", args: ["--prefix", ""] })).failures).toEqual([]);
    expect((await checked({ ...REMOTE, url: "" })).failures.map((f) => f.property)).toContain("url");
  });

  test("refuses what the platform's update cannot do only when the program writes it, naming the input", async () => {
    const olds = { ...REMOTE, description: "Dashboards", connectTimeoutSeconds: 30, secretSchema: { a: 1 } } as unknown as McpServerInputs;
    expect((await impl.check(olds, { ...REMOTE })).failures).toEqual([]);
    const result = await impl.check(olds, { ...REMOTE, description: "", connectTimeoutSeconds: 0, secretSchema: "" });
    expect((result.failures ?? []).map((f) => f.property).sort()).toEqual(["connectTimeoutSeconds", "description", "secretSchema"]);
    expect(result.failures?.find((f) => f.property === "connectTimeoutSeconds")?.reason).toMatch(/cannot go back to 0/);
    expect(result.failures?.find((f) => f.property === "description")?.reason).toMatch(/leave description out to stop managing it/);
  });

  test("a value the state holds passes while the program keeps it, and is refused when the program changes into it or creates with it", async () => {
    // A server older than today's name rule (a digit first) and a stdio server with no command.
    const legacy = { serverName: "9lives", transport: "stdio", description: "old" };
    expect((await impl.check(legacy as unknown as McpServerInputs, { ...legacy })).failures).toEqual([]);
    expect((await impl.check({}, { ...legacy })).failures?.map((f) => f.property).sort()).toEqual(["command", "serverName"]);
    const renamed = await impl.check({ ...REMOTE } as unknown as McpServerInputs, { ...REMOTE, serverName: "9lives" });
    expect(renamed.failures?.map((f) => f.property)).toEqual(["serverName"]);
  });

  test("skips what is unknown at preview", async () => {
    expect((await checked({ ...REMOTE, transport: UNKNOWN, command: "x" })).failures).toEqual([]);
    expect((await checked({ ...REMOTE, url: UNKNOWN })).failures).toEqual([]);
  });
});

describe("diff", () => {
  const sealedHeaders = sealSecretMap(REMOTE.headers, undefined);
  const olds = (over: Partial<McpServerOutputs> = {}) =>
    ({
      ...(REMOTE as unknown as McpServerOutputs),
      headers: sealedHeaders,
      serverId: "mcp_x",
      description: "",
      args: [],
      env: {},
      teamId: 0,
      environments: [],
      enabled: true,
      ...over,
    }) as McpServerOutputs;
  const news = (over: Partial<McpServerInputs> = {}) => ({ ...(olds() as unknown as McpServerInputs), headers: REMOTE.headers, ...over }) as McpServerInputs;

  test("a masked value is not a change; a new value, key or team is an in-place update", async () => {
    expect((await impl.diff("mcp_x", olds(), news({ headers: { Authorization: "******", "X-Org": "1" } }))).changes).toBe(false);
    expect(impl.changedFields(olds(), news({ headers: { Authorization: "Bearer other", "X-Org": "1" } }))).toEqual(["headers"]);
    expect(impl.changedFields(olds(), news({ headers: { ...REMOTE.headers, "X-New": "1" } }))).toEqual(["headers"]);
    const moved = await impl.diff("mcp_x", olds(), news({ teamId: 2 }));
    expect(moved).toMatchObject({ changes: true, replaces: [] });
    expect(await impl.diff("mcp_x", olds(), news({ serverId: "mcp_other" }))).toMatchObject({ replaces: ["serverId"], deleteBeforeReplace: true });
    // A masked value held in state (an imported server's) is taken as the declared one: a clean preview after import.
    expect(impl.changedFields(olds({ headers: { Authorization: "******", "X-Org": "1" } }), news())).toEqual([]);
  });

  test("state holds digests of the secret values, never the values; the digests compare with the new values", async () => {
    for (const [key, value] of Object.entries(REMOTE.headers)) {
      const digest = sealedHeaders[key]!;
      expect(isSecretDigest(digest)).toBe(true);
      expect(digestMatches(digest, value)).toBe(true);
      expect(digestMatches(digest, `${value}x`)).toBe(false);
    }
    // A fresh salt for each value: the same value twice gives two digests.
    expect(JSON.stringify(sealedHeaders)).not.toMatch(/s3cret-value/);
    expect(sealSecretMap({ a: "same" }, undefined).a).not.toBe(sealSecretMap({ a: "same" }, undefined).a);
    // An unchanged value keeps its digest.
    expect(sealSecretMap(REMOTE.headers, sealedHeaders)).toEqual(sealedHeaders);
    expect((await impl.diff("mcp_x", olds(), news())).changes).toBe(false);
  });

  test("state written with the values themselves (0.2) is a change with no field to write", async () => {
    const plainState = olds({ headers: REMOTE.headers });
    expect(impl.changedFields(plainState, news())).toEqual([]);
    expect((await impl.diff("mcp_x", plainState, news())).changes).toBe(true);
    expect(impl.changedFields(plainState, news({ headers: { ...REMOTE.headers, "X-Org": "2" } }))).toEqual(["headers"]);
  });
});

describe("create, read, update, delete against the emulator", () => {
  test("the lifecycle keeps declared secrets in the outputs, never sends a masked value back as a value, and a gone server deletes cleanly", async () => {
    const { inputs } = await checked(REMOTE);
    const created = await impl.create(inputs);
    const id = created.id;
    const sealed = created.outs!.headers;
    expect(Object.values(sealed).every(isSecretDigest)).toBe(true);
    expect(JSON.stringify(created.outs)).not.toMatch(/s3cret-value/);
    expect(emulator.server(id)?.headers).toEqual({ Authorization: "******", "X-Org": "1" });

    // A refresh with no console edit: the masked value reads as the digest in state, the shown one matches it.
    const read = await impl.read(id, created.outs!);
    expect(read.props?.headers).toEqual(sealed);
    expect(impl.changedFields(read.props as McpServerOutputs, inputs)).toEqual([]);

    // pulumi import (no state): the inputs hold the headers as the platform answered them, the
    // mask where it hides a value, never a digest (the program written from them sends no
    // digest); they match the outputs, so the next preview is clean.
    const imported = await impl.read(id, {});
    expect(imported.inputs?.headers).toEqual({ Authorization: "******", "X-Org": "1" });
    expect(impl.changedFields(imported.props as McpServerOutputs, imported.inputs as McpServerInputs)).toEqual([]);

    // A console edit of a non-secret header and an added key show; update puts them back. The
    // environments the program leaves out are not managed: the console's value stays.
    emulator.updateServer(id, { headers: { Authorization: "Bearer s3cret-value", "X-Org": "2", "X-Added": "y" }, environments: ["cloud"] });
    const drifted = await impl.read(id, created.outs!);
    expect(impl.changedFields(drifted.props as McpServerOutputs, inputs).sort()).toEqual(["headers"]);
    const updated = await impl.update(id, drifted.props as McpServerOutputs, inputs);
    expect(impl.changedFields(updated.outs as McpServerOutputs, inputs)).toEqual([]);
    expect(JSON.stringify(updated.outs)).not.toMatch(/s3cret-value/);
    expect(emulator.server(id)).toMatchObject({ headers: { Authorization: "******", "X-Org": "1" }, environments: ["cloud"] });
    expect(updated.outs?.environments).toEqual(["cloud"]);

    // enabled: false goes through disable.
    await impl.update(id, updated.outs as McpServerOutputs, { ...inputs, enabled: false });
    expect(emulator.server(id)?.status).toBe("disabled");

    // A switch of transport in place: the new transport's fields go with it, the old ones are dropped.
    const stdio = (
      await checked({ serverName: "grafana-unit", transport: "stdio", command: "grafana-mcp", args: ["--stdio"], env: { GRAFANA_API_KEY: "k3y" } })
    ).inputs;
    const switched = await impl.update(id, updated.outs as McpServerOutputs, { ...stdio, enabled: false });
    expect(emulator.server(id)).toMatchObject({ transport: "stdio", command: "grafana-mcp", args: ["--stdio"], env: { GRAFANA_API_KEY: "******" } });
    expect(emulator.server(id)?.url).toBeUndefined();
    expect(switched.outs).toMatchObject({ transport: "stdio", headers: {} });
    expect(digestMatches(switched.outs!.env.GRAFANA_API_KEY!, "k3y")).toBe(true);

    // Adoption of a console server with a masked secret writes the declared secret once.
    const consoleMade = emulator.servers().find((x) => x.server_name === "GitHub")!;
    const adopt = (
      await checked({
        serverId: consoleMade.server_id,
        serverName: "GitHub",
        transport: "stdio",
        command: "github-mcp-server",
        env: { GITHUB_PERSONAL_ACCESS_TOKEN: "ghp_declared", GITHUB_HOST: "github.com" },
      })
    ).inputs;
    const updatesBefore = emulator.counters()["mcpServer.update"].requests;
    await impl.create(adopt);
    expect(emulator.counters()["mcpServer.update"].requests).toBe(updatesBefore + 1);

    // State written with the values themselves (0.2): a refresh, and an update with no change, write digests with no write to the platform.
    const writes = () => emulator.counters()["mcpServer.update"].requests;
    const writesBefore = writes();
    const plainState = { ...(switched.outs as McpServerOutputs), env: { GRAFANA_API_KEY: "k3y" } };
    const refreshed = await impl.read(id, plainState);
    expect(digestMatches(refreshed.props!.env!.GRAFANA_API_KEY!, "k3y")).toBe(true);
    expect(JSON.stringify(refreshed)).not.toMatch(/k3y/);
    const stdioNews = { ...stdio, enabled: false };
    expect((await impl.diff(id, plainState, stdioNews)).changes).toBe(true);
    const rewritten = await impl.update(id, plainState, stdioNews);
    expect(JSON.stringify(rewritten.outs)).not.toMatch(/k3y/);
    expect((await impl.diff(id, rewritten.outs as McpServerOutputs, stdioNews)).changes).toBe(false);
    expect(writes()).toBe(writesBefore);

    emulator.deleteServer(id);
    await expect(impl.deleteResource(id, updated.outs as McpServerOutputs)).resolves.toBeUndefined();
    expect(await impl.read(id, updated.outs!)).toEqual({});
  });
});
