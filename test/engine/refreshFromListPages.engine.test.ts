/**
 * A refresh answered from list pages (issue 62), with the real Pulumi CLI against the emulator:
 * a stack of disablements, servers, rules and agents refreshes with list pages and few gets, with
 * no diff; then console edits, a re-enabled server and a deleted rule show exactly as they did
 * with one get per resource, the deleted rule by its own get; `up --refresh` repairs them.
 * Per-noun equivalence of the answers is test/sdk/batchedGets.test.ts.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { startEmulator, type Emulator, type OperationName } from "../../emulator";
import { createEngineStack, type EngineStack } from "../support/engineStack";

let emulator: Emulator;
let stack: EngineStack | undefined;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, seed: { rules: 40, servers: 40 } });
});

afterAll(async () => {
  stack?.dispose();
  await emulator?.close();
});

const COUNT = 8;
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const PROGRAM = {
  servers: range(COUNT).map((i) => `mcp_gen_${String(i + 1).padStart(4, "0")}`),
  mcpServers: range(COUNT).map((i) => ({
    name: `server-${i}`,
    args: { serverName: `pages-${i}`, transport: "sse", url: `https://s${i}.example/sse`, teamId: 1 },
  })),
  automationRules: range(COUNT).map((i) => ({ name: `rule-${i}`, args: { name: `Pages ${i}`, prompt: "Look.", cronExpr: "0 8 * * *", teamId: 1 } })),
  a2aAgents: range(COUNT).map((i) => ({
    name: `agent-${i}`,
    args: {
      agentName: `pages-${i}`,
      instructions: "Answer.",
      cardUrl: `https://a${i}.example/card.json`,
      authType: "api_key",
      authConfig: { api_key: `key-${i}` },
      teamId: 1,
    },
  })),
};

const requests = (op: OperationName): number => emulator.counters()[op].requests;
const GETS: OperationName[] = ["mcpServer.get", "automationRule.get", "a2aAgent.get"];
/** Reads of each noun in one refresh (the disablements read servers too). */
const READS = [2 * COUNT, COUNT, COUNT];
/**
 * Most reads of each noun came from list pages: gets for at most half of them, plus `extra`
 * (a deleted resource's get). Not none: on a loaded machine the engine's reads may reach the
 * provider one by one, and those go as gets at once (sdk/batchedGets.ts).
 */
function expectMostlyPages(extra: number[] = [0, 0, 0]): void {
  const gets = GETS.map(requests);
  for (const [i, op] of GETS.entries())
    expect({ op, gets: gets[i] }).toSatisfy((c: { gets: number }) => c.gets >= extra[i]! && c.gets <= READS[i]! / 2 + extra[i]!);
}
const LISTS: OperationName[] = ["mcpServer.list", "automationRule.list", "a2aAgent.list"];
// All reads of the refresh reach the provider together, as with PULUMI_PARALLEL (benchmark 12).
const REFRESH = ["preview", "--refresh", "--parallel", "64"];

test("a refresh reads list pages, not one get per resource, and shows exactly the drift gets showed", async () => {
  stack = await createEngineStack({ baseUrl: emulator.url, appKey: emulator.keys.admin, program: PROGRAM });
  await stack.ws.run(["up", "--yes", "--parallel", "64"]);
  const outs = (await stack.ws.outputs()) as {
    mcpServers: Record<string, { serverId: string }>;
    automationRules: Record<string, { ruleId: string }>;
    a2aAgents: Record<string, { agentId: string }>;
  };

  emulator.resetCounters();
  await stack.ws.run([...REFRESH, "--expect-no-changes"]);
  expectMostlyPages();
  // Each list is one page or two here (40 seeded servers plus 8, 40 rules plus 8...).
  for (const op of LISTS) expect({ op, pages: requests(op) }).toSatisfy((c: { pages: number }) => c.pages >= 1 && c.pages <= 4);

  emulator.updateServer(outs.mcpServers["server-3"]!.serverId, { description: "edited in the console" });
  emulator.setServerStatus(PROGRAM.servers[2]!, "enabled");
  emulator.deleteRule(outs.automationRules["rule-5"]!.ruleId);
  emulator.updateA2aAgent(outs.a2aAgents["agent-1"]!.agentId, { instructions: "Edited." });
  emulator.resetCounters();
  const drift = await stack.ws.run([...REFRESH, "--diff"]);
  // The deleted rule, missing from the listing, was read by a get (its "not found" is the get's).
  expectMostlyPages([0, 1, 0]);
  // The description is not declared: the refresh shows it, the plan leaves it (not managed).
  expect(drift.stdout).toMatch(/\+ description\s+: "edited in the console"/);
  expect(drift.stdout).toMatch(/\+ pulumi-nodejs:dynamic\/flashduty:AutomationRule: \(create\)\s+\[urn=[^\]]*::rule-5\]/);
  expect(drift.stdout).toMatch(/McpServerDisablement::mcp_gen_0003\]\s+(?:\S.*\n\s+)*?~ status\s+: "disabled" => "enabled"/);
  expect(drift.stdout).toMatch(/~ instructions\s+: "Answer\." => "Edited\."/);
  expect(drift.stdout).toMatch(/\+ 1 to create\s+~ 2 to update\s+3 changes\. 30 unchanged/);

  await stack.ws.run(["up", "--refresh", "--yes", "--parallel", "64"]);
  emulator.resetCounters();
  await stack.ws.run([...REFRESH, "--expect-no-changes"]);
  expectMostlyPages();
  await stack.ws.run(["destroy", "--yes", "--parallel", "64"]);
});
