/**
 * Out-of-band edits through the control API, as a person in the console would make them:
 * deleting an MCP server, editing an automation rule or a preset template. What the API answers
 * afterwards, and that `reset()` brings the seed back.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { PATHS } from "../../wire/wire";
import { call, expectError } from "../support/emulatorCalls";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ seed: { rules: 25 }, limits: false });
});
beforeEach(() => emu.reset());
afterAll(() => emu.close());

const control = (path: string, body: unknown) => call(emu, `/_emulator/${path}`, { key: null, method: "POST", body });
const api = (path: string, body: unknown) => call(emu, path, { key: emu.keys.admin, body });

describe("POST /_emulator/servers/delete", () => {
  it("deletes the server: reads answer ResourceNotFound, the list no longer has it; not audited or counted", async () => {
    const answer = await control("servers/delete", { server_id: "mcp_grafana" });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ server_id: "mcp_grafana", server_name: "Grafana" });
    expect(emu.server("mcp_grafana")).toBeUndefined();
    expect(Object.values(emu.counters()).every((c) => c.requests === 0)).toBe(true);
    expectError(await api(PATHS.mcpServerGet, { server_id: "mcp_grafana" }), 400, "ResourceNotFound");
    const list = await api(PATHS.mcpServerList, {});
    expect(list.body.data.servers.map((s: { server_id: string }) => s.server_id)).not.toContain("mcp_grafana");
    expect(emu.audit()).toEqual([]);
  });

  it("unknown or missing server_id: 400, nothing deleted; reset() brings the server back", async () => {
    const before = emu.servers().length;
    expectError(await control("servers/delete", { server_id: "mcp_nope" }), 400, "ResourceNotFound");
    const missing = await control("servers/delete", {});
    expectError(missing, 400, "InvalidParameter");
    expect(missing.body.error.message).toContain("server_id");
    expect(emu.servers()).toHaveLength(before);
    emu.deleteServer("mcp_k8s");
    expect(() => emu.deleteServer("mcp_k8s")).toThrow(/unknown MCP server mcp_k8s/);
    emu.reset();
    expect(emu.server("mcp_k8s")?.status).toBe("enabled");
  });
});

describe("POST /_emulator/rules/update", () => {
  it("edits the fields a person edits; the rule list answers the new values and updated_at", async () => {
    const [rule] = emu.visibleRules(emu.keys.admin, { scope: "all" });
    const answer = await control("rules/update", { rule_id: rule!.rule_id, name: "Renamed in the console", prompt: "new prompt", cron_expr: "0 9 * * *" });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ rule_id: rule!.rule_id, name: "Renamed in the console", prompt: "new prompt", cron_expr: "0 9 * * *" });
    expect(answer.body.data.updated_at).toBeGreaterThan(rule!.updated_at);
    const list = await api(PATHS.automationRuleList, { keyword: "renamed in the" });
    expect(list.body.data.rules.map((r: { rule_id: string }) => r.rule_id)).toEqual([rule!.rule_id]);
    expect(list.body.data.rules[0]).toEqual({ ...answer.body.data, can_edit: list.body.data.rules[0].can_edit });
  });

  it("toggling enabled moves the rule in or out of enabled-filtered lists", async () => {
    const enabled = emu.visibleRules(emu.keys.admin, { enabled: true });
    const target = enabled[0]!;
    await control("rules/update", { rule_id: target.rule_id, enabled: false });
    const after = await api(PATHS.automationRuleList, { enabled: true, p: 1, limit: 100 });
    expect(after.body.data.total).toBe(enabled.length - 1);
    expect(after.body.data.rules.map((r: { rule_id: string }) => r.rule_id)).not.toContain(target.rule_id);
    emu.reset();
    expect(emu.visibleRules(emu.keys.admin, { enabled: true })).toHaveLength(enabled.length);
  });

  it("unknown rule, unknown field or wrong type: 400 naming it", async () => {
    const unknown = await control("rules/update", { rule_id: "arule_nope", name: "x" });
    expectError(unknown, 400, "InvalidParameter");
    expect(unknown.body.error.message).toContain("rule_id");
    const [rule] = emu.visibleRules(emu.keys.admin);
    expectError(await control("rules/update", { rule_id: rule!.rule_id, team_id: 9 }), 400, "InvalidParameter");
    const wrong = await control("rules/update", { rule_id: rule!.rule_id, enabled: "yes" });
    expectError(wrong, 400, "InvalidParameter");
    expect(wrong.body.error.message).toContain("enabled");
  });
});

describe("POST /_emulator/templates/update", () => {
  it("edits a template of one locale only; reset() restores it", async () => {
    const answer = await control("templates/update", { locale: "en-US", name: "Daily alert digest", prompt: "Only P1 alerts.", enabled: false });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ name: "Daily alert digest", prompt: "Only P1 alerts.", enabled: false });
    const en = await api(PATHS.automationTemplateList, { locale: "en-US" });
    expect(en.body.data.templates.find((t: { name: string }) => t.name === "Daily alert digest")).toEqual(answer.body.data);
    expect(emu.templates("zh-CN").every((t) => t.prompt !== "Only P1 alerts.")).toBe(true);
    emu.reset();
    expect(emu.templates("en-US").find((t) => t.name === "Daily alert digest")?.enabled).toBe(true);
  });

  it("unknown template name: 400 naming it", async () => {
    const answer = await control("templates/update", { locale: "en-US", name: "Nope", prompt: "x" });
    expectError(answer, 400, "InvalidParameter");
    expect(answer.body.error.message).toContain("Nope");
  });
});
