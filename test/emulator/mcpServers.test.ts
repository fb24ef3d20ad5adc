/** MCP server disable, enable, get and list, and the audit log. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PATHS, wireMcpServerListDataSchema, wireMcpServerSchema } from "../../wire/wire";
import { SEED_SERVERS, startEmulator, type Emulator } from "../../emulator";
import { call, expectError } from "../support/emulatorCalls";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ seed: { rules: 10 }, limits: false });
});
beforeEach(() => emu.reset());
afterAll(() => emu.close());

const post = (path: string, body: unknown, key = emu.keys.admin) => call(emu, path, { key, body });

describe("disable and enable", () => {
  it("disable an enabled server, then enable it again", async () => {
    const before = emu.server("mcp_grafana")!;
    expect(before.status).toBe("enabled");
    const answer = await post(PATHS.mcpServerDisable, { server_id: "mcp_grafana" });
    expect(answer.status).toBe(200);
    const after = emu.server("mcp_grafana")!;
    expect(after.status).toBe("disabled");
    expect(after.updated_at).toBeGreaterThan(before.updated_at);
    expect((await post(PATHS.mcpServerEnable, { server_id: "mcp_grafana" })).status).toBe(200);
    expect(emu.server("mcp_grafana")!.status).toBe("enabled");
  });

  it("is not idempotent: disabling a disabled (or enabling an enabled) server is 400 InvalidParameter naming server_id", async () => {
    const disabled = await post(PATHS.mcpServerDisable, { server_id: "mcp_jira" });
    expectError(disabled, 400, "InvalidParameter");
    expect(disabled.body.error.message).toContain("server_id");
    expectError(await post(PATHS.mcpServerEnable, { server_id: "mcp_github" }), 400, "InvalidParameter");
    expect(emu.server("mcp_jira")!.status).toBe("disabled");
  });

  it("unknown server: 400 ResourceNotFound", async () => {
    expectError(await post(PATHS.mcpServerDisable, { server_id: "mcp_nope" }), 400, "ResourceNotFound");
    expectError(await post(PATHS.mcpServerEnable, { server_id: "mcp_nope" }), 400, "ResourceNotFound");
  });

  it("sees out-of-band changes (setServerStatus)", async () => {
    emu.setServerStatus("mcp_grafana", "disabled");
    expectError(await post(PATHS.mcpServerDisable, { server_id: "mcp_grafana" }), 400, "InvalidParameter");
    expect((await post(PATHS.mcpServerEnable, { server_id: "mcp_grafana" })).status).toBe(200);
    expect(() => emu.setServerStatus("mcp_nope", "enabled")).toThrow(/mcp_nope/);
  });
});

describe("audit log", () => {
  it("records every authenticated call with a valid body: actor, operation, server, request id, outcome, time", async () => {
    const t0 = Date.now();
    const ok = await post(PATHS.mcpServerDisable, { server_id: "mcp_grafana" });
    const again = await post(PATHS.mcpServerDisable, { server_id: "mcp_grafana" });
    const denied = await post(PATHS.mcpServerEnable, { server_id: "mcp_grafana" }, emu.keys.noAiSre);
    const missing = await post(PATHS.mcpServerEnable, { server_id: "mcp_nope" }, emu.keys.member);
    const other = await post(PATHS.mcpServerDisable, { server_id: "mcp_acme_logs" }, emu.keys.otherAccount);
    await post(PATHS.mcpServerDisable, {}, emu.keys.admin); // no server_id: not audited
    await call(emu, PATHS.mcpServerDisable, { key: null, body: { server_id: "mcp_k8s" } }); // no actor: not audited
    const audit = emu.audit();
    expect(audit.map(({ time: _t, ...rest }) => rest)).toEqual([
      { accountId: 1, actorMemberId: 1002, operation: "disable", serverId: "mcp_grafana", requestId: ok.body.request_id, outcome: "success" },
      { accountId: 1, actorMemberId: 1002, operation: "disable", serverId: "mcp_grafana", requestId: again.body.request_id, outcome: "InvalidParameter" },
      { accountId: 1, actorMemberId: 1004, operation: "enable", serverId: "mcp_grafana", requestId: denied.body.request_id, outcome: "AccessDenied" },
      { accountId: 1, actorMemberId: 1003, operation: "enable", serverId: "mcp_nope", requestId: missing.body.request_id, outcome: "ResourceNotFound" },
      { accountId: 2, actorMemberId: 2001, operation: "disable", serverId: "mcp_acme_logs", requestId: other.body.request_id, outcome: "success" },
    ]);
    for (const entry of audit) expect(entry.time).toBeGreaterThanOrEqual(t0);
    expect(emu.server("mcp_grafana")!.updated_at).toBe(audit[0]!.time);
  });

  it("setServerStatus is not audited and not counted", async () => {
    emu.setServerStatus("mcp_k8s", "disabled");
    expect(emu.audit()).toEqual([]);
    expect(Object.values(emu.counters()).every((c) => c.requests === 0)).toBe(true);
  });
});

describe("get", () => {
  it("returns the server in the wire shape with can_edit for the caller: exactly the stored fields, nothing legacy", async () => {
    const answer = await post(PATHS.mcpServerGet, { server_id: "mcp_k8s" }, emu.keys.teamMember2);
    expect(answer.status).toBe(200);
    wireMcpServerSchema.parse(answer.body.data);
    const seed = SEED_SERVERS.find((s) => s.server_id === "mcp_k8s")!;
    // secret_schema and oauth_metadata are always sent: JSON text, "" when the server has none.
    expect(answer.body.data).toStrictEqual({ ...seed, secret_schema: "", oauth_metadata: "", can_edit: true });
    expect(answer.body.data).toMatchObject({
      server_id: "mcp_k8s",
      account_id: 1,
      team_id: 3,
      transport: "stdio",
      status: "enabled",
      environments: ["byoc_runner_7f3a9c", "byoc_runner_e21d04"],
      command: "/usr/local/bin/kubernetes-mcp-server",
    });
    for (const legacy of ["tools", "tool_count", "list_error", "environment_kind", "environment_id"]) {
      expect(answer.body.data).not.toHaveProperty(legacy);
    }
  });

  it("is a plain read: the same answer for enabled and disabled servers, no probe", async () => {
    const enabled = await post(PATHS.mcpServerGet, { server_id: "mcp_datadog" });
    emu.setServerStatus("mcp_datadog", "disabled");
    const disabled = await post(PATHS.mcpServerGet, { server_id: "mcp_datadog" });
    const { status: _s, updated_at: _u, ...rest } = enabled.body.data;
    expect(disabled.body.data).toMatchObject(rest);
    expect(disabled.body.data.status).toBe("disabled");
  });

  it("unknown server: 400 ResourceNotFound", async () => {
    expectError(await post(PATHS.mcpServerGet, { server_id: "mcp_nope" }), 400, "ResourceNotFound");
  });
});

describe("server shapes", () => {
  const servers = () => emu.servers();
  const has = (s: object, key: string) => Object.hasOwn(s, key);

  it("every server has the required fields; transport-specific ones only where they belong", () => {
    const required = [
      "server_id",
      "account_id",
      "team_id",
      "can_edit",
      "environments",
      "server_name",
      "description",
      "transport",
      "status",
      "connect_timeout",
      "call_timeout",
      "created_by",
      "created_at",
      "updated_at",
    ];
    for (const s of servers()) {
      for (const key of required) expect(s, `${s.server_id}.${key}`).toHaveProperty(key);
      expect(["stdio", "sse", "streamable-http"]).toContain(s.transport);
      if (s.transport === "stdio") {
        expect(typeof s.command, s.server_id).toBe("string");
        for (const key of ["url", "headers", "proxy_url"]) expect(has(s, key), `${s.server_id}.${key}`).toBe(false);
      } else {
        expect(s.url, s.server_id).toMatch(/^https?:\/\//);
        for (const key of ["command", "args", "env"]) expect(has(s, key), `${s.server_id}.${key}`).toBe(false);
      }
      // Absent means absent: never null or undefined on the wire.
      for (const value of Object.values(s)) expect(value ?? "missing").not.toBe("missing");
    }
  });

  it("covers the schema's variety: environments, timeouts, auth modes, secrets masked, optional fields absent", () => {
    const all = servers();
    const some = (test: (s: (typeof all)[number]) => boolean) => all.some(test);
    expect(some((s) => s.environments.length === 0)).toBe(true);
    expect(some((s) => s.environments.includes("cloud"))).toBe(true);
    expect(some((s) => s.environments.some((e) => e.startsWith("byoc_")))).toBe(true);
    expect(some((s) => s.connect_timeout === 0 && s.call_timeout === 0)).toBe(true);
    expect(some((s) => s.connect_timeout > 0) && some((s) => s.call_timeout > 0)).toBe(true);
    for (const mode of ["shared", "per_user_secret", "per_user_oauth", ""])
      expect(
        some((s) => s.auth_mode === mode),
        mode,
      ).toBe(true);
    expect(some((s) => !has(s, "auth_mode"))).toBe(true);
    // JSON text (the vendor's model types both as strings), "" when the server has none.
    for (const s of all) expect([typeof s.secret_schema, typeof s.oauth_metadata], s.server_id).toEqual(["string", "string"]);
    expect(some((s) => s.secret_schema !== "" && Array.isArray(JSON.parse(s.secret_schema!)))).toBe(true);
    expect(some((s) => s.oauth_metadata !== "" && JSON.parse(s.oauth_metadata!) !== null)).toBe(true);
    expect(some((s) => s.secret_schema === "" && s.oauth_metadata === "")).toBe(true);
    for (const flag of ["proxy_url", "allow_insecure_oauth_http", "allow_insecure_tls_skip_verify", "ai_description", "source_template_name"]) {
      expect(
        some((s) => has(s, flag)),
        flag,
      ).toBe(true);
      expect(
        some((s) => !has(s, flag)),
        flag,
      ).toBe(true);
    }
    expect(some((s) => s.transport === "stdio" && s.env !== undefined)).toBe(true);
    expect(some((s) => s.transport === "stdio" && !has(s, "args") && !has(s, "env"))).toBe(true);
    expect(some((s) => s.transport !== "stdio" && s.headers !== undefined)).toBe(true);
    expect(some((s) => s.transport !== "stdio" && !has(s, "headers"))).toBe(true);
    // Secret values come back masked.
    expect(emu.server("mcp_github")!.env).toMatchObject({ GITHUB_PERSONAL_ACCESS_TOKEN: "******" });
    expect(emu.server("mcp_grafana")!.headers).toMatchObject({ Authorization: "******" });
  });
});

describe("list", () => {
  const ids = async (body: unknown, key = emu.keys.admin) => {
    const answer = await post(PATHS.mcpServerList, body, key);
    expect(answer.status, answer.text).toBe(200);
    const data = wireMcpServerListDataSchema.parse(answer.body.data);
    return { total: data.total, ids: data.servers.map((s) => s.server_id) };
  };
  const account1 = () => emu.servers().filter((s) => s.account_id === 1);

  it("lists the caller's account only, newest first (created_at desc, then server_id), total = all matches", async () => {
    const all = await ids({ limit: 100 });
    const expected = [...account1()].sort((a, b) => b.created_at - a.created_at || a.server_id.localeCompare(b.server_id)).map((s) => s.server_id);
    expect(all).toEqual({ total: expected.length, ids: expected });
    expect(all.ids).toContain("mcp_gen_0001");
    const other = await ids({}, emu.keys.otherAccount);
    expect(other.ids.sort()).toEqual(["mcp_acme_ci", "mcp_acme_db", "mcp_acme_logs"]);
  });

  it("pages with p and limit (default 20), and keeps total", async () => {
    const all = await ids({ limit: 100 });
    const first = await ids({ p: 1, limit: 5 });
    const second = await ids({ p: 2, limit: 5 });
    expect(first.total).toBe(all.total);
    expect([...first.ids, ...second.ids]).toEqual(all.ids.slice(0, 10));
    expect((await ids({ p: 100, limit: 5 })).ids).toEqual([]);
    expectError(await post(PATHS.mcpServerList, { limit: 101 }), 400, "InvalidParameter");
    expectError(await post(PATHS.mcpServerList, { p: 101, limit: 100 }), 400, "InvalidParameter");
  });

  it("scope: account = team_id 0, team = team servers, all = both; include_account (default true) with empty scope or all", async () => {
    const accountWide = account1()
      .filter((s) => s.team_id === 0)
      .map((s) => s.server_id)
      .sort();
    expect((await ids({ scope: "account" })).ids.sort()).toEqual(accountWide);
    expect((await ids({ scope: "account", include_account: false })).ids.sort()).toEqual(accountWide);
    const teams = account1().filter((s) => s.team_id !== 0).length;
    expect((await ids({ scope: "team", limit: 100 })).total).toBe(teams);
    expect((await ids({ scope: "team", include_account: true, limit: 100 })).total).toBe(teams);
    expect((await ids({ include_account: false, limit: 100 })).total).toBe(teams);
    expect((await ids({ scope: "all", include_account: false, limit: 100 })).total).toBe(teams);
    expect((await ids({ scope: "all", include_account: null, limit: 100 })).total).toBe(account1().length);
    expect((await ids({ scope: "", limit: 100 })).total).toBe(account1().length);
    const bad = await post(PATHS.mcpServerList, { scope: "personal" });
    expectError(bad, 400, "InvalidParameter");
    expect(bad.body.error.message).toContain("scope");
  });

  it("team_ids narrows the team servers (never widens); account-wide ones follow include_account", async () => {
    // Team 2 holds the seed's legacy stdio server with an empty command, team 3 its legacy server with a name too long.
    expect((await ids({ team_ids: [2] })).ids.sort()).toEqual(["mcp_github", "mcp_jira", "mcp_legacy_no_command", "mcp_postgres", "mcp_slack"]);
    expect((await ids({ team_ids: [2], include_account: false })).ids.sort()).toEqual(["mcp_jira", "mcp_legacy_no_command", "mcp_postgres"]);
    expect((await ids({ team_ids: [2, 5], scope: "team" })).ids.sort()).toEqual(["mcp_jira", "mcp_legacy_no_command", "mcp_postgres"]);
    expect((await ids({ team_ids: [3], include_account: true })).ids.sort()).toEqual(["mcp_github", "mcp_k8s", "mcp_legacy_long_name", "mcp_slack"]);
  });

  it("query: case-insensitive substring of name, description, AI description, id, transport, URL, command, template name", async () => {
    expect((await ids({ query: "GRAF" })).ids).toEqual(["mcp_grafana"]);
    expect((await ids({ query: "mcp_k8" })).ids).toEqual(["mcp_k8s"]);
    expect((await ids({ query: "kubernetes" })).ids).toEqual(["mcp_k8s"]);
    expect((await ids({ query: "PAYMENTS REPLICA" })).ids).toEqual(["mcp_postgres"]); // description
    expect((await ids({ query: "eu site" })).ids).toEqual(["mcp_datadog"]); // AI description
    expect((await ids({ query: "mcp.sentry.example" })).ids).toEqual(["mcp_sentry"]); // URL
    expect((await ids({ query: "uvx" })).ids).toEqual(["mcp_postgres"]); // command
    expect((await ids({ query: "atlassian" })).ids).toEqual(["mcp_jira"]); // template name (and URL)
    expect((await ids({ query: "Grafana", scope: "team" })).ids).toEqual(["mcp_grafana"]);
    const stdio = account1().filter((s) => s.transport === "stdio").length;
    expect((await ids({ query: "STDIO", limit: 100 })).total).toBe(stdio); // transport
    expect((await ids({ query: "no such server" })).total).toBe(0);
  });

  it("query: at most 128 characters (counted as characters, not bytes); beyond is 400 InvalidParameter naming query", async () => {
    expect((await ids({ query: "x".repeat(128) })).total).toBe(0);
    expect((await ids({ query: "监".repeat(128) })).total).toBe(0);
    const tooLong = await post(PATHS.mcpServerList, { query: "x".repeat(129) });
    expectError(tooLong, 400, "InvalidParameter");
    expect(tooLong.body.error.message).toContain("query");
    expect(tooLong.body.error.message).toContain("128");
  });

  it("search_after_ctx and other unknown request fields are ignored", async () => {
    const plain = await ids({ limit: 100 });
    expect(await ids({ limit: 100, search_after_ctx: "eyJpZCI6MX0=", future_option: { x: 1 } })).toEqual(plain);
  });
});
