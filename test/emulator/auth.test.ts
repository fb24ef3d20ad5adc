/** Authentication (401) and permissions (403), and which checks come first. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PATHS } from "../../wire/wire";
import { startEmulator, type Emulator } from "../../emulator";
import { call, expectError } from "../support/emulatorCalls";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ seed: { rules: 30 }, limits: false });
});
beforeEach(() => emu.reset());
afterAll(() => emu.close());

const toggle = (key: string, serverId: string, operation: "disable" | "enable" = "disable") =>
  call(emu, operation === "disable" ? PATHS.mcpServerDisable : PATHS.mcpServerEnable, { key, body: { server_id: serverId } });

describe("401 Unauthorized", () => {
  it("missing, empty, unknown or repeated app_key, on every operation", async () => {
    for (const path of Object.values(PATHS)) {
      expectError(await call(emu, path, { key: null, body: { server_id: "mcp_grafana" } }), 401, "Unauthorized");
      expectError(await call(emu, path, { key: "", body: { server_id: "mcp_grafana" } }), 401, "Unauthorized");
      expectError(await call(emu, path, { key: "0".repeat(32), body: { server_id: "mcp_grafana" } }), 401, "Unauthorized");
    }
    const repeated = await call(emu, `${PATHS.automationRuleList}?app_key=${emu.keys.admin}&app_key=${emu.keys.admin}`, { key: null, body: {} });
    expectError(repeated, 401, "Unauthorized");
  });

  it("comes before body checks and is never audited", async () => {
    expectError(await call(emu, PATHS.mcpServerDisable, { key: "bad", raw: "{", contentType: "text/plain" }), 401, "Unauthorized");
    expect(emu.audit()).toEqual([]);
    expect(emu.server("mcp_grafana")!.status).toBe("enabled");
  });
});

describe("403 AccessDenied", () => {
  it("disable/enable without ai-sre, even on a server of the caller's team", async () => {
    expectError(await toggle(emu.keys.noAiSre, "mcp_grafana"), 403, "AccessDenied");
    expectError(await toggle(emu.keys.noAiSre, "mcp_jira", "enable"), 403, "AccessDenied");
    expect(emu.server("mcp_grafana")!.status).toBe("enabled");
  });

  it("account-wide servers (team_id 0): owners and admins only", async () => {
    expectError(await toggle(emu.keys.member, "mcp_github"), 403, "AccessDenied");
    expectError(await toggle(emu.keys.teamMember2, "mcp_github"), 403, "AccessDenied");
    expect((await toggle(emu.keys.admin, "mcp_github")).status).toBe(200);
    expect(emu.server("mcp_github")!.status).toBe("disabled");
  });

  it("team servers: members of that team, or owners/admins", async () => {
    expectError(await toggle(emu.keys.member, "mcp_k8s"), 403, "AccessDenied");
    expect((await toggle(emu.keys.teamMember2, "mcp_k8s")).status).toBe(200);
    expectError(await toggle(emu.keys.teamMember2, "mcp_grafana"), 403, "AccessDenied");
    expect((await toggle(emu.keys.member, "mcp_grafana")).status).toBe(200);
    expect((await toggle(emu.keys.member, "mcp_jira", "enable")).status).toBe(200);
    // The admin is in team 4 only, yet may edit every team's server.
    expect((await toggle(emu.keys.admin, "mcp_prometheus")).status).toBe(200);
  });

  it("another account's server does not exist for the caller: 400 ResourceNotFound", async () => {
    expectError(await toggle(emu.keys.otherAccount, "mcp_grafana"), 400, "ResourceNotFound");
    expectError(await toggle(emu.keys.admin, "mcp_acme_logs"), 400, "ResourceNotFound");
    expectError(await call(emu, PATHS.mcpServerGet, { key: emu.keys.admin, body: { server_id: "mcp_acme_logs" } }), 400, "ResourceNotFound");
    expect((await toggle(emu.keys.otherAccount, "mcp_acme_logs")).status).toBe(200);
  });

  it("reads need only a valid key, with or without ai-sre", async () => {
    for (const path of [PATHS.mcpServerList, PATHS.automationRuleList, PATHS.automationTemplateList]) {
      expect((await call(emu, path, { key: emu.keys.noAiSre, body: {} })).status).toBe(200);
    }
    const get = await call(emu, PATHS.mcpServerGet, { key: emu.keys.noAiSre, body: { server_id: "mcp_grafana" } });
    expect(get.status).toBe(200);
    expect(get.body.data.can_edit).toBe(false);
  });

  it("can_edit on servers follows the same rules", async () => {
    const canEdit = async (key: string) => {
      const answer = await call(emu, PATHS.mcpServerList, { key, body: { limit: 100 } });
      return Object.fromEntries(answer.body.data.servers.map((s: { server_id: string; can_edit: boolean }) => [s.server_id, s.can_edit]));
    };
    const admin = await canEdit(emu.keys.admin);
    expect(Object.values(admin).every(Boolean)).toBe(true);
    const member = await canEdit(emu.keys.member);
    expect(member).toMatchObject({ mcp_grafana: true, mcp_jira: true, mcp_github: false, mcp_k8s: false, mcp_datadog: false });
    const team3 = await canEdit(emu.keys.teamMember2);
    expect(team3).toMatchObject({ mcp_k8s: true, mcp_grafana: false, mcp_github: false });
    expect(Object.values(await canEdit(emu.keys.noAiSre)).some(Boolean)).toBe(false);
  });
});
