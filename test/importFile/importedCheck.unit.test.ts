/**
 * import-file's use of each resource's own `check` (importFile/importedCheck.ts), without the
 * API: the rows older than today's rules that the emulator's seed holds pass the check as the
 * engine runs it after an import, though a create with the same values is refused naming the
 * field; what no program could declare as the platform holds it is skipped with a line naming the
 * field and what to change in the console.
 */
import { describe, expect, it } from "vitest";
import {
  automationRuleImportInputs,
  type Candidate,
  failuresAfterImport,
  importFileOf,
  type Inputs,
  renderReport,
  TYPE_TOKENS,
  withCheckFailures,
} from "../../importFile";
import { check as a2aAgentCheck } from "../../provider/a2aAgent/provider";
import { check as ruleCheck } from "../../provider/automationRule/provider";
import { check as mcpServerCheck } from "../../provider/mcpServer/provider";
import type { AutomationRule } from "../../sdk";
import { MASKED_VALUE } from "../../wire/protocol";

/** A rule as `read` answers it on an import (every declared field). */
const RULE: Inputs = {
  name: "Slow query report (payments)",
  prompt: "Report the slowest queries.",
  cronExpr: "0 9 * * 1-5",
  timezone: "UTC",
  teamId: 2,
  enabled: true,
  scheduleTriggerEnabled: true,
  httpPostTriggerEnabled: false,
  oncallIncidentTriggerEnabled: false,
  oncallIncidentChannelIds: [],
  oncallIncidentSeverities: [],
  environmentKind: "",
  environmentId: "",
};

/** A server as `read` answers it on an import. */
const SERVER: Inputs = {
  serverName: "grafana",
  description: "",
  transport: "sse",
  url: "https://grafana.example/sse",
  args: [],
  env: {},
  headers: { Authorization: MASKED_VALUE },
  teamId: 1,
  environments: [],
  connectTimeoutSeconds: 0,
  callTimeoutSeconds: 0,
  authMode: "shared",
  allowInsecureOauthHttp: false,
  allowInsecureTlsSkipVerify: false,
  enabled: true,
};

const AGENT: Inputs = {
  agentName: "payments-oncall",
  instructions: "Ask about payments.",
  cardUrl: "https://agents.example/card.json",
  authType: "none",
  authMode: "shared",
  authConfig: {},
  streaming: false,
  teamId: 1,
  environments: [],
  allowInsecureOauthHttp: false,
  allowInsecureTlsSkipVerify: false,
  enabled: true,
};

/** The legacy shapes of the emulator's seed (emulator/README.md "Legacy rows"), as read answers them, and the field a create refuses. */
const LEGACY: Array<{ what: string; resource: "automationRule" | "mcpServer" | "a2aAgent"; inputs: Inputs; field: string }> = [
  {
    what: "an enabled on-call trigger whose channels were deleted",
    resource: "automationRule",
    inputs: { ...RULE, oncallIncidentTriggerEnabled: true, oncallIncidentChannelIds: [], oncallIncidentSeverities: ["Warning"] },
    field: "oncallIncidentChannelIds",
  },
  { what: "a cron whose minute is not fixed", resource: "automationRule", inputs: { ...RULE, cronExpr: "*/5 9-18 * * 1-5" }, field: "cronExpr" },
  { what: "a cron with both day fields restricted", resource: "automationRule", inputs: { ...RULE, cronExpr: "0 9 1 * 1" }, field: "cronExpr" },
  { what: "a rule name of 300 characters", resource: "automationRule", inputs: { ...RULE, name: "n".repeat(300) }, field: "name" },
  { what: "a server name starting with a digit", resource: "mcpServer", inputs: { ...SERVER, serverName: "2019-ops-bridge" }, field: "serverName" },
  { what: "a server name with spaces", resource: "mcpServer", inputs: { ...SERVER, serverName: "Generated server 0001" }, field: "serverName" },
  { what: "a server name of 81 characters", resource: "mcpServer", inputs: { ...SERVER, serverName: "s".repeat(81) }, field: "serverName" },
  {
    what: "a stdio server whose command is empty (read leaves it out)",
    resource: "mcpServer",
    inputs: { ...SERVER, transport: "stdio", url: undefined, headers: {}, args: ["--replica"] },
    field: "command",
  },
  { what: "an agent name of 205 characters", resource: "a2aAgent", inputs: { ...AGENT, agentName: "a".repeat(205) }, field: "agentName" },
];

const CREATE_CHECK = { automationRule: ruleCheck, mcpServer: mcpServerCheck, a2aAgent: a2aAgentCheck } as const;

describe("failuresAfterImport", () => {
  it.each(LEGACY)("$what: passes after the import, and a create with it is refused naming $field", async ({ resource, inputs, field }) => {
    const read = JSON.parse(JSON.stringify(inputs)) as Inputs;
    expect(await failuresAfterImport(resource, read)).toEqual([]);
    const created = await CREATE_CHECK[resource]({}, read);
    expect((created.failures ?? []).map((f) => f.property)).toContain(field);
  });

  it("a rule with no time zone reads as UTC, which the check accepts", async () => {
    const inputs = automationRuleImportInputs({ ...RULE, timezone: "", ruleId: "arule_1" } as unknown as AutomationRule);
    expect(inputs.timezone).toBe("UTC");
    expect(await failuresAfterImport("automationRule", inputs)).toEqual([]);
  });

  it("what no program can declare as the platform holds it is skipped, the line naming the field and what to change in the console", async () => {
    // A stand-in for a value the check refuses even as the state's (none of the seed's legacy
    // rows is one): a rule whose read answers no cron.
    const { cronExpr: _none, ...noCron } = RULE;
    const failures = await failuresAfterImport("automationRule", noCron);
    expect(failures.map((f) => f.field)).toEqual(["cronExpr"]);
    const candidates: Candidate[] = [
      { kind: "automationRule", id: "arule_nocron", name: "No cron", teamId: 2, canEdit: true, createdAt: 1, maskedSecrets: [], importInputs: noCron },
      {
        kind: "automationRule",
        id: "arule_legacy",
        name: "Legacy",
        teamId: 2,
        canEdit: true,
        createdAt: 2,
        maskedSecrets: [],
        importInputs: LEGACY[1]!.inputs,
      },
    ];
    const result = importFileOf(await withCheckFailures(candidates), {});
    expect(result.file.resources).toEqual([{ type: TYPE_TOKENS.automationRule, name: "ruleLegacy", id: "arule_legacy" }]);
    const line = renderReport(result)
      .split("\n")
      .find((l) => l.startsWith("skipped"));
    expect(line).toMatch(
      /^skipped flashduty:index:AutomationRule "No cron" \(id "arule_nocron"\): no program can declare it as the platform holds it: the provider's check refuses its cronExpr even as the value in state \(cronExpr: cronExpr is required.*\); change cronExpr in the Flashduty console to a value the check accepts, then run import-file again$/,
    );
  });

  it("checks a disabled server as the disablement it becomes under --disablements", async () => {
    const server: Candidate = {
      kind: "mcpServer",
      id: "mcp_x",
      name: "x",
      teamId: 1,
      canEdit: true,
      createdAt: 1,
      disabled: true,
      maskedSecrets: [],
      importInputs: { ...SERVER, serverName: undefined },
    };
    expect((await withCheckFailures([server]))[0]?.checkFailures?.map((f) => f.field)).toEqual(["serverName"]);
    expect((await withCheckFailures([server], { disablements: true }))[0]?.checkFailures).toBeUndefined();
  });
});
