/**
 * MCP server create, update and delete against the emulator over real HTTP
 * (docs/platform-api.md "MCP server writes"): answers of the vendor's model, secrets masked in
 * every answer and kept when sent masked or empty, each field's update, moves between scopes,
 * names unique per scope, the field rules, permissions, the audit log, faults, the console edit
 * and the state file. Secret values never leave the API, so the state file (which holds what the
 * emulator stores) is where a kept secret is seen.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { PRODUCTION_LIMITS, readStateFile, startEmulator, type Emulator } from "../../emulator";
import { MASKED_VALUE, MCP_SERVER_RULES, PATHS, wireMcpServerListDataSchema, wireMcpServerSchema, type WireMcpServer } from "../../wire/wire";
import { parseJsonKeepingNumberText, wireTypeProblems } from "../conformance/wireTypeCheck";
import { call, expectError, type Answer } from "../support/emulatorCalls";

const dir = mkdtempSync(join(tmpdir(), "fd-mcp-writes-"));
const stateFile = join(dir, "state.json");
let em: Emulator;
beforeAll(async () => {
  em = await startEmulator({ seed: { rules: 0 }, limits: false, stateFile });
});
afterAll(async () => {
  await em.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  em.reset();
  em.setLimits(false);
});

type Key = keyof Emulator["keys"];
const api = (path: string, body: unknown, key: Key = "admin") => call(em, path, { key: em.keys[key], body });
const create = (body: Record<string, unknown>, key: Key = "admin") => api(PATHS.mcpServerCreate, body, key);
const update = (body: Record<string, unknown>, key: Key = "admin") => api(PATHS.mcpServerUpdate, body, key);
const remove = (serverId: string, key: Key = "admin") => api(PATHS.mcpServerDelete, { server_id: serverId }, key);
const get = (serverId: string, key: Key = "admin") => api(PATHS.mcpServerGet, { server_id: serverId }, key);

/** `data` of a success answer, checked against the vendor's JSON types and parsed with our wire schema. */
function server(answer: Answer, path: string): WireMcpServer {
  expect(answer.status, answer.text).toBe(200);
  const data = (parseJsonKeepingNumberText(answer.text) as { data: unknown }).data;
  expect(wireTypeProblems(path, data)).toEqual([]);
  return wireMcpServerSchema.parse(answer.body.data);
}

/** The value the emulator stores (unmasked), as its state file holds it. */
function stored(serverId: string) {
  return readStateFile(stateFile).servers.find((s) => s.server_id === serverId);
}

/** A failure naming `field` in its message. */
function expectInvalid(answer: Answer, field: string, code = "InvalidParameter", status = 400): void {
  expectError(answer, status, code);
  expect(answer.body.error.message).toContain(field);
}

const STDIO = {
  server_name: "github-local",
  description: "GitHub through a local command",
  transport: "stdio",
  command: "npx",
  args: ["-y", "@modelcontextprotocol/server-github"],
  env: { GITHUB_PERSONAL_ACCESS_TOKEN: "ghp_real", GITHUB_HOST: "github.com" },
  environments: ["cloud"],
  connect_timeout: 5,
  call_timeout: 30,
};
const SSE = {
  server_name: "grafana-eu",
  description: "",
  transport: "sse",
  url: "https://grafana.example/api/mcp/sse",
  headers: { Authorization: "Bearer real", "X-Grafana-Org-Id": "1" },
  team_id: 1,
  auth_mode: "per_user_oauth",
  oauth_metadata: '{"issuer":"https://id.example"}',
  allow_insecure_oauth_http: true,
};
const HTTP = {
  server_name: "acme_ci",
  description: "CI",
  transport: "streamable-http",
  url: "https://ci.example/mcp",
  headers: { "X-Api-Key": "k-real" },
  team_id: 2,
  auth_mode: "per_user_secret",
  secret_schema: '[{"key":"TOKEN","label":"Token"}]',
  allow_insecure_tls_skip_verify: true,
  source_template_name: "Acme CI",
  status: "disabled",
};

describe("create", () => {
  test.each([
    ["stdio", STDIO, { GITHUB_PERSONAL_ACCESS_TOKEN: MASKED_VALUE, GITHUB_HOST: "github.com" }],
    ["sse", SSE, { Authorization: MASKED_VALUE, "X-Grafana-Org-Id": "1" }],
    ["streamable-http", HTTP, { "X-Api-Key": MASKED_VALUE }],
  ])("%s: the whole server in the vendor's model, secrets masked, as get and list answer it", async (_t, body, shown) => {
    const before = Date.now();
    const created = server(await create(body), PATHS.mcpServerCreate);
    const { env: _env, headers: _headers, status, ...rest } = body as Record<string, unknown>;
    expect(created).toMatchObject({ ...rest, account_id: 1, team_id: rest.team_id ?? 0, can_edit: true, created_by: 1002, status: status ?? "enabled" });
    expect(created.server_id).toMatch(/^mcp_[0-9a-f]{16}$/);
    expect(created.created_at).toBeGreaterThanOrEqual(before);
    expect(created.updated_at).toBe(created.created_at);
    expect(body.transport === "stdio" ? created.env : created.headers).toEqual(shown);
    // Only the transport's own fields; JSON text stays text; proxy_url is never set by a write.
    expect(created).not.toHaveProperty(body.transport === "stdio" ? "url" : "command");
    expect(typeof created.secret_schema).toBe("string");
    expect(created).not.toHaveProperty("proxy_url");

    expect(server(await get(created.server_id), PATHS.mcpServerGet)).toEqual(created);
    const list = await api(PATHS.mcpServerList, { query: body.server_name });
    const listed = wireMcpServerListDataSchema.parse(list.body.data).servers;
    expect(listed).toEqual([created]);
    expect(list.text).not.toMatch(/ghp_real|Bearer real|k-real/);
    // Stored unmasked.
    expect(JSON.stringify(stored(created.server_id))).toMatch(/ghp_real|Bearer real|k-real/);
  });

  test("defaults: description sent empty, no team, no environments, timeouts 0, enabled, shared; null lists read as absent", async () => {
    const created = server(
      await create({
        server_name: "minimal",
        description: "",
        transport: "sse",
        url: "https://m.example/sse",
        args: null,
        env: null,
        headers: null,
        environments: null,
      }),
      PATHS.mcpServerCreate,
    );
    expect(created).toMatchObject({ team_id: 0, environments: [], connect_timeout: 0, call_timeout: 0, status: "enabled", description: "" });
    expect(created).not.toHaveProperty("headers");
    expect(created).not.toHaveProperty("allow_insecure_oauth_http");
  });

  test("a body without server_name, description or transport is refused naming it, before the audit log", async () => {
    const { server_name: _n, ...noName } = STDIO;
    expectInvalid(await create(noName), "server_name");
    const { description: _d, ...noDescription } = STDIO;
    expectInvalid(await create(noDescription), "description");
    expectInvalid(await create({ ...STDIO, team_id: "1" }), "team_id");
    expect(em.audit()).toEqual([]);
  });
});

describe("secrets", () => {
  async function made(): Promise<WireMcpServer> {
    return server(await create(STDIO), PATHS.mcpServerCreate);
  }

  test("an update sending a secret masked or empty keeps the stored value; other keys are replaced; the map is replaced whole", async () => {
    const { server_id } = await made();
    const masked = server(await update({ server_id, env: { GITHUB_PERSONAL_ACCESS_TOKEN: MASKED_VALUE, GITHUB_HOST: "ghe.example" } }), PATHS.mcpServerUpdate);
    expect(masked.env).toEqual({ GITHUB_PERSONAL_ACCESS_TOKEN: MASKED_VALUE, GITHUB_HOST: "ghe.example" });
    expect(stored(server_id)!.env).toEqual({ GITHUB_PERSONAL_ACCESS_TOKEN: "ghp_real", GITHUB_HOST: "ghe.example" });

    server(await update({ server_id, env: { GITHUB_PERSONAL_ACCESS_TOKEN: "" } }), PATHS.mcpServerUpdate);
    expect(stored(server_id)!.env).toEqual({ GITHUB_PERSONAL_ACCESS_TOKEN: "ghp_real" });

    const replaced = server(await update({ server_id, env: { GITHUB_PERSONAL_ACCESS_TOKEN: "ghp_new", EXTRA: "x" } }), PATHS.mcpServerUpdate);
    expect(replaced.env).toEqual({ GITHUB_PERSONAL_ACCESS_TOKEN: MASKED_VALUE, EXTRA: "x" });
    expect(stored(server_id)!.env).toEqual({ GITHUB_PERSONAL_ACCESS_TOKEN: "ghp_new", EXTRA: "x" });
    // Every answer and read masks it.
    for (const answer of [await get(server_id), await api(PATHS.mcpServerList, { query: "github-local" })]) expect(answer.text).not.toContain("ghp_new");
    expect(JSON.stringify(em.server(server_id))).not.toContain("ghp_new");
  });

  test("a masked value of a key the server did not have is stored as sent; a masked non-sensitive value is taken literally", async () => {
    const { server_id } = await made();
    server(await update({ server_id, env: { NEW_TOKEN: MASKED_VALUE, GITHUB_HOST: MASKED_VALUE } }), PATHS.mcpServerUpdate);
    expect(stored(server_id)!.env).toEqual({ NEW_TOKEN: MASKED_VALUE, GITHUB_HOST: MASKED_VALUE });
  });

  test("headers follow the same rule; non-sensitive values are shown", async () => {
    const { server_id, headers } = server(await create(SSE), PATHS.mcpServerCreate);
    expect(headers).toEqual({ Authorization: MASKED_VALUE, "X-Grafana-Org-Id": "1" });
    const updated = server(await update({ server_id, headers: { ...headers, "X-Grafana-Org-Id": "2" } }), PATHS.mcpServerUpdate);
    expect(updated.headers).toEqual({ Authorization: MASKED_VALUE, "X-Grafana-Org-Id": "2" });
    expect(stored(server_id)!.headers).toEqual({ Authorization: "Bearer real", "X-Grafana-Org-Id": "2" });
  });
});

describe("update", () => {
  test.each<[string, Record<string, unknown>, Partial<WireMcpServer>]>([
    ["server_name", { server_name: "github-renamed" }, { server_name: "github-renamed" }],
    ["description", { description: "new text" }, { description: "new text" }],
    ["command", { command: "uvx" }, { command: "uvx" }],
    ["args", { args: ["--read-only"] }, { args: ["--read-only"] }],
    ["args cleared", { args: [] }, { args: [] }],
    ["environments", { environments: ["byoc_runner_1", "cloud"] }, { environments: ["byoc_runner_1", "cloud"] }],
    ["environments [] = every environment", { environments: [] }, { environments: [] }],
    ["connect_timeout", { connect_timeout: 300 }, { connect_timeout: 300 }],
    ["call_timeout", { call_timeout: 3600 }, { call_timeout: 3600 }],
    ["auth_mode and secret_schema", { auth_mode: "per_user_secret", secret_schema: "[]" }, { auth_mode: "per_user_secret", secret_schema: "[]" }],
    ["oauth_metadata", { oauth_metadata: '{"a":1}' }, { oauth_metadata: '{"a":1}' }],
    ["allow_insecure_oauth_http", { allow_insecure_oauth_http: true }, { allow_insecure_oauth_http: true }],
    ["allow_insecure_tls_skip_verify", { allow_insecure_tls_skip_verify: true }, { allow_insecure_tls_skip_verify: true }],
    ["team_id", { team_id: 4 }, { team_id: 4 }],
    ["transport (with the new transport's fields)", { transport: "sse", url: "https://x.example/sse" }, { transport: "sse", url: "https://x.example/sse" }],
  ])("%s changes that field only, and updated_at", async (_field, change, expected) => {
    const created = server(await create(STDIO), PATHS.mcpServerCreate);
    await new Promise((r) => setTimeout(r, 2));
    const updated = server(await update({ server_id: created.server_id, ...change }), PATHS.mcpServerUpdate);
    const { updated_at: _u, ...rest } = created;
    const expectedServer: Record<string, unknown> = { ...rest, ...expected };
    if (expected.transport === "sse") for (const field of MCP_SERVER_RULES.stdioFields) delete expectedServer[field];
    expect({ ...updated, updated_at: 0 }).toEqual({ ...expectedServer, updated_at: 0 });
    expect(updated.updated_at).toBeGreaterThan(created.updated_at);
    expect(server(await get(created.server_id), PATHS.mcpServerGet)).toEqual(updated);
  });

  test("omitted, null and empty fields are unchanged; a pointer boolean false is applied", async () => {
    const created = server(await create(SSE), PATHS.mcpServerCreate);
    const same = server(
      await update({
        server_id: created.server_id,
        server_name: "",
        description: "",
        transport: "",
        url: "",
        team_id: null,
        args: null,
        headers: null,
        environments: null,
        connect_timeout: 0,
        allow_insecure_oauth_http: null,
      }),
      PATHS.mcpServerUpdate,
    );
    expect({ ...same, updated_at: 0 }).toEqual({ ...created, updated_at: 0 });
    const off = server(await update({ server_id: created.server_id, allow_insecure_oauth_http: false }), PATHS.mcpServerUpdate);
    expect(off.allow_insecure_oauth_http).toBe(false);
  });

  test("a seed server whose name predates the name syntax can still be updated without renaming it", async () => {
    const updated = server(await update({ server_id: "mcp_acme_ci", description: "Pipelines" }, "otherAccount"), PATHS.mcpServerUpdate);
    expect(updated).toMatchObject({ server_name: "Acme CI", description: "Pipelines" });
    // A new name must follow the syntax.
    expectInvalid(await update({ server_id: "mcp_acme_ci", server_name: "Acme CI 2" }, "otherAccount"), "server_name");
  });

  test("unknown, empty and another account's server_id", async () => {
    expectError(await update({ server_id: "mcp_nope", description: "x" }), 400, "ResourceNotFound");
    expectInvalid(await update({ server_id: "", description: "x" }), "server_id");
    expectError(await update({ server_id: "mcp_grafana", description: "x" }, "otherAccount"), 400, "ResourceNotFound");
  });
});

describe("scopes and permissions", () => {
  test("a move keeps the server_id; it needs edit rights on both scopes (403 otherwise, nothing changed)", async () => {
    const created = server(await create({ ...SSE, team_id: 1 }, "member"), PATHS.mcpServerCreate);
    const moved = server(await update({ server_id: created.server_id, team_id: 2 }, "member"), PATHS.mcpServerUpdate);
    expect(moved).toMatchObject({ server_id: created.server_id, team_id: 2, server_name: SSE.server_name });
    expect(em.servers().filter((s) => s.server_name === SSE.server_name)).toHaveLength(1);

    const toTeam3 = await update({ server_id: created.server_id, team_id: 3 }, "member");
    expectInvalid(toTeam3, "team_id", "AccessDenied", 403);
    expectError(await update({ server_id: created.server_id, team_id: 0 }, "member"), 403, "AccessDenied");
    // The owner of team 3 may not take it from team 2 either.
    expectError(await update({ server_id: created.server_id, team_id: 3 }, "teamMember2"), 403, "AccessDenied");
    expect(em.server(created.server_id)!.team_id).toBe(2);

    const admin = server(await update({ server_id: created.server_id, team_id: 0 }), PATHS.mcpServerUpdate);
    expect(admin.team_id).toBe(0);
    expect(server(await get(created.server_id, "member"), PATHS.mcpServerGet).can_edit).toBe(false);
  });

  test("a team of another account, or no team at all, is ResourceNotFound; a negative team_id is InvalidParameter", async () => {
    expectInvalid(await create({ ...SSE, team_id: 5 }), "team_id", "ResourceNotFound");
    expectInvalid(await create({ ...SSE, team_id: 99 }), "team_id", "ResourceNotFound");
    expectInvalid(await create({ ...SSE, team_id: -1 }), "team_id");
    expectInvalid(await update({ server_id: "mcp_grafana", team_id: 6 }), "team_id", "ResourceNotFound");
  });

  test("create, update and delete need ai-sre and edit rights on the scope", async () => {
    expectError(await create(STDIO, "noAiSre"), 403, "AccessDenied");
    expectError(await create(STDIO, "member"), 403, "AccessDenied"); // account-wide: admins only
    expectError(await create({ ...STDIO, team_id: 3 }, "member"), 403, "AccessDenied");
    expect(server(await create({ ...STDIO, team_id: 2 }, "member"), PATHS.mcpServerCreate).team_id).toBe(2);
    expectError(await update({ server_id: "mcp_grafana", description: "x" }, "teamMember2"), 403, "AccessDenied");
    expectError(await update({ server_id: "mcp_grafana", description: "x" }, "noAiSre"), 403, "AccessDenied");
    expectError(await remove("mcp_github", "member"), 403, "AccessDenied");
    expectError(await remove("mcp_grafana", "otherAccount"), 400, "ResourceNotFound");
    expect(em.server("mcp_github")).toBeDefined();
    expect(em.server("mcp_grafana")).toBeDefined();
    expectError(await call(em, PATHS.mcpServerCreate, { key: "0".repeat(32), body: STDIO }), 401, "Unauthorized");
  });
});

describe("names", () => {
  test("unique per scope, case-insensitively: refused in the same scope, allowed in another", async () => {
    server(await create({ ...SSE, server_name: "Search", team_id: 1 }), PATHS.mcpServerCreate);
    expectInvalid(await create({ ...SSE, server_name: "SEARCH", team_id: 1 }), "server_name");
    expectInvalid(await create({ ...SSE, server_name: "grafana", team_id: 1 }), "server_name"); // the seed's "Grafana"
    const other = server(await create({ ...SSE, server_name: "search", team_id: 2 }), PATHS.mcpServerCreate);
    server(await create({ ...SSE, server_name: "search", team_id: 0 }), PATHS.mcpServerCreate);
    // A rename or a move into a taken name is refused too; renaming to itself in another case is not.
    expectInvalid(await update({ server_id: other.server_id, team_id: 1 }), "server_name");
    expectInvalid(await update({ server_id: "mcp_prometheus", server_name: "search" }), "server_name");
    expect(server(await update({ server_id: other.server_id, server_name: "SeArCh" }), PATHS.mcpServerUpdate).server_name).toBe("SeArCh");
    // Another account's names are its own.
    server(await create({ ...SSE, server_name: "Search", team_id: 5 }, "otherAccount"), PATHS.mcpServerCreate);
  });

  test.each(["", "1password", "-x", "_x", "with space", "a@b", "ünicode", "x".repeat(MCP_SERVER_RULES.maxNameLength + 1)])(
    "name %j is refused naming server_name",
    async (name) => {
      expectInvalid(await create({ ...STDIO, server_name: name }), "server_name");
    },
  );

  test("the longest name and every allowed character are accepted", async () => {
    const long = `a${"b".repeat(MCP_SERVER_RULES.maxNameLength - 1)}`;
    expect(server(await create({ ...STDIO, server_name: long }), PATHS.mcpServerCreate).server_name).toBe(long);
    expect(server(await create({ ...STDIO, server_name: "Z9-_z" }), PATHS.mcpServerCreate).server_name).toBe("Z9-_z");
  });
});

describe("field rules", () => {
  test.each<[string, string, Record<string, unknown>]>([
    ["stdio with a url", "url", { ...STDIO, url: "https://x.example" }],
    ["stdio with headers", "headers", { ...STDIO, headers: { A: "b" } }],
    ["stdio without a command", "command", { ...STDIO, command: "" }],
    ["sse with a command", "command", { ...SSE, command: "npx" }],
    ["sse with args", "args", { ...SSE, args: ["x"] }],
    ["streamable-http with env", "env", { ...HTTP, env: { A: "b" } }],
    ["sse without a url", "url", { ...SSE, url: undefined }],
    ["an unknown transport", "transport", { ...SSE, transport: "websocket" }],
    ["an unknown auth mode", "auth_mode", { ...SSE, auth_mode: "magic" }],
    ["per_user_secret without secret_schema", "secret_schema", { ...HTTP, secret_schema: undefined }],
    ["secret_schema that is not JSON", "secret_schema", { ...HTTP, secret_schema: "[" }],
    ["oauth_metadata that is not JSON", "oauth_metadata", { ...SSE, oauth_metadata: "{" }],
    ["connect_timeout over its maximum", "connect_timeout", { ...STDIO, connect_timeout: MCP_SERVER_RULES.maxConnectTimeoutSeconds + 1 }],
    ["call_timeout over its maximum", "call_timeout", { ...STDIO, call_timeout: MCP_SERVER_RULES.maxCallTimeoutSeconds + 1 }],
    ["a negative timeout", "connect_timeout", { ...STDIO, connect_timeout: -1 }],
    ["a description too long", "description", { ...STDIO, description: "d".repeat(MCP_SERVER_RULES.maxDescriptionLength + 1) }],
    ["an empty environment id", "environments", { ...STDIO, environments: ["cloud", ""] }],
    ["an unknown status", "status", { ...STDIO, status: "paused" }],
  ])("create: %s is refused naming %s", async (_what, field, body) => {
    expectInvalid(await create(body), field);
    expect(em.servers().some((s) => s.server_name === body.server_name)).toBe(false);
  });

  test("update: the transport rules hold for the server as it would become; nothing is changed by a refused update", async () => {
    const { server_id } = server(await create(STDIO), PATHS.mcpServerCreate);
    expectInvalid(await update({ server_id, url: "https://x.example" }), "url");
    expectInvalid(await update({ server_id, transport: "sse" }), "url"); // a switch needs the new transport's fields
    expectInvalid(await update({ server_id, call_timeout: 3601 }), "call_timeout");
    expectInvalid(await update({ server_id, auth_mode: "per_user_secret" }), "secret_schema");
    expect(em.server(server_id)).toMatchObject({ transport: "stdio", call_timeout: 30, command: "npx" });
    expect(em.server(server_id)).not.toHaveProperty("url");
  });
});

describe("delete", () => {
  test("answers data null; the server is gone; a second delete is ResourceNotFound", async () => {
    const { server_id } = server(await create(STDIO), PATHS.mcpServerCreate);
    const answer = await remove(server_id);
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveProperty("data", null);
    expectError(await get(server_id), 400, "ResourceNotFound");
    expectError(await remove(server_id), 400, "ResourceNotFound");
    expectInvalid(await remove(""), "server_id");
    expect(stored(server_id)).toBeUndefined();
    // The name is free again.
    server(await create(STDIO), PATHS.mcpServerCreate);
  });
});

describe("audit log", () => {
  test("every write past the body is written with its outcome, failures included", async () => {
    const created = server(await create(STDIO), PATHS.mcpServerCreate);
    const createId = (await create(STDIO)).body.request_id; // name taken
    await create(STDIO, "member"); // 403
    await update({ server_id: created.server_id, description: "x" });
    await update({ server_id: created.server_id, team_id: 3 }, "member"); // 403 on the current scope
    await remove(created.server_id);
    await remove(created.server_id);
    await create({ transport: "stdio" }); // body refused: not audited
    const entries = em
      .audit()
      .map(({ operation, serverId, outcome, actorMemberId, accountId }) => ({ operation, serverId, outcome, actorMemberId, accountId }));
    const id = created.server_id;
    expect(entries).toEqual([
      { operation: "server.create", serverId: id, outcome: "success", actorMemberId: 1002, accountId: 1 },
      { operation: "server.create", serverId: undefined, outcome: "InvalidParameter", actorMemberId: 1002, accountId: 1 },
      { operation: "server.create", serverId: undefined, outcome: "AccessDenied", actorMemberId: 1003, accountId: 1 },
      { operation: "server.update", serverId: id, outcome: "success", actorMemberId: 1002, accountId: 1 },
      { operation: "server.update", serverId: id, outcome: "AccessDenied", actorMemberId: 1003, accountId: 1 },
      { operation: "server.delete", serverId: id, outcome: "success", actorMemberId: 1002, accountId: 1 },
      { operation: "server.delete", serverId: id, outcome: "ResourceNotFound", actorMemberId: 1002, accountId: 1 },
    ]);
    expect(em.audit()[1]!.requestId).toBe(createId);
    // The audit log holds no secret.
    expect(JSON.stringify(em.audit())).not.toContain("ghp_real");
  });
});

describe("faults and limits", () => {
  test("an error fault answers 500 and applies nothing; applyThenDrop applies and drops; reset applies nothing", async () => {
    em.setFaults([{ operation: "mcpServer.create", kind: "error", count: 1 }]);
    expectError(await create(STDIO), 500, "InternalError");
    expect(em.servers().some((s) => s.server_name === STDIO.server_name)).toBe(false);
    const { server_id } = server(await create(STDIO), PATHS.mcpServerCreate);

    em.setFaults([{ operation: "mcpServer.update", kind: "applyThenDrop", count: 1 }]);
    await expect(update({ server_id, description: "applied" })).rejects.toThrow();
    expect(em.server(server_id)!.description).toBe("applied");

    em.setFaults([{ operation: "mcpServer.delete", kind: "reset", count: 1 }]);
    await expect(remove(server_id)).rejects.toThrow();
    expect(em.server(server_id)).toBeDefined();
    em.setFaults([{ operation: "mcpServer.delete", kind: "rateLimit", count: 1, retryAfterSeconds: 2 }]);
    const limited = await remove(server_id);
    expectError(limited, 429, "RequestTooFrequently");
    expect(limited.headers["retry-after"]).toBe("2");
    expect(em.server(server_id)).toBeDefined();

    const counters = em.counters();
    expect(counters["mcpServer.create"].statuses).toEqual({ "500": 1, "200": 1 });
    expect(counters["mcpServer.update"].statuses).toEqual({ dropped: 1 });
    expect(counters["mcpServer.delete"].statuses).toEqual({ reset: 1, "429": 1 });
    expect(em.audit().map((e) => [e.operation, e.outcome])).toEqual([
      ["server.create", "success"],
      ["server.update", "success"],
    ]);
  });

  test("production limits: the 21st write of one key in a second answers 429", async () => {
    em.setLimits(PRODUCTION_LIMITS);
    const answers = await Promise.all(Array.from({ length: 21 }, (_, i) => create({ ...STDIO, server_name: `burst-${i}`, env: {} })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
  });
});

describe("console edit", () => {
  test("updateServer changes the given fields as a person would: not audited, not checked, secrets stored as given and answered masked", async () => {
    const before = em.server("mcp_postgres")!;
    const edited = em.updateServer("mcp_postgres", { description: "Edited", env: { DATABASE_URI: "postgres://u:p@db/x", PGAPPNAME: "x" }, call_timeout: 45 });
    expect(edited).toMatchObject({ server_id: "mcp_postgres", description: "Edited", call_timeout: 45, env: { DATABASE_URI: MASKED_VALUE, PGAPPNAME: "x" } });
    expect(edited.updated_at).toBeGreaterThanOrEqual(before.updated_at);
    expect(stored("mcp_postgres")!.env).toEqual({ DATABASE_URI: "postgres://u:p@db/x", PGAPPNAME: "x" });
    expect(server(await get("mcp_postgres"), PATHS.mcpServerGet)).toMatchObject({ description: "Edited", call_timeout: 45 });
    expect(em.audit()).toEqual([]);
    expect(() => em.updateServer("mcp_nope", { description: "x" })).toThrow(/unknown MCP server mcp_nope/);
  });

  test("POST /_emulator/servers/update: the same edit over HTTP; unknown server or field refused", async () => {
    const control = (body: unknown) => call(em, "/_emulator/servers/update", { key: null, body });
    const answer = await control({ server_id: "mcp_grafana", server_name: "Grafana Cloud", headers: { Authorization: "Bearer console" } });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ server_id: "mcp_grafana", server_name: "Grafana Cloud", headers: { Authorization: MASKED_VALUE } });
    expect(answer.text).not.toContain("Bearer console");
    expect(em.server("mcp_grafana")!.server_name).toBe("Grafana Cloud");
    expectError(await control({ server_id: "mcp_nope", description: "x" }), 400, "ResourceNotFound");
    expectInvalid(await control({ server_id: "mcp_grafana", colour: "red" }), "colour");
    expect(Object.values(em.counters()).every((c) => c.requests === 0)).toBe(true);
  });
});

describe("state file", () => {
  test("created, updated and deleted servers (with their secrets) and their audit entries survive a restart", async () => {
    const file = join(dir, "restart.json");
    let kept = "";
    let gone = "";
    const first = await startEmulator({ seed: { rules: 0 }, limits: false, stateFile: file });
    try {
      const post = (path: string, body: unknown) => call(first, path, { key: first.keys.admin, body });
      kept = (await post(PATHS.mcpServerCreate, STDIO)).body.data.server_id;
      gone = (await post(PATHS.mcpServerCreate, SSE)).body.data.server_id;
      expect(
        (await post(PATHS.mcpServerUpdate, { server_id: kept, description: "after update", env: { GITHUB_PERSONAL_ACCESS_TOKEN: MASKED_VALUE } })).status,
      ).toBe(200);
      expect((await post(PATHS.mcpServerDelete, { server_id: gone })).status).toBe(200);
    } finally {
      await first.close();
    }
    const second = await startEmulator({ seed: { rules: 0 }, limits: false, stateFile: file });
    try {
      expect(second.server(kept)).toMatchObject({ description: "after update", env: { GITHUB_PERSONAL_ACCESS_TOKEN: MASKED_VALUE } });
      expect(second.server(gone)).toBeUndefined();
      expect(readStateFile(file).servers.find((s) => s.server_id === kept)!.env).toEqual({ GITHUB_PERSONAL_ACCESS_TOKEN: "ghp_real" });
      expect(second.audit().map((e) => e.operation)).toEqual(["server.create", "server.create", "server.update", "server.delete"]);
      // The name stays taken after the restart.
      const again = await call(second, PATHS.mcpServerCreate, { key: second.keys.admin, body: STDIO });
      expectInvalid(again, "server_name");
    } finally {
      await second.close();
    }
  });
});
