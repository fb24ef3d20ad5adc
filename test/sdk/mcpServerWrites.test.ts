/**
 * The client's MCP server writes against the real emulator over HTTP: field checks before any
 * request, create exactly once when its answer is lost, findByName, update sending only the given
 * fields, and delete (docs/platform-api.md "MCP server writes").
 */
import { startEmulator } from "../../emulator";
import { describe, expect, test } from "vitest";
import { FlashdutyApiError, FlashdutyClient, FlashdutyValidationError, type CreateMcpServerParams } from "../../sdk";
import { MASKED_VALUE, MCP_SERVER_RULES } from "../../wire/protocol";
import { ok, startRecorder } from "../support/recorder";
import { emulatorPerFile, flashdutyRejection } from "../support/sdkEmulator";

const shared = emulatorPerFile({ seed: { rules: 0 } });
const { client } = shared;

const caught = flashdutyRejection;

const GITHUB: CreateMcpServerParams = {
  serverName: "github-local",
  description: "GitHub through a local command",
  transport: "stdio",
  command: "npx",
  args: ["-y", "@modelcontextprotocol/server-github"],
  env: { GITHUB_PERSONAL_ACCESS_TOKEN: "ghp_real", GITHUB_HOST: "github.com" },
  teamId: 1,
};

const named = (name: string) => shared.em.servers().filter((s) => s.server_name.toLowerCase() === name.toLowerCase());

describe("checks before any request", () => {
  test.each<[string, Record<string, unknown>, string]>([
    ["no name", { serverName: undefined }, "serverName"],
    ["a name starting with a digit", { serverName: "1abc" }, "serverName"],
    ["a name with a space", { serverName: "a b" }, "serverName"],
    ["a name too long", { serverName: `a${"b".repeat(MCP_SERVER_RULES.maxNameLength)}` }, "serverName"],
    ["an unknown transport", { transport: "websocket" }, "transport"],
    ["a url on stdio", { url: "https://x.example" }, "url"],
    ["headers on stdio", { headers: { A: "b" } }, "headers"],
    ["no command on stdio", { command: undefined }, "command"],
    ["a command on sse", { transport: "sse", url: "https://x.example", args: undefined, env: undefined }, "command"],
    ["no url on streamable-http", { transport: "streamable-http", command: undefined, args: undefined, env: undefined }, "url"],
    ["per_user_secret without secretSchema", { authMode: "per_user_secret" }, "secretSchema"],
    ["secretSchema that is not JSON", { authMode: "per_user_secret", secretSchema: "[" }, "secretSchema"],
    ["connectTimeout over its maximum", { connectTimeout: MCP_SERVER_RULES.maxConnectTimeoutSeconds + 1 }, "connectTimeout"],
    ["callTimeout over its maximum", { callTimeout: MCP_SERVER_RULES.maxCallTimeoutSeconds + 1 }, "callTimeout"],
    ["a negative timeout", { callTimeout: -1 }, "callTimeout"],
    ["a negative teamId", { teamId: -1 }, "teamId"],
    ["env of numbers", { env: { A: 1 } }, "env"],
    ["an empty environment", { environments: [""] }, "environments"],
    ["an unknown status", { status: "paused" }, "status"],
  ])("create with %s: a validation error naming the field, nothing sent", async (_what, change, field) => {
    const error = await caught(client().mcpServers.create({ ...GITHUB, ...change } as CreateMcpServerParams));
    expect(error).toBeInstanceOf(FlashdutyValidationError);
    expect((error as FlashdutyValidationError).field).toBe(field);
    expect(error.message).toContain(field);
    expect(shared.em.requestLog()).toEqual([]);
  });

  test("update checks the given fields (transport rules only with a transport); delete and findByName check theirs", async () => {
    const api = client();
    const cases: Array<[Promise<unknown>, string]> = [
      [api.mcpServers.update({ serverId: "" }), "serverId"],
      [api.mcpServers.update({ serverId: "mcp_grafana", serverName: "bad name" }), "serverName"],
      [api.mcpServers.update({ serverId: "mcp_grafana", connectTimeout: 301 }), "connectTimeout"],
      [api.mcpServers.update({ serverId: "mcp_grafana", transport: "stdio", url: "https://x.example" }), "url"],
      [api.mcpServers.update({ serverId: "mcp_grafana", authMode: "per_user_secret", secretSchema: "" }), "secretSchema"],
      [api.mcpServers.delete({ serverId: "" }), "serverId"],
      [api.mcpServers.findByName({ serverName: "x", teamId: -1 }), "teamId"],
    ];
    for (const [call, field] of cases) {
      const error = await caught(call);
      expect(error).toBeInstanceOf(FlashdutyValidationError);
      expect((error as FlashdutyValidationError).field).toBe(field);
    }
    expect(shared.em.requestLog()).toEqual([]);
  });
});

describe("create", () => {
  test("answers the server as the platform holds it: camelCase, secrets masked, scope and defaults", async () => {
    const created = await client().mcpServers.create(GITHUB);
    expect(created).toMatchObject({
      serverName: "github-local",
      transport: "stdio",
      teamId: 1,
      accountId: 1,
      canEdit: true,
      status: "enabled",
      environments: [],
      connectTimeout: 0,
      callTimeout: 0,
      env: { GITHUB_PERSONAL_ACCESS_TOKEN: MASKED_VALUE, GITHUB_HOST: "github.com" },
    });
    expect(created.serverId).toMatch(/^mcp_/);
    expect(await client().mcpServers.get({ serverId: created.serverId })).toEqual(created);
  });

  test("sends server_name, description and transport always, the rest only when given", async () => {
    const recorder = await startRecorder(() => ok(shared.em.server("mcp_sentry")));
    try {
      const api = new FlashdutyClient({ appKey: shared.em.keys.admin, baseUrl: recorder.url, maxRetries: 0 });
      await api.mcpServers.create({ serverName: "sentry2", transport: "streamable-http", url: "https://s.example/mcp" });
      expect(recorder.requests.map((r) => r.body)).toEqual([
        { server_name: "sentry2", description: "", transport: "streamable-http", url: "https://s.example/mcp" },
      ]);
    } finally {
      await recorder.close();
    }
  });

  test("a name taken in the scope is the platform's InvalidParameter; the same name in another team is fine", async () => {
    await client().mcpServers.create(GITHUB);
    const error = await caught(client().mcpServers.create({ ...GITHUB, serverName: "GITHUB-LOCAL" }));
    expect(error).toBeInstanceOf(FlashdutyApiError);
    expect((error as FlashdutyApiError).code).toBe("InvalidParameter");
    expect((error as FlashdutyApiError).serverMessage).toContain("server_name");
    expect((await client("member").mcpServers.create({ ...GITHUB, teamId: 2 })).teamId).toBe(2);
  });

  test("no edit rights on the scope: AccessDenied", async () => {
    const error = await caught(client("member").mcpServers.create({ ...GITHUB, teamId: 3 }));
    expect((error as FlashdutyApiError).code).toBe("AccessDenied");
  });
});

describe("exactly-once create", () => {
  test("an answer lost after the server was made: found by name in its scope, returned, never created twice", async () => {
    shared.em.setFaults([{ operation: "mcpServer.create", kind: "applyThenDrop", count: 1 }]);
    const created = await client().mcpServers.create(GITHUB);
    expect(named(GITHUB.serverName)).toHaveLength(1);
    expect(created).toMatchObject({ serverId: named(GITHUB.serverName)[0]!.server_id, teamId: 1, serverName: GITHUB.serverName });
    expect(shared.em.counters()["mcpServer.create"]).toEqual({ requests: 1, statuses: { dropped: 1 } });
    expect(shared.em.counters()["mcpServer.list"].requests).toBeGreaterThanOrEqual(1);
    expect(shared.em.audit().filter((e) => e.operation === "server.create")).toHaveLength(1);
  });

  test("account-wide too: the lookup searches scope account", async () => {
    shared.em.setFaults([{ operation: "mcpServer.create", kind: "applyThenDrop", count: 1 }]);
    const created = await client().mcpServers.create({ ...GITHUB, teamId: 0 });
    expect(created.teamId).toBe(0);
    expect(named(GITHUB.serverName)).toHaveLength(1);
  });

  test("every answer lost and no retries left: the check still runs and finds the server", async () => {
    shared.em.setFaults([{ operation: "mcpServer.create", kind: "applyThenDrop" }]);
    const created = await client("admin", { maxRetries: 0 }).mcpServers.create(GITHUB);
    expect(created.serverName).toBe(GITHUB.serverName);
    expect(named(GITHUB.serverName)).toHaveLength(1);
  });

  test("a reset before anything was made: the check finds nothing, the create is retried once", async () => {
    shared.em.setFaults([{ operation: "mcpServer.create", kind: "reset", count: 1 }]);
    await client().mcpServers.create(GITHUB);
    expect(named(GITHUB.serverName)).toHaveLength(1);
    expect(shared.em.counters()["mcpServer.create"].statuses).toEqual({ reset: 1, "200": 1 });
  });

  test("a 500: retried after the check; a 429: retried without one", async () => {
    shared.em.setFaults([{ operation: "mcpServer.create", kind: "error", count: 1 }]);
    await client().mcpServers.create(GITHUB);
    expect(shared.em.counters()["mcpServer.create"].statuses).toEqual({ "500": 1, "200": 1 });
    shared.em.reset();
    shared.em.setFaults([{ operation: "mcpServer.create", kind: "rateLimit", count: 1, retryAfterSeconds: 1 }]);
    await client().mcpServers.create(GITHUB);
    expect(named(GITHUB.serverName)).toHaveLength(1);
    expect(shared.em.counters()["mcpServer.list"].requests).toBe(0);
  });

  test("an older server of the same name does not pass for this create's", async () => {
    // The seed's Grafana was made long before this create: the lost create of the same name then
    // fails with the platform's refusal of the taken name, and nothing is taken for its answer.
    shared.em.setFaults([{ operation: "mcpServer.create", kind: "reset", count: 1 }]);
    const error = await caught(client().mcpServers.create({ serverName: "Grafana", transport: "sse", url: "https://g.example/sse", teamId: 1 }));
    expect((error as FlashdutyApiError).code).toBe("InvalidParameter");
    expect(named("grafana")).toHaveLength(1);
  });
});

describe("findByName", () => {
  test("case-insensitive, in the given scope only", async () => {
    const api = client();
    expect((await api.mcpServers.findByName({ serverName: "grafana", teamId: 1 }))?.serverId).toBe("mcp_grafana");
    expect(await api.mcpServers.findByName({ serverName: "grafana", teamId: 2 })).toBeUndefined();
    expect(await api.mcpServers.findByName({ serverName: "grafana", teamId: 0 })).toBeUndefined();
    expect((await api.mcpServers.findByName({ serverName: "GITHUB", teamId: 0 }))?.serverId).toBe("mcp_github");
    // A name that is a substring of others is matched whole.
    await api.mcpServers.create({ ...GITHUB, serverName: "git" });
    expect((await api.mcpServers.findByName({ serverName: "git", teamId: 1 }))?.serverName).toBe("git");
    expect(await api.mcpServers.findByName({ serverName: "gi", teamId: 1 })).toBeUndefined();
  });

  test("pages past the first page of matches", async () => {
    const big = await startEmulator({ seed: { rules: 0, servers: 140 }, limits: false });
    try {
      // 110 newer servers mention "Grafana", so the list (newest first) shows the seed's Grafana on page 2.
      for (const s of big
        .servers()
        .filter((s) => s.server_id.startsWith("mcp_gen_"))
        .slice(0, 110))
        big.updateServer(s.server_id, { description: "Mirror of Grafana" });
      const api = new FlashdutyClient({ appKey: big.keys.admin, baseUrl: big.url });
      expect((await api.mcpServers.findByName({ serverName: "Grafana", teamId: 1 }))?.serverId).toBe("mcp_grafana");
      expect(big.counters()["mcpServer.list"].requests).toBe(2);
    } finally {
      await big.close();
    }
  });
});

describe("update and delete", () => {
  test("update sends server_id and the given fields only, and answers the server", async () => {
    const recorder = await startRecorder(() => ok(shared.em.server("mcp_postgres")));
    try {
      const api = new FlashdutyClient({ appKey: shared.em.keys.admin, baseUrl: recorder.url, maxRetries: 0 });
      await api.mcpServers.update({ serverId: "mcp_postgres", description: "new", environments: [], allowInsecureTlsSkipVerify: false, teamId: 0 });
      expect(recorder.requests.map((r) => r.body)).toEqual([
        { server_id: "mcp_postgres", description: "new", environments: [], allow_insecure_tls_skip_verify: false, team_id: 0 },
      ]);
    } finally {
      await recorder.close();
    }
  });

  test("update changes the fields; a masked secret sent back keeps it; a move keeps the id", async () => {
    const api = client();
    const created = await api.mcpServers.create(GITHUB);
    const updated = await api.mcpServers.update({
      serverId: created.serverId,
      description: "changed",
      env: { ...created.env, GITHUB_HOST: "ghe.example" },
      environments: ["cloud"],
      callTimeout: 90,
      teamId: 4,
    });
    expect(updated).toMatchObject({
      serverId: created.serverId,
      description: "changed",
      env: { GITHUB_PERSONAL_ACCESS_TOKEN: MASKED_VALUE, GITHUB_HOST: "ghe.example" },
      environments: ["cloud"],
      callTimeout: 90,
      teamId: 4,
    });
    expect((await api.mcpServers.update({ serverId: created.serverId, environments: [] })).environments).toEqual([]);
    const denied = await caught(client("member").mcpServers.update({ serverId: created.serverId, teamId: 1 }));
    expect((denied as FlashdutyApiError).code).toBe("AccessDenied");
  });

  test("delete removes the server; a second delete is ResourceNotFound (isNotFound)", async () => {
    const api = client();
    const created = await api.mcpServers.create(GITHUB);
    await api.mcpServers.delete({ serverId: created.serverId });
    expect(shared.em.server(created.serverId)).toBeUndefined();
    const again = await caught(api.mcpServers.delete({ serverId: created.serverId }));
    expect(again).toBeInstanceOf(FlashdutyApiError);
    expect((again as FlashdutyApiError).isNotFound).toBe(true);
    expect(shared.em.audit().map((e) => [e.operation, e.outcome])).toEqual([
      ["server.create", "success"],
      ["server.delete", "success"],
      ["server.delete", "ResourceNotFound"],
    ]);
  });
});
