/**
 * The seed's rows older than today's rules (emulator/README.md "Legacy rows"): every shape the
 * platform can hold that a create now refuses, in the default seed, each seen through the API by
 * a key that may edit it, and each refused by the rules the client and the provider's `check`
 * hold a create to (the `*FieldProblems` of `sdk/resources/`), naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEGACY_CRONS, LEGACY_RULE_SHAPES, LEGACY_SERVERS, legacyRuleShapeOf, type LegacyRuleShape, startEmulator, type Emulator } from "../../emulator";
import { seedRule } from "../../emulator/seedRules";
import { FlashdutyClient } from "../../sdk";
import { a2aAgentFieldProblems } from "../../sdk/resources/a2aAgentModel";
import { ruleFieldProblems } from "../../sdk/resources/automationRuleModel";
import { mcpServerFieldProblems } from "../../sdk/resources/mcpServerModel";
import { skillDescriptionProblem } from "../../wire/skillArchive";
import { A2A_AGENT_RULES, MCP_SERVER_RULES, RULE_LIMITS, SKILL_RULES } from "../../wire/protocol";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ limits: false });
});
afterAll(() => emu?.close());

const admin = () => new FlashdutyClient({ appKey: emu.keys.admin, baseUrl: emu.url });
const fieldsOf = (problems: ReadonlyArray<{ field: string }>) => [...new Set(problems.map((p) => p.field))];

/** The field today's create rules refuse on each legacy rule shape. */
const REFUSED_RULE_FIELD: Record<LegacyRuleShape, string> = {
  oncallChannelsDeleted: "oncallIncidentChannelIds",
  noTimezone: "timezone",
  longName: "name",
};

describe("the seed's legacy rows", () => {
  it("rules: each legacy shape and each legacy cron in every seed of 41 rules or more, refused at create naming the field", async () => {
    const shapes = new Set(Object.values(LEGACY_RULE_SHAPES));
    expect(shapes).toEqual(new Set(["oncallChannelsDeleted", "noTimezone", "longName"]));
    const rules = new Map((await admin().automationRules.listAllAsArray()).map((r) => [r.ruleId, r]));
    const legacy = [
      ...Object.entries(LEGACY_RULE_SHAPES).map(([index, shape]) => ({ index: Number(index), field: REFUSED_RULE_FIELD[shape] })),
      ...Object.keys(LEGACY_CRONS).map((index) => ({ index: Number(index), field: "cronExpr" })),
    ];
    for (const { index, field } of legacy) {
      expect(index).toBeLessThan(41);
      const seeded = seedRule(index, Date.now());
      // A team rule of account 1: the admin's key sees and may edit it.
      expect(seeded).toMatchObject({ account_id: 1, run_scope: "team" });
      const rule = rules.get(seeded.rule_id);
      expect(rule, seeded.rule_id).toBeDefined();
      expect(rule?.canEdit).toBe(true);
      expect(fieldsOf(ruleFieldProblems({ ...rule }, true)), `${seeded.rule_id} ${field}`).toContain(field);
    }
    const onCall = rules.get(seedRule(5, Date.now()).rule_id);
    expect(onCall).toMatchObject({ oncallIncidentTriggerEnabled: true, oncallIncidentChannelIds: [] });
    expect(rules.get(seedRule(13, Date.now()).rule_id)?.timezone).toBe("");
    expect(rules.get(seedRule(12, Date.now()).rule_id)?.name.length).toBeGreaterThan(RULE_LIMITS.maxNameLength);
    expect(rules.get(seedRule(31, Date.now()).rule_id)?.cronExpr).toBe("0 9 1 * 1");
    // The table repeats every 200 rules, as the legacy crons do.
    expect(legacyRuleShapeOf(212)).toBe("longName");
  });

  it("MCP servers: a name starting with a digit, a name too long, stdio with an empty command; refused at create naming the field", async () => {
    const servers = new Map((await admin().mcpServers.listAllAsArray()).map((s) => [s.serverId, s]));
    const expected: Record<string, string> = { mcp_legacy_digit_name: "serverName", mcp_legacy_long_name: "serverName", mcp_legacy_no_command: "command" };
    expect(LEGACY_SERVERS.map((s) => s.server_id).sort()).toEqual(Object.keys(expected).sort());
    for (const [id, field] of Object.entries(expected)) {
      const server = servers.get(id);
      expect(server?.canEdit, id).toBe(true);
      const { serverName, transport, command, url } = server!;
      expect(fieldsOf(mcpServerFieldProblems({ serverName, transport, command: command || undefined, url }, true)), id).toContain(field);
    }
    expect(servers.get("mcp_legacy_digit_name")?.serverName).toMatch(/^\d/);
    expect(servers.get("mcp_legacy_long_name")?.serverName.length).toBeGreaterThan(MCP_SERVER_RULES.maxNameLength);
    expect(servers.get("mcp_legacy_no_command")).toMatchObject({ transport: "stdio" });
    expect(servers.get("mcp_legacy_no_command")?.command ?? "").toBe("");
  });

  it("an A2A agent whose name is too long and a skill whose name and description break today's rules", async () => {
    const agent = (await admin().a2aAgents.listAllAsArray()).find((a) => a.agentId === "a2a_legacy_long_name");
    expect(agent?.canEdit).toBe(true);
    expect(agent?.agentName.length).toBeGreaterThan(A2A_AGENT_RULES.maxNameLength);
    expect(fieldsOf(a2aAgentFieldProblems({ agentName: agent?.agentName, instructions: agent?.instructions, cardUrl: agent?.cardUrl }, true))).toEqual([
      "agentName",
    ]);
    const skill = (await admin().skills.listAllAsArray()).find((s) => s.skillId === "skill_seed_legacy_runbook");
    expect(skill?.canEdit).toBe(true);
    expect(SKILL_RULES.namePattern.test(skill?.skillName ?? "")).toBe(false);
    expect(skillDescriptionProblem(skill?.description ?? "")).toBe("may not contain `<`");
  });
});
