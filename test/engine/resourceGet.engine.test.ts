/**
 * `McpServerDisablement.get` and `AutomationRule.get` with the real Pulumi CLI (local file://
 * backend) against the emulator over HTTP: the engine reads the object through the dynamic
 * provider's `read` (in preview and in update), records it as a read-only resource, and no
 * `up` or `destroy` writes to it.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { createEngineStack, type EngineStack } from "../support/engineStack";

let emulator: Emulator;
const stacks: EngineStack[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});

afterAll(async () => {
  for (const stack of stacks) stack.dispose();
  await emulator?.close();
});

async function newStack(program: NonNullable<Parameters<typeof createEngineStack>[0]["program"]>): Promise<EngineStack> {
  const stack = await createEngineStack({ baseUrl: emulator.url, appKey: emulator.keys.admin, program });
  stacks.push(stack);
  return stack;
}

/** Requests that change something on the platform, of every operation. */
function writes(): number {
  const c = emulator.counters();
  return (["mcpServer.disable", "mcpServer.enable", "automationRule.create", "automationRule.update", "automationRule.delete"] as const).reduce(
    (n, op) => n + c[op].requests,
    0,
  );
}

interface GetOutputs {
  id: string;
  isInstance: { mcpServerDisablement: boolean; automationRule: boolean };
  [key: string]: unknown;
}

describe("get with the real Pulumi CLI", () => {
  test("reads a server and a rule by id in preview and up, beside a declared resource; up and destroy never write to them", async () => {
    emulator.reset();
    const rule = emulator.visibleRules(emulator.keys.admin, { scope: "team" })[0]!;
    const stack = await newStack({
      servers: ["mcp_grafana"],
      gets: [
        { kind: "McpServerDisablement", name: "github", id: "mcp_github" },
        { kind: "McpServerDisablement", name: "declaredToo", id: "mcp_grafana", state: { restoreOnDelete: false } },
        { kind: "AutomationRule", name: "rule", id: rule.rule_id },
      ],
    });

    const preview = await stack.ws.run(["preview"]);
    expect(preview.output).toMatch(/read\s+pulumi-nodejs:dynamic\/flashduty:McpServerDisablement\s+github/);
    expect(writes()).toBe(0);

    await stack.ws.run(["up", "--yes", "--skip-preview"]);
    expect(writes()).toBe(1);
    expect(emulator.server("mcp_grafana")?.status).toBe("disabled");
    expect(emulator.server("mcp_github")?.status).toBe("enabled");
    const gets = ((await stack.ws.outputs()) as { gets: Record<string, GetOutputs> }).gets;
    expect(gets.github).toEqual({
      id: "mcp_github",
      serverId: "mcp_github",
      serverName: emulator.server("mcp_github")!.server_name,
      teamId: emulator.server("mcp_github")!.team_id,
      status: "enabled",
      disabledByThisResource: false,
      restoreOnDelete: true,
      isInstance: { mcpServerDisablement: true, automationRule: false },
    });
    expect(gets.declaredToo).toMatchObject({ serverId: "mcp_grafana", disabledByThisResource: false, restoreOnDelete: false });
    expect(gets.rule).toEqual({
      id: rule.rule_id,
      ruleId: rule.rule_id,
      name: rule.name,
      teamId: rule.team_id,
      cronExpr: rule.cron_expr,
      enabled: rule.enabled,
      isInstance: { mcpServerDisablement: false, automationRule: true },
    });
    const resources = (await stack.ws.exportState()).deployment.resources ?? [];
    const external = resources
      .filter((r) => r.external === true)
      .map((r) => String(r.urn).split("::").pop())
      .sort();
    expect(external).toEqual(["declaredToo", "github", "rule"]);

    // A console edit shows in the next read; nothing is put back.
    emulator.updateRule(rule.rule_id, { name: "Renamed in the console" });
    await stack.ws.run(["up", "--yes", "--skip-preview"]);
    expect(((await stack.ws.outputs()) as { gets: Record<string, GetOutputs> }).gets.rule!.name).toBe("Renamed in the console");
    expect(writes()).toBe(1);

    await stack.ws.run(["destroy", "--yes", "--skip-preview"]);
    // Only the declared resource's restore: the servers and the rule read by get stay as they are.
    expect(writes()).toBe(2);
    expect(emulator.server("mcp_grafana")?.status).toBe("enabled");
    expect(emulator.server("mcp_github")?.status).toBe("enabled");
    expect(emulator.rule(rule.rule_id)?.name).toBe("Renamed in the console");
  });

  test("an id the platform does not know fails preview and up, naming it", async () => {
    emulator.reset();
    const stack = await newStack({ gets: [{ kind: "McpServerDisablement", name: "missing", id: "mcp_missing" }] });
    const preview = await stack.ws.run(["preview"], { check: false });
    expect(preview.code).not.toBe(0);
    expect(preview.output).toMatch(/MCP server 'mcp_missing' not found/);
    await stack.setProgram({ gets: [{ kind: "AutomationRule", name: "missing", id: "arule_missing" }] });
    const up = await stack.ws.run(["up", "--yes", "--skip-preview"], { check: false });
    expect(up.code).not.toBe(0);
    expect(up.output).toMatch(/automation rule 'arule_missing' not found/);
    expect(writes()).toBe(0);
  });
});
