/**
 * What a create finds of an interrupted create of its stack (docs/interrupted-runs.md), with the
 * providers called directly against the emulator over real HTTP. A "killed run" is a create whose
 * answer the state never recorded: here, a create of an earlier "process" (the module state reset
 * between them, as a new plugin process starts). The next create adopts what it made, with a
 * warning, when scope, name, content and creator match; anything else keeps today's behaviour
 * (a new rule, or the error naming the taken name). Alike rules are told apart by the claims of
 * this process, or not at all (several candidates: a new rule and a warning naming them). A
 * delete of this process leaves what a create of this process adopted (a replacement that
 * creates first).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import * as a2aAgent from "../../provider/a2aAgent/provider";
import * as rule from "../../provider/automationRule/provider";
import { resetRuleClaims } from "../../provider/automationRule/interruptedCreate";
import { resetAdoptions } from "../../provider/engine/interruptedCreate";
import * as mcpServer from "../../provider/mcpServer/provider";
import * as skill from "../../provider/skill/provider";
import { skillMd } from "../support/skillArchives";

let emulator: Emulator;
const dirs: string[] = [];
let warnings: string[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});
afterAll(async () => {
  await emulator.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  emulator.reset();
  newProcess();
  useKey(emulator.keys.admin);
  warnings = [];
  vi.spyOn(console, "warn").mockImplementation((line: string) => void warnings.push(String(line)));
  return () => vi.restoreAllMocks();
});

/** What a new plugin process starts with: no claims, no listings, no adoptions. */
function newProcess(): void {
  resetRuleClaims();
  resetAdoptions();
}

function useKey(appKey: string): void {
  const config: Record<string, string> = { "flashduty:appKey": appKey, "flashduty:baseUrl": emulator.url };
  const req = { config: { get: (k: string) => config[k], require: (k: string) => config[k]! } };
  for (const impl of [rule, skill, mcpServer, a2aAgent]) void impl.configure(req);
}

async function checkedRule(news: Record<string, unknown>): Promise<rule.AutomationRuleInputs> {
  const { inputs, failures } = await rule.check({}, news);
  expect(failures ?? []).toEqual([]);
  return inputs as rule.AutomationRuleInputs;
}

const rulesNamed = (name: string) => emulator.visibleRules(emulator.keys.admin).filter((r) => r.name === name);

describe("AutomationRule", () => {
  test("a rule an interrupted create made is adopted once, with a warning; a rule that differs is not", async () => {
    const inputs = await checkedRule({ name: "Landed", prompt: "Summarise.", cronExpr: "0 9 * * *", teamId: 1 });
    const landed = await rule.create(inputs);
    newProcess();
    const again = await rule.create(inputs);
    expect(again.id).toBe(landed.id);
    expect(rulesNamed("Landed")).toHaveLength(1);
    expect(warnings.join("\n")).toMatch(
      new RegExp(`AutomationRule adopted automation rule '${landed.id}' \\("Landed", in team 1\\): .*made by this app key's member \\(1002\\)`),
    );
    // Another prompt: not what this create would have made.
    const other = await rule.create(await checkedRule({ name: "Landed", prompt: "Something else.", cronExpr: "0 9 * * *", teamId: 1 }));
    expect(other.id).not.toBe(landed.id);
    expect(rulesNamed("Landed")).toHaveLength(2);
  });

  test("two alike declarations with one landed: one adopts it, the other makes a rule; several landed: a new rule and a warning naming them", async () => {
    const inputs = await checkedRule({ name: "Twin", prompt: "Same.", cronExpr: "0 8 * * *" });
    const landed = await rule.create(inputs);
    newProcess();
    const [a, b] = await Promise.all([rule.create(inputs), rule.create(inputs)]);
    expect([a.id, b.id]).toContain(landed.id);
    expect(a.id).not.toBe(b.id);
    expect(rulesNamed("Twin")).toHaveLength(2);

    // Both landed, and a later run: which one is whose cannot be told.
    newProcess();
    warnings = [];
    const third = await rule.create(inputs);
    expect([a.id, b.id]).not.toContain(third.id);
    expect(rulesNamed("Twin")).toHaveLength(3);
    expect(warnings.join("\n")).toMatch(/AutomationRule "Twin": 2 rules of that name with every declared field equal already exist \(personal\)/);
    expect(warnings.join("\n")).toContain(a.id);
  });

  test("another member's alike team rule is not adopted", async () => {
    const inputs = await checkedRule({ name: "Theirs", prompt: "Team work.", cronExpr: "0 6 * * *", teamId: 1 });
    useKey(emulator.keys.member);
    const theirs = await rule.create(inputs);
    newProcess();
    useKey(emulator.keys.admin);
    const ours = await rule.create(inputs);
    expect(ours.id).not.toBe(theirs.id);
    expect(warnings.join("\n")).not.toContain("adopted");
  });

  test("an adopted HTTP POST rule gets a new token; a delete of the same process leaves an adopted rule (a replacement that creates first)", async () => {
    const inputs = await checkedRule({ name: "Hook", prompt: "Deploy.", cronExpr: "0 0 * * *", scheduleTriggerEnabled: false, httpPostTriggerEnabled: true });
    const landed = await rule.create(inputs);
    newProcess();
    const adopted = await rule.create(inputs);
    expect(adopted.id).toBe(landed.id);
    expect(adopted.outs?.httpPostToken).toMatch(/^sat_/);
    expect(adopted.outs?.httpPostToken).not.toBe(landed.outs?.httpPostToken);
    expect(warnings.join("\n")).toContain("its HTTP POST token was rotated");
    await rule.deleteResource(landed.id, landed.outs as rule.AutomationRuleOutputs);
    expect(emulator.rule(landed.id)).toBeDefined();
    newProcess();
    await rule.deleteResource(adopted.id, adopted.outs as rule.AutomationRuleOutputs);
    expect(emulator.rule(landed.id)).toBeUndefined();
  });
});

describe("Skill", () => {
  function folder(name: string, description: string): string {
    const dir = mkdtempSync(join(tmpdir(), "fd-interrupted-skill-"));
    dirs.push(dir);
    writeFileSync(join(dir, "SKILL.md"), skillMd({ name, description }));
    mkdirSync(join(dir, "scripts"));
    writeFileSync(join(dir, "scripts", "run.sh"), "echo run\n");
    return dir;
  }
  async function checked(news: Record<string, unknown>): Promise<skill.SkillInputs> {
    const { inputs, failures } = await skill.check({}, news);
    expect(failures ?? []).toEqual([]);
    return inputs as skill.SkillInputs;
  }

  test("the same archive uploaded by the key's member is adopted with a warning; other content keeps the error, naming skillId", async () => {
    const inputs = await checked({ source: folder("landed-skill", "Ours"), teamId: 1, enabled: false });
    const landed = await skill.create(inputs);
    newProcess();
    const again = await skill.create(inputs);
    expect(again.id).toBe(landed.id);
    expect(again.outs).toMatchObject({ skillId: landed.id, enabled: false, sourceHash: inputs.sourceHash });
    expect(again.outs).not.toHaveProperty("adoptedSkillId");
    expect(emulator.skills().filter((s) => s.skill_name === "landed-skill")).toHaveLength(1);
    expect(warnings.join("\n")).toMatch(
      new RegExp(`Skill adopted skill '${landed.id}' \\("landed-skill", in team 1\\): it already existed with that name and this archive`),
    );

    const other = await checked({ source: folder("landed-skill", "Other content"), teamId: 1 });
    await expect(skill.create(other)).rejects.toThrow(
      new RegExp(
        `a skill named "landed-skill" already exists in team 1 \\('${landed.id}'\\): not this upload's archive, or made by another member, .*set skillId: "${landed.id}"`,
      ),
    );
  });

  test("the same archive uploaded by another member is not adopted", async () => {
    const inputs = await checked({ source: folder("their-skill", "Theirs"), teamId: 1 });
    useKey(emulator.keys.member);
    await skill.create(inputs);
    newProcess();
    useKey(emulator.keys.admin);
    await expect(skill.create(inputs)).rejects.toThrow(/a skill named "their-skill" already exists in team 1/);
  });
});

describe("McpServer and A2aAgent", () => {
  test("a server an interrupted create made is adopted and its secrets written again; one that differs keeps the error", async () => {
    const news = {
      serverName: "landed-server",
      transport: "streamable-http",
      url: "https://l.example/mcp",
      headers: { Authorization: "Bearer landed_secret" },
    };
    const { inputs } = await mcpServer.check({}, news);
    const landed = await mcpServer.create(inputs as mcpServer.McpServerInputs);
    newProcess();
    const updatesBefore = emulator.counters()["mcpServer.update"].requests;
    const again = await mcpServer.create(inputs as mcpServer.McpServerInputs);
    expect(again.id).toBe(landed.id);
    expect(emulator.servers().filter((s) => s.server_name === "landed-server")).toHaveLength(1);
    // The masked header cannot be compared: written once more.
    expect(emulator.counters()["mcpServer.update"].requests).toBe(updatesBefore + 1);
    expect(warnings.join("\n")).toMatch(new RegExp(`McpServer adopted MCP server '${landed.id}' \\("landed-server", account-wide\\)`));

    newProcess();
    const { inputs: other } = await mcpServer.check({}, { ...news, url: "https://other.example/mcp" });
    await expect(mcpServer.create(other as mcpServer.McpServerInputs)).rejects.toThrow(/an MCP server named "landed-server" already exists account-wide/);
  });

  test("an agent an interrupted create made is adopted; a delete of the same process leaves it", async () => {
    const news = { agentName: "landed-agent", instructions: "Hi", cardUrl: "https://a.example/card.json", teamId: 2 };
    const { inputs } = await a2aAgent.check({}, news);
    const landed = await a2aAgent.create(inputs as a2aAgent.A2aAgentInputs);
    newProcess();
    const again = await a2aAgent.create(inputs as a2aAgent.A2aAgentInputs);
    expect(again.id).toBe(landed.id);
    expect(warnings.join("\n")).toMatch(new RegExp(`A2aAgent adopted A2A agent '${landed.id}' \\("landed-agent", in team 2\\)`));
    await a2aAgent.deleteResource(landed.id, landed.outs as a2aAgent.A2aAgentOutputs);
    expect(emulator.a2aAgent(landed.id)).toBeDefined();
  });
});
