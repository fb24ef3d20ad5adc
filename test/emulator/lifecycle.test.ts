/** Start options, the deterministic seed, the state file, reset and close. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PATHS } from "../../wire/wire";
import { LEGACY_SERVERS, readStateFile, SEED_SERVERS, SEED_TEAMS, startEmulator, type Emulator } from "../../emulator";
import { seedRules } from "../../emulator/seedRules";
import { call } from "../support/emulatorCalls";

const dir = mkdtempSync(join(tmpdir(), "fd-emulator-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function withEmulator<T>(options: Parameters<typeof startEmulator>[0], body: (emu: Emulator) => Promise<T>): Promise<T> {
  const emu = await startEmulator(options);
  try {
    return await body(emu);
  } finally {
    await emu.close();
  }
}

describe("seed", () => {
  it("the fixed servers have the ids and attributes tests rely on", () => {
    const byId = new Map(SEED_SERVERS.map((s) => [s.server_id, s]));
    expect(byId.get("mcp_grafana")).toMatchObject({ account_id: 1, team_id: 1, status: "enabled" });
    expect(byId.get("mcp_prometheus")).toMatchObject({ account_id: 1, team_id: 1, status: "enabled" });
    expect(byId.get("mcp_github")).toMatchObject({ account_id: 1, team_id: 0, status: "enabled" });
    expect(byId.get("mcp_jira")).toMatchObject({ account_id: 1, team_id: 2, status: "disabled" });
    expect(byId.get("mcp_k8s")).toMatchObject({ account_id: 1, team_id: 3, status: "enabled" });
    expect(SEED_SERVERS.length).toBeGreaterThanOrEqual(12);
    expect(new Set(SEED_SERVERS.map((s) => s.transport))).toEqual(new Set(["stdio", "sse", "streamable-http"]));
    expect(SEED_SERVERS.some((s) => s.account_id === 2 && s.status === "disabled")).toBe(true);
    expect(SEED_SERVERS.some((s) => s.account_id === 2 && s.status === "enabled")).toBe(true);
    expect(SEED_SERVERS.every((s) => s.server_id.startsWith("mcp_"))).toBe(true);
    expect(SEED_TEAMS.filter((t) => t.accountId === 1).map((t) => t.teamId)).toEqual([1, 2, 3, 4]);
    expect(SEED_TEAMS.some((t) => t.accountId === 2)).toBe(true);
  });

  it("is the same on every start: users, keys, servers, rules", async () => {
    const [a, b] = await Promise.all([startEmulator({ limits: false }), startEmulator({ limits: false })]);
    try {
      expect(b.users).toEqual(a.users);
      expect(b.keys).toEqual(a.keys);
      expect(b.servers()).toEqual(a.servers());
      expect(b.visibleRules(b.keys.admin)).toEqual(a.visibleRules(a.keys.admin));
      expect(a.users.length).toBeGreaterThanOrEqual(6);
      expect(new Set(Object.values(a.keys)).size).toBe(5);
      const by = (key: string) => a.users.find((u) => u.appKey === key)!;
      expect(by(a.keys.admin)).toMatchObject({ accountId: 1, role: "admin", aiSre: true });
      expect(by(a.keys.member)).toMatchObject({ accountId: 1, role: "member", teamIds: [1, 2], aiSre: true });
      expect(by(a.keys.noAiSre)).toMatchObject({ accountId: 1, role: "member", aiSre: false });
      expect(by(a.keys.otherAccount)).toMatchObject({ accountId: 2, role: "admin", aiSre: true });
      expect(by(a.keys.teamMember2)).toMatchObject({ accountId: 1, role: "member", teamIds: [3], aiSre: true });
      expect(a.url).toBe(`http://127.0.0.1:${a.port}`);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("a smaller rule seed is a subset of a larger one", () => {
    const big = new Set(seedRules(320, Date.now()).map((r) => r.rule_id));
    expect(seedRules(50, Date.now()).every((r) => big.has(r.rule_id))).toBe(true);
  });

  it("servers: 16 by default (12 fixed + mcp_gen_0001..0004), more on request, at least 12; the legacy rows besides", async () => {
    const legacy = LEGACY_SERVERS.map((s) => s.server_id);
    expect(legacy).toEqual(["mcp_legacy_digit_name", "mcp_legacy_long_name", "mcp_legacy_no_command"]);
    await withEmulator({ seed: { rules: 0 } }, async (emu) => {
      const ids = emu.servers().map((s) => s.server_id);
      expect(ids).toHaveLength(16 + legacy.length);
      expect(ids.slice(12)).toEqual(["mcp_gen_0001", "mcp_gen_0002", "mcp_gen_0003", "mcp_gen_0004", ...legacy]);
    });
    await withEmulator({ seed: { rules: 0, servers: 40 } }, async (emu) => {
      const generated = emu.servers().filter((s) => s.server_id.startsWith("mcp_gen_"));
      expect(generated).toHaveLength(28);
      expect(generated.at(-1)!.server_id).toBe("mcp_gen_0028");
      expect(generated.every((s) => s.account_id === 1 && s.team_id === 1 && s.status === "enabled")).toBe(true);
    });
    await withEmulator({ seed: { rules: 0, servers: 12 } }, async (emu) => expect(emu.servers()).toHaveLength(12 + legacy.length));
    await expect(startEmulator({ seed: { servers: 11 } })).rejects.toThrow(RangeError);
    await expect(startEmulator({ seed: { rules: -1 } })).rejects.toThrow(RangeError);
    await expect(startEmulator({ seed: { rules: 1.5 } })).rejects.toThrow(RangeError);
    await expect(startEmulator({ limits: { perSecond: 0, perMinute: 10 } })).rejects.toThrow(/perSecond/);
  });

  // Start-up time with 10,000 rules is measured in bench/, not asserted here.
  it("starts with 10,000 rules and serves them", async () => {
    await withEmulator({ seed: { rules: 10_000 }, limits: false }, async (emu) => {
      const answer = await call(emu, PATHS.automationRuleList, { key: emu.keys.admin, body: { p: 10, limit: 100 } });
      expect(answer.status).toBe(200);
      expect(answer.body.data.total).toBe(emu.visibleRules(emu.keys.admin).length);
      expect(answer.body.data.total).toBeGreaterThan(5000);
    });
  });
});

describe("state file", () => {
  it("is saved after every write and on close, and loaded on the next start", async () => {
    const file = join(dir, "state.json");
    let requestId = "";
    await withEmulator({ stateFile: file, seed: { rules: 0 }, limits: false }, async (emu) => {
      const answer = await call(emu, PATHS.mcpServerDisable, { key: emu.keys.admin, body: { server_id: "mcp_grafana" } });
      requestId = answer.body.request_id;
      const saved = readStateFile(file);
      // Servers are saved in the wire shape, optional fields absent where the seed has none.
      expect(saved.servers.find((s: { server_id: string }) => s.server_id === "mcp_sentry")).not.toHaveProperty("headers");
      expect(saved.servers.find((s: { server_id: string }) => s.server_id === "mcp_grafana")!.status).toBe("disabled");
      emu.setServerStatus("mcp_k8s", "disabled");
      expect(readStateFile(file).servers.find((s: { server_id: string }) => s.server_id === "mcp_k8s")!.status).toBe("disabled");
      // Keys never reach the state file.
      for (const key of Object.values(emu.keys)) expect(readFileSync(file, "utf8")).not.toContain(key);
    });
    await withEmulator({ stateFile: file, seed: { rules: 0 }, limits: false }, async (emu) => {
      expect(emu.server("mcp_grafana")!.status).toBe("disabled");
      expect(emu.server("mcp_k8s")!.status).toBe("disabled");
      expect(emu.audit()).toHaveLength(1);
      expect(emu.audit()[0]).toMatchObject({ serverId: "mcp_grafana", requestId, outcome: "success" });
      const again = await call(emu, PATHS.mcpServerDisable, { key: emu.keys.admin, body: { server_id: "mcp_grafana" } });
      expect(again.body.error.code).toBe("InvalidParameter");
      emu.reset();
      expect(readStateFile(file).audit).toEqual([]);
    });
    await withEmulator({ stateFile: file, seed: { rules: 0 }, limits: false }, async (emu) => {
      expect(emu.server("mcp_grafana")!.status).toBe("enabled");
    });
  });

  it("keeps every field of the servers across a restart, and still reads a version 1 file", async () => {
    const file = join(dir, "full.json");
    await withEmulator({ stateFile: file, seed: { rules: 0 }, limits: false }, async () => undefined);
    await withEmulator({ stateFile: file, seed: { rules: 0 }, limits: false }, async (emu) => {
      // As the wire has them: `secret_schema` and `oauth_metadata` always sent, "" when the server has none.
      expect(emu.servers().slice(0, SEED_SERVERS.length)).toStrictEqual(
        SEED_SERVERS.map((s) => ({ ...s, secret_schema: s.secret_schema ?? "", oauth_metadata: s.oauth_metadata ?? "", can_edit: false })),
      );
    });
    const v1 = join(dir, "v1.json");
    const old = {
      server_id: "mcp_old",
      account_id: 1,
      team_id: 1,
      server_name: "Old",
      description: "",
      transport: "sse",
      status: "enabled",
      created_by: 1001,
      created_at: 1,
      updated_at: 2,
      tool_count: 3,
      probe_error: "",
    };
    writeFileSync(v1, JSON.stringify({ version: 1, servers: [old], audit: [] }));
    await withEmulator({ stateFile: v1, seed: { rules: 0 }, limits: false }, async (emu) => {
      expect(emu.servers()).toStrictEqual([
        {
          server_id: "mcp_old",
          account_id: 1,
          team_id: 1,
          server_name: "Old",
          description: "",
          transport: "sse",
          status: "enabled",
          created_by: 1001,
          created_at: 1,
          updated_at: 2,
          environments: [],
          connect_timeout: 0,
          call_timeout: 0,
          secret_schema: "",
          oauth_metadata: "",
          can_edit: false,
        },
      ]);
    });
  });

  it("reads a file written when secret_schema was an array (or oauth_metadata an object): both become JSON text", async () => {
    const file = join(dir, "array-schema.json");
    const schema = [{ key: "TOKEN", label: "Token", required: true }];
    const server = {
      server_id: "mcp_arr",
      account_id: 1,
      team_id: 0,
      server_name: "Arr",
      description: "",
      transport: "stdio",
      status: "enabled",
      environments: [],
      connect_timeout: 0,
      call_timeout: 0,
      created_by: 1001,
      created_at: 1,
      updated_at: 2,
      command: "arr-mcp",
      auth_mode: "per_user_secret",
      secret_schema: schema,
      oauth_metadata: { issuer: "https://auth.example" },
    };
    const change = { put: [{ ...server, server_id: "mcp_arr2", secret_schema: [] }] };
    writeFileSync(file, `${JSON.stringify({ version: 2, servers: [server], audit: [] })}\n${JSON.stringify(change)}\n`);
    await withEmulator({ stateFile: file, seed: { rules: 0 }, limits: false }, async (emu) => {
      expect(emu.server("mcp_arr")).toMatchObject({ secret_schema: JSON.stringify(schema), oauth_metadata: '{"issuer":"https://auth.example"}' });
      expect(emu.server("mcp_arr2")!.secret_schema).toBe("[]");
      const got = await call(emu, PATHS.mcpServerGet, { key: emu.keys.admin, body: { server_id: "mcp_arr" } });
      expect(got.body.data.secret_schema).toBe(JSON.stringify(schema));
    });
    // Written back as text when the emulator closes (the file is rewritten whole).
    expect(readFileSync(file, "utf8")).not.toMatch(/"secret_schema":\[|"oauth_metadata":\{/);
    expect(readStateFile(file).servers.find((s: { server_id: string }) => s.server_id === "mcp_arr")!.secret_schema).toBe(JSON.stringify(schema));
  });

  it("a broken state file is an error naming the file", async () => {
    const file = join(dir, "broken.json");
    writeFileSync(file, "{ not json");
    await expect(startEmulator({ stateFile: file })).rejects.toThrow(file);
    writeFileSync(file, JSON.stringify({ version: 1, servers: [{ server_id: 5 }], audit: [] }));
    await expect(startEmulator({ stateFile: file })).rejects.toThrow(/broken\.json.*servers/);
  });
});

describe("close", () => {
  it("stops listening and can be called twice", async () => {
    const emu = await startEmulator({ seed: { rules: 0 } });
    await Promise.all([emu.close(), emu.close()]);
    await expect(call(emu, PATHS.automationTemplateList, { key: emu.keys.admin, body: {} })).rejects.toThrow();
  });
});
