/** MCP server disable, enable, get and list, and the audit log. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PATHS, wireMcpServerListDataSchema, wireMcpServerSchema } from "../../sdk/wire";
import { SEED_SERVERS, startEmulator, type Emulator } from "../../emulator";
import { call, expectError } from "./helpers";

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
  it("returns the server in the wire shape with can_edit for the caller", async () => {
    const answer = await post(PATHS.mcpServerGet, { server_id: "mcp_k8s" }, emu.keys.teamMember2);
    expect(answer.status).toBe(200);
    const server = wireMcpServerSchema.parse(answer.body.data);
    const seed = SEED_SERVERS.find((s) => s.server_id === "mcp_k8s")!;
    expect(server).toEqual({
      server_id: "mcp_k8s", account_id: 1, team_id: 3, server_name: seed.server_name, description: seed.description,
      transport: "stdio", status: "enabled", can_edit: true, created_by: seed.created_by, created_at: seed.created_at,
      updated_at: seed.updated_at, tool_count: 22, list_error: "",
    });
    expect(Object.keys(answer.body.data).sort()).toEqual(Object.keys(server).sort());
  });

  it("a failing tool probe still succeeds and sets list_error (enabled mcp_datadog); disabled servers are not probed", async () => {
    const probed = await post(PATHS.mcpServerGet, { server_id: "mcp_datadog" });
    expect(probed.status).toBe(200);
    expect(probed.body.data.list_error).toMatch(/connection refused/);
    emu.setServerStatus("mcp_datadog", "disabled");
    expect((await post(PATHS.mcpServerGet, { server_id: "mcp_datadog" })).body.data.list_error).toBe("");
    const listed = await post(PATHS.mcpServerList, { limit: 100 });
    expect(listed.body.data.servers.every((s: { list_error: string }) => s.list_error === "")).toBe(true);
  });

  it("unknown server: 400 ResourceNotFound", async () => {
    expectError(await post(PATHS.mcpServerGet, { server_id: "mcp_nope" }), 400, "ResourceNotFound");
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

  it("scope: account = team_id 0, team = team servers; include_account false with empty scope = team", async () => {
    const accountWide = account1().filter((s) => s.team_id === 0).map((s) => s.server_id).sort();
    expect((await ids({ scope: "account" })).ids.sort()).toEqual(accountWide);
    const teams = account1().filter((s) => s.team_id !== 0).length;
    expect((await ids({ scope: "team", limit: 100 })).total).toBe(teams);
    expect((await ids({ include_account: false, limit: 100 })).total).toBe(teams);
    expect((await ids({ scope: "", limit: 100 })).total).toBe(account1().length);
    const bad = await post(PATHS.mcpServerList, { scope: "personal" });
    expectError(bad, 400, "InvalidParameter");
    expect(bad.body.error.message).toContain("scope");
  });

  it("team_ids narrows (never widens); include_account adds account-wide servers", async () => {
    expect((await ids({ team_ids: [2] })).ids.sort()).toEqual(["mcp_jira", "mcp_postgres"]);
    expect((await ids({ team_ids: [2, 5] })).ids.sort()).toEqual(["mcp_jira", "mcp_postgres"]);
    expect((await ids({ team_ids: [3], include_account: true })).ids.sort()).toEqual(["mcp_github", "mcp_k8s", "mcp_slack"]);
  });

  it("query matches name or id, case-insensitively", async () => {
    expect((await ids({ query: "GRAF" })).ids).toEqual(["mcp_grafana"]);
    expect((await ids({ query: "mcp_k8" })).ids).toEqual(["mcp_k8s"]);
    expect((await ids({ query: "kubernetes" })).ids).toEqual(["mcp_k8s"]);
  });
});
