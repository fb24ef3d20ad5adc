/**
 * The example policy pack (examples/policy-pack) on a YAML program on the provider plugin
 * (dist/plugin; type tokens `flashduty:index:<Noun>`), run by the real Pulumi CLI (`pulumi
 * preview --policy-pack`) against the emulator over HTTP: every policy checks the plugin's
 * resources as it checks the dynamic resources (pulumi-nodejs:dynamic/flashduty:<Noun>,
 * `policyPack.engine.test.ts`), and no secret is printed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { REPO_ROOT } from "../../scripts/pulumiCli";
import { printedViolations } from "../support/policyOutput";
import { skillMd } from "../support/skillArchives";
import { yamlPluginHeader, yamlPluginStack, yamlPluginSuite } from "../support/yamlPluginStack";

const PACK = path.join(REPO_ROOT, "examples", "policy-pack");
const world = yamlPluginSuite("plugin-policy-");
const emulator = () => world().emulator;
const HEADER_SECRET = "Bearer plugin-policy-header-secret-0123456789";

let configDir: string;
beforeAll(() => {
  configDir = mkdtempSync(path.join(os.tmpdir(), "flashduty-plugin-policy-config-"));
});
afterAll(() => {
  rmSync(configDir, { recursive: true, force: true });
});

/** A program with one resource of each noun, each breaking a policy (two disablements of one server). */
function program(skillFolder: string): string {
  return `${yamlPluginHeader("flashduty-plugin-policy")}config:
  header:
    type: string
    secret: true
resources:
  grafana-off:
    type: flashduty:index:McpServerDisablement
    properties:
      serverId: mcp_grafana
      restoreOnDelete: false
  grafana-again:
    type: flashduty:index:McpServerDisablement
    properties:
      serverId: mcp_grafana
  insecure:
    type: flashduty:index:McpServer
    properties:
      serverName: plugin-insecure
      transport: streamable-http
      url: https://mcp.example/mcp
      headers:
        Authorization: \${header}
      allowInsecureTlsSkipVerify: true
      teamId: 1
  agent:
    type: flashduty:index:A2aAgent
    properties:
      agentName: plugin-policy-agent
      instructions: Ask about refunds
      cardUrl: http://payments.example/card.json
      teamId: 1
  notes:
    type: flashduty:index:KnowledgeFile
    properties:
      path: scratch/todo.md
      content: "todo"
      teamId: 1
  triage:
    type: flashduty:index:Skill
    properties:
      source:
        fn::fileArchive: ${skillFolder}
  hourly:
    type: flashduty:index:AutomationRule
    properties:
      name: Plugin hourly check
      prompt: Check the error budget
      cronExpr: "0 * * * *"
      teamId: 1
`;
}

describe("the Flashduty policy pack on a YAML program on the provider plugin", () => {
  test("each policy reports the plugin's resources by their flashduty:index tokens; mandatory ones fail the preview; no secret shown", async () => {
    const skillFolder = path.join(world().dir, "skills", "plugin-policy-triage");
    mkdirSync(skillFolder, { recursive: true });
    writeFileSync(path.join(skillFolder, "SKILL.md"), skillMd({ name: "plugin-policy-triage", description: "From YAML" }));
    const ws = await yamlPluginStack(world(), { program: program(skillFolder), appKey: emulator().keys.admin });
    await ws.setConfig("header", HEADER_SECRET, true);
    const configFile = path.join(configDir, "config.json");
    writeFileSync(
      configFile,
      JSON.stringify({
        "flashduty-required-disabled-servers": { serverIds: ["mcp_grafana", "mcp_github"] },
        "flashduty-skill-guardrails": { requireTeamScope: true },
        "flashduty-knowledge-file-guardrails": { allowedPaths: ["DUTY.md", "runbooks/**/*.md"] },
        "flashduty-automation-rule-guardrails": { minScheduleIntervalMinutes: 120, checkMaxEnabledRules: false },
      }),
    );

    const result = await ws.run(["preview", "--policy-pack", PACK, "--policy-pack-config", configFile], { check: false });
    expect(result.code, result.output).not.toBe(0);
    const found = printedViolations(result.output);
    const of = (policy: string) => found.filter((v) => v.policy === policy);
    const message = (policy: string) => of(policy).map((v) => v.text.split("\n").at(-1));

    // Stack policies: the plugin disablement of mcp_grafana counts; two of them are one too many.
    expect(of("flashduty-required-disabled-servers")).toEqual([expect.objectContaining({ level: "mandatory" })]);
    expect(of("flashduty-required-disabled-servers")[0]!.text).toMatch(/have no McpServerDisablement in this stack: mcp_github\./);
    expect(of("flashduty-one-resource-per-server")).toEqual([
      expect.objectContaining({ level: "mandatory", subject: "flashduty:index:McpServerDisablement: grafana-off" }),
    ]);
    expect(message("flashduty-one-resource-per-server")).toEqual([
      'MCP server mcp_grafana is managed by 2 McpServerDisablement resources ("grafana-again", "grafana-off"); keep one.',
    ]);
    const rules = of("flashduty-automation-rule-guardrails");
    expect(rules.map((v) => v.text).join("\n")).toContain(
      'AutomationRule resource "hourly" (rule "Plugin hourly check"): schedule `0 * * * *` (`UTC`) fires every 60 minutes, more often than minScheduleIntervalMinutes (120)',
    );

    // Resource policies, each on its resource's plugin token.
    expect(of("flashduty-restore-on-delete")).toEqual([
      expect.objectContaining({ level: "advisory", subject: "flashduty:index:McpServerDisablement: grafana-off" }),
    ]);
    expect(of("flashduty-mcp-server-guardrails").map((v) => v.subject)).toEqual(["flashduty:index:McpServer: insecure"]);
    expect(message("flashduty-mcp-server-guardrails")).toEqual([
      "McpServer `insecure` (server `plugin-insecure`): allowInsecureTlsSkipVerify is true (the server's TLS certificate is not checked); remove it, or allow it with the policy setting allowInsecureTlsSkipVerify",
    ]);
    expect(of("flashduty-a2a-agent-guardrails").map((v) => v.subject)).toEqual(["flashduty:index:A2aAgent: agent"]);
    expect(message("flashduty-a2a-agent-guardrails")).toEqual([
      "A2aAgent `agent` (agent `plugin-policy-agent`): cardUrl uses plain http; use https, or allow it with the policy setting allowHttpCardUrl",
    ]);
    expect(of("flashduty-knowledge-file-guardrails").map((v) => v.subject)).toEqual(["flashduty:index:KnowledgeFile: notes"]);
    expect(message("flashduty-knowledge-file-guardrails")).toEqual([
      "KnowledgeFile `notes`: path `scratch/todo.md` is not under an allowed path (allowedPaths: `DUTY.md`, `runbooks/**/*.md`)",
    ]);
    expect(of("flashduty-skill-guardrails").map((v) => v.subject)).toEqual(["flashduty:index:Skill: triage"]);
    expect(message("flashduty-skill-guardrails")).toEqual([
      "Skill `triage`: account-wide skill (teamId unset or 0); this stack requires team-scoped skills: set teamId",
    ]);

    for (const secret of [HEADER_SECRET, "plugin-policy-header-secret", emulator().keys.admin]) expect(result.output).not.toContain(secret);
    // A preview: nothing was written.
    const counters = emulator().counters();
    expect(counters["mcpServer.create"].requests + counters["automationRule.create"].requests + counters["a2aAgent.create"].requests).toBe(0);
    expect(emulator().server("mcp_grafana")?.status).toBe("enabled");
  });
});
