/**
 * The import file made from an account's objects (importFile/importFile.ts, report.ts), without
 * the API: the filters, what is skipped and why, disablements, the type tokens against the
 * nouns' declarations, and a report whose platform text is inert.
 */
import picomatch from "picomatch";
import { describe, expect, it } from "vitest";
import { type Candidate, importFileOf, renderReport, SKILL_REASON, TYPE_TOKENS } from "../../importFile";
import { A2A_AGENT } from "../../provider/a2aAgent/declaration";
import { AUTOMATION_RULE } from "../../provider/automationRule/declaration";
import { KNOWLEDGE_FILE } from "../../provider/knowledgeFile/declaration";
import { MCP_SERVER } from "../../provider/mcpServer/declaration";
import { MCP_SERVER_DISABLEMENT } from "../../provider/mcpServerDisablement/declaration";
import { SKILL } from "../../provider/skill/declaration";
import { TERMINAL_CONTROL } from "../support/hostileText";

const base = { teamId: 1, canEdit: true, createdAt: 1, maskedSecrets: [] as string[] };
const ACCOUNT: Candidate[] = [
  { ...base, kind: "mcpServer", id: "mcp_b", name: "Grafana", maskedSecrets: ["headers.Authorization"] },
  { ...base, kind: "mcpServer", id: "mcp_a", name: "Jira", disabled: true, maskedSecrets: ["headers.X-Token"] },
  { ...base, kind: "mcpServer", id: "mcp_c", name: "Locked", canEdit: false },
  { ...base, kind: "mcpServer", id: "mcp_d", name: "Account wide", teamId: 0 },
  { ...base, kind: "automationRule", id: "arule_1", name: "Nightly report" },
  { ...base, kind: "automationRule", id: "arule_2", name: "Other team's", teamId: 2, canEdit: false },
  { ...base, kind: "a2aAgent", id: "a2a_1", name: "Triage", maskedSecrets: ["authConfig.token"] },
  { ...base, kind: "knowledgeFile", id: "0/DUTY.md", name: "DUTY.md", teamId: 0 },
  { ...base, kind: "knowledgeFile", id: "1/runbooks/db.md", name: "runbooks/db.md" },
  { ...base, kind: "skill", id: "skill_1", name: "k8s-debug" },
];

describe("importFileOf", () => {
  it("lists each importable object once, sorted by type and id, and skips skills and what the key cannot edit", () => {
    const { file, skipped, secretsToFill } = importFileOf(ACCOUNT, {});
    expect(file.resources).toEqual([
      { type: TYPE_TOKENS.a2aAgent, name: "agentTriage", id: "a2a_1" },
      { type: TYPE_TOKENS.automationRule, name: "ruleNightlyReport", id: "arule_1" },
      { type: TYPE_TOKENS.knowledgeFile, name: "fileDutyMd", id: "0/DUTY.md" },
      { type: TYPE_TOKENS.knowledgeFile, name: "fileRunbooksDbMd", id: "1/runbooks/db.md" },
      { type: TYPE_TOKENS.mcpServer, name: "serverJira", id: "mcp_a" },
      { type: TYPE_TOKENS.mcpServer, name: "serverGrafana", id: "mcp_b" },
      { type: TYPE_TOKENS.mcpServer, name: "serverAccountWide", id: "mcp_d" },
    ]);
    expect(skipped.map((s) => [s.type, s.id])).toEqual([
      [TYPE_TOKENS.automationRule, "arule_2"],
      [TYPE_TOKENS.mcpServer, "mcp_c"],
      [TYPE_TOKENS.skill, "skill_1"],
    ]);
    expect(skipped[0]?.reason).toMatch(/can_edit false: a rule of another team/);
    expect(skipped[1]?.reason).toMatch(/cannot edit this server \(can_edit false/);
    expect(skipped[2]?.reason).toBe(SKILL_REASON);
    expect(secretsToFill).toEqual([
      { name: "agentTriage", type: TYPE_TOKENS.a2aAgent, field: "authConfig.token" },
      { name: "serverJira", type: TYPE_TOKENS.mcpServer, field: "headers.X-Token" },
      { name: "serverGrafana", type: TYPE_TOKENS.mcpServer, field: "headers.Authorization" },
    ]);
  });

  it("filters by team, kind (applied when reading) and name glob", () => {
    const byTeam = importFileOf(ACCOUNT, { teamIds: [0] });
    expect(byTeam.file.resources.map((r) => r.id)).toEqual(["0/DUTY.md", "mcp_d"]);
    const byName = importFileOf(ACCOUNT, {}, picomatch("runbooks/*", { nocase: true, dot: true }));
    expect(byName.file.resources.map((r) => r.id)).toEqual(["1/runbooks/db.md"]);
    expect(importFileOf(ACCOUNT, {}, picomatch("*", { nocase: true })).file.resources.map((r) => r.id)).not.toContain("1/runbooks/db.md");
    expect(importFileOf(ACCOUNT, {}, picomatch("GRAF*", { nocase: true })).file.resources.map((r) => r.id)).toEqual(["mcp_b"]);
  });

  it("imports disabled servers as disablements when asked, with no secret to fill", () => {
    const { file, secretsToFill } = importFileOf(ACCOUNT, { disablements: true });
    expect(file.resources).toContainEqual({ type: TYPE_TOKENS.mcpServerDisablement, name: "disablementJira", id: "mcp_a" });
    expect(file.resources.filter((r) => r.id === "mcp_a")).toHaveLength(1);
    expect(secretsToFill.map((s) => s.field)).not.toContain("headers.X-Token");
  });

  it("skips an object its resource's check refuses after the import, naming the field and what to change in the console", () => {
    const checkFailures = [{ field: "command", reason: "command is required with transport stdio" }];
    const { file, skipped } = importFileOf([{ ...base, kind: "mcpServer", id: "mcp_old", name: "Old", checkFailures }], {});
    expect(file.resources).toEqual([]);
    expect(skipped).toEqual([
      {
        type: TYPE_TOKENS.mcpServer,
        id: "mcp_old",
        platformName: "Old",
        reason:
          "no program can declare it as the platform holds it: the provider's check refuses its command even as the value in state " +
          "(command: command is required with transport stdio); change command in the Flashduty console to a value the check accepts, then run import-file again",
      },
    ]);
    // The failures are those of the resource it is imported as (`withCheckFailures` checks a disabled server as a disablement then).
    expect(importFileOf([{ ...base, kind: "mcpServer", id: "mcp_old", name: "Old", disabled: true }], { disablements: true }).file.resources).toEqual([
      { type: TYPE_TOKENS.mcpServerDisablement, name: "disablementOld", id: "mcp_old" },
    ]);
  });

  it("uses the plugin's type tokens, as the nouns declare them", () => {
    expect(TYPE_TOKENS).toEqual({
      mcpServer: MCP_SERVER.token,
      mcpServerDisablement: MCP_SERVER_DISABLEMENT.token,
      automationRule: AUTOMATION_RULE.token,
      a2aAgent: A2A_AGENT.token,
      knowledgeFile: KNOWLEDGE_FILE.token,
      skill: SKILL.token,
    });
  });
});

describe("renderReport", () => {
  it("shows platform text quoted and inert, and names each secret to fill in", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: hostile platform text holds a literal ${
    const hostile = 'evil\u001b[2J\u202e\nname ${x} "q"';
    const result = importFileOf(
      [
        { ...base, kind: "skill", id: "skill_9", name: hostile },
        { ...base, kind: "mcpServer", id: "mcp_h", name: hostile, maskedSecrets: [`headers.${hostile}`] },
      ],
      {},
    );
    const text = renderReport(result);
    const lines = text.split("\n").filter(Boolean);
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).not.toMatch(TERMINAL_CONTROL);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: hostile platform text holds a literal ${
    expect(text).toContain('skipped flashduty:index:Skill "evil\\u001b[2J\\u202e\\nname ${x} \\"q\\"" (id "skill_9"): pulumi import is not offered for Skill');
    expect(text).toMatch(/fill in serverEvil2jNameXq \(flashduty:index:McpServer\) "headers\.evil.*": the platform answers it masked/);
    expect(text).toMatch(/1 resource\(s\) to import, 1 skipped, 1 secret\(s\) to fill in/);
  });

  it("shows a check's failure, which quotes platform text, inert", () => {
    const checkFailures = [{ field: "name", reason: 'name must be a string of 1 to 255 characters (got "\u001b]8;;https://evil.example\u0007x\u202e")' }];
    const text = renderReport(importFileOf([{ ...base, kind: "automationRule", id: "arule_h", name: "h", checkFailures }], {}));
    for (const line of text.split("\n")) expect(line).not.toMatch(TERMINAL_CONTROL);
    expect(text).toContain('skipped flashduty:index:AutomationRule "h" (id "arule_h"): no program can declare it as the platform holds it');
    expect(text).toContain('(got "\\u001b]8;;https://evil.example\\u0007x\\u202e")');
    expect(text).toContain("change name in the Flashduty console");
  });
});
