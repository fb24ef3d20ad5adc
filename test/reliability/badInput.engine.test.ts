/**
 * Bad input (issue 6), table-driven, with the real Pulumi CLI: every input of McpServerDisablement
 * and of both data sources with bad values fails `pulumi preview` with a message naming the
 * field and the limit, and the emulator's counters show that no API call was made.
 *
 * To keep the time down the cases share a few preview runs: the engine stops at the first
 * resource whose check fails, so each resource case gets its own run; the data-source cases all
 * fail in one run (each rejection is printed). Every case is still asserted on its own.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { OPERATION_NAMES, startEmulator, type Emulator } from "../../emulator";
import type { CommandResult } from "../../scripts/pulumiCli";
import type { EngineStack } from "../support/engineStack";
import { expectNoCrash, reliabilityStack, setConfig } from "../support/reliability";

const TYPE = "pulumi-nodejs:dynamic/flashduty:McpServerDisablement";

/** Resource cases: one resource per run, named after the run. */
const RESOURCE_RUNS: Record<string, Record<string, unknown>> = {
  "empty-server-id": { serverId: "" },
  "blank-server-id": { serverId: " \t " },
  "numeric-server-id": { serverId: 42 },
  "missing-server-id": {},
  "string-restore": { serverId: "mcp_grafana", restoreOnDelete: "yes" },
  "numeric-restore": { serverId: "mcp_grafana", restoreOnDelete: 1 },
};

/** `run`: the resource (and run) name; `property` and `reason`: what the engine prints for the failed check. */
const RESOURCE_CASES: Array<{ name: string; run: string; property: string; reason: string }> = [
  { name: "serverId empty", run: "empty-server-id", property: "serverId", reason: "serverId must be a non-empty string (got an empty or blank string)" },
  { name: "serverId whitespace", run: "blank-server-id", property: "serverId", reason: "serverId must be a non-empty string (got an empty or blank string)" },
  {
    name: "serverId a number",
    run: "numeric-server-id",
    property: "serverId",
    reason: "serverId must be a string (an MCP server id such as 'mcp_grafana'), got number 42",
  },
  {
    name: "serverId missing",
    run: "missing-server-id",
    property: "serverId",
    reason: "serverId must be a string (an MCP server id such as 'mcp_grafana'), got undefined",
  },
  {
    name: "restoreOnDelete a string",
    run: "string-restore",
    property: "restoreOnDelete",
    reason: 'restoreOnDelete must be true, false or "always", got string "yes"',
  },
  {
    name: "restoreOnDelete a number",
    run: "numeric-restore",
    property: "restoreOnDelete",
    reason: 'restoreOnDelete must be true, false or "always", got number 1',
  },
];

/** Data-source cases, all in the run "data-sources". */
const RULE_CASES: Array<{ name: string; args: Record<string, unknown>; message: string }> = [
  { name: "pageSize 0", args: { pageSize: 0 }, message: "getAutomationRules: pageSize must be an integer from 1 to 100 (got 0)" },
  { name: "pageSize 101", args: { pageSize: 101 }, message: "getAutomationRules: pageSize must be an integer from 1 to 100 (got 101)" },
  { name: "pageSize 2.5", args: { pageSize: 2.5 }, message: "getAutomationRules: pageSize must be an integer from 1 to 100 (got 2.5)" },
  { name: "pageSize a string", args: { pageSize: "50" }, message: 'getAutomationRules: pageSize must be an integer from 1 to 100 (got "50")' },
  { name: "keyword of 65 characters", args: { keyword: "k".repeat(65) }, message: "keyword must be at most 64 characters (got 65)" },
  { name: "keyword a number", args: { keyword: 7 }, message: "keyword must be a string (got 7)" },
  { name: 'scope "everyone"', args: { scope: "everyone" }, message: 'scope must be one of all, personal, team (got "everyone")' },
  { name: "teamIds with a fraction", args: { teamIds: [1, 2.5] }, message: "teamIds[1] must be an integer (got 2.5)" },
  { name: "teamIds with a string", args: { teamIds: ["3"] }, message: 'teamIds[0] must be an integer (got "3")' },
  { name: "teamIds not a list", args: { teamIds: 3 }, message: "teamIds must be an array of integers (got 3)" },
  { name: "includePerson a string", args: { includePerson: "no" }, message: 'includePerson must be a boolean or null (got "no")' },
  { name: "enabled a string", args: { enabled: "yes" }, message: 'enabled must be a boolean or null (got "yes")' },
];
const TEMPLATE_CASES: Array<{ name: string; locale: unknown; message: string }> = [
  { name: "locale of 17 characters", locale: "en-US-x-abcdefghi", message: "locale must be at most 16 characters (got 17)" },
  { name: "locale a number", locale: 5, message: "locale must be a string (got 5)" },
];

let emulator: Emulator;
let stack: EngineStack | undefined;
const results = new Map<string, { result: CommandResult; requests: number }>();

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  stack = await reliabilityStack({ emulator, program: {} });
  const runs: Array<[string, Record<string, string>]> = [
    [
      "data-sources",
      {
        servers: "[]",
        ruleCases: JSON.stringify(RULE_CASES.map((c) => c.args)),
        templateCases: JSON.stringify(TEMPLATE_CASES.map((c) => c.locale)),
      },
    ],
    ...Object.entries(RESOURCE_RUNS).map(([name, args]): [string, Record<string, string>] => [
      name,
      { servers: JSON.stringify([{ name, args }]), ruleCases: "[]", templateCases: "[]" },
    ]),
  ];
  for (const [name, config] of runs) {
    await setConfig(stack, config);
    emulator.resetCounters();
    const result = await stack.ws.run(["preview"], { check: false });
    const requests = OPERATION_NAMES.reduce((sum, op) => sum + emulator.counters()[op].requests, 0);
    results.set(name, { result, requests });
  }
}, 150_000);

afterAll(async () => {
  stack?.dispose();
  await emulator?.close();
});

describe("bad input fails preview, naming the field and the limit, with no API call", () => {
  test.each(RESOURCE_CASES)("McpServerDisablement: $name", ({ run, property, reason }) => {
    const { result, requests } = results.get(run)!;
    expect(result.code).not.toBe(0);
    expectNoCrash(result.output);
    // e.g. "...McpServerDisablement resource 'numeric-server-id': property serverId value {42} has a problem: serverId must be..."
    expect(result.output).toMatch(new RegExp(`${TYPE} resource '${run}': property ${property} value .* has a problem: `));
    expect(result.output).toContain(`has a problem: ${reason}`);
    expect(requests).toBe(0);
  });

  test.each(RULE_CASES)("getAutomationRules: $name", ({ message }) => {
    const { result, requests } = results.get("data-sources")!;
    expect(result.code).not.toBe(0);
    expectNoCrash(result.output);
    expect(result.output).toContain(
      `FlashdutyValidationError: ${message.startsWith("getAutomationRules") ? "" : "POST /safari/automation/rule/list: "}${message}`,
    );
    expect(requests).toBe(0);
  });

  test.each(TEMPLATE_CASES)("getAutomationTemplates: $name", ({ message }) => {
    const { result, requests } = results.get("data-sources")!;
    expect(result.code).not.toBe(0);
    expectNoCrash(result.output);
    expect(result.output).toContain(`FlashdutyValidationError: POST /safari/automation/template/list: ${message}`);
    expect(requests).toBe(0);
  });

  test("nothing was created: the stack holds no resource after all the previews", async () => {
    const state = await stack!.ws.exportState();
    expect((state.deployment.resources ?? []).filter((r) => String(r.type).includes("McpServerDisablement"))).toEqual([]);
  });
});
