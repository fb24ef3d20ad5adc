/**
 * The provider with the real Pulumi CLI (local file:// backend) against the emulator over HTTP.
 */
import { readFileSync, readdirSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { successes } from "../support/audit";
import { camelKeys } from "../support/camelKeys";
import { createEngineStack, type EngineStack } from "../support/engineStack";
import { filesUnder } from "../support/files";

let emulator: Emulator;
const stacks: EngineStack[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});

afterAll(async () => {
  for (const stack of stacks) stack.dispose();
  await emulator?.close();
});

async function newStack(options: Omit<Parameters<typeof createEngineStack>[0], "baseUrl">): Promise<EngineStack> {
  const stack = await createEngineStack({ baseUrl: emulator.url, ...options });
  stacks.push(stack);
  return stack;
}

function writeRequests(): number {
  const counters = emulator.counters();
  return counters["mcpServer.disable"].requests + counters["mcpServer.enable"].requests;
}

describe("McpServerDisablement and the data sources with the real Pulumi CLI", () => {
  test("up, no-change preview, drift, refresh, destroy: each write exactly once", async () => {
    emulator.reset();
    const serverId = "mcp_grafana";
    const stack = await newStack({
      appKey: emulator.keys.admin,
      program: { servers: [serverId], rules: { scope: "team", enabled: true }, templates: ["en-US", "zh-CN"] },
    });

    await stack.ws.run(["up", "--yes"]);
    expect(successes(emulator, "disable", serverId)).toBe(1);
    expect(emulator.counters()["mcpServer.disable"].requests).toBe(1);
    expect(emulator.server(serverId)?.status).toBe("disabled");

    const outputs = (await stack.ws.outputs()) as {
      servers: Record<string, { status: string; disabledByThisResource: boolean }>;
      rules: { total: number; rules: Array<Record<string, unknown>> };
      templates: Record<string, { locale: string; templates: Array<{ name: string }> }>;
    };
    expect(outputs.servers[serverId]).toMatchObject({ status: "disabled", disabledByThisResource: true });
    const expectedRules = emulator
      .visibleRules(emulator.keys.admin, { scope: "team", enabled: true })
      // Rules without a trigger lack its fields, here as on the wire.
      .map((rule) => camelKeys(rule))
      .sort((a, b) => String(a.ruleId).localeCompare(String(b.ruleId)));
    expect(expectedRules.length).toBeGreaterThan(0);
    expect(outputs.rules.total).toBe(expectedRules.length);
    expect(outputs.rules.rules).toEqual(expectedRules);
    for (const locale of ["en-US", "zh-CN"]) {
      const names = emulator
        .templates(locale)
        .map((t) => t.name)
        .sort();
      expect(outputs.templates[locale]?.templates.map((t) => t.name)).toEqual(names);
    }

    // A second preview with nothing changed: no changes, no writes.
    const writesBefore = writeRequests();
    await stack.ws.run(["preview", "--expect-no-changes"]);
    expect(writeRequests()).toBe(writesBefore);

    // Someone enables the server in the console: refresh shows the drift, up fixes it once.
    emulator.setServerStatus(serverId, "enabled");
    const preview = await stack.ws.run(["preview", "--refresh", "--diff"]);
    expect(preview.output).toMatch(/1 to update/);
    expect(preview.output).toMatch(/~ status\s*: "disabled" => "enabled"/);
    expect(writeRequests()).toBe(writesBefore);
    await stack.ws.run(["up", "--refresh", "--yes"]);
    expect(successes(emulator, "disable", serverId)).toBe(2);
    expect(emulator.server(serverId)?.status).toBe("disabled");

    // Destroy puts back what the stack changed: one enable.
    await stack.ws.run(["destroy", "--yes"]);
    expect(successes(emulator, "enable", serverId)).toBe(1);
    expect(emulator.server(serverId)?.status).toBe("enabled");
  });

  test("an already disabled server is adopted without a write and stays disabled on destroy", async () => {
    emulator.reset();
    const serverId = "mcp_jira";
    expect(emulator.server(serverId)?.status).toBe("disabled");
    const stack = await newStack({ appKey: emulator.keys.admin, program: { servers: [serverId] } });
    await stack.ws.run(["up", "--yes"]);
    const outputs = (await stack.ws.outputs()) as { servers: Record<string, { disabledByThisResource: boolean }> };
    expect(outputs.servers[serverId]?.disabledByThisResource).toBe(false);
    await stack.ws.run(["destroy", "--yes"]);
    expect(writeRequests()).toBe(0);
    expect(emulator.server(serverId)?.status).toBe("disabled");
  });

  test("an unknown server fails `up` with a clear message and leaves nothing in state", async () => {
    emulator.reset();
    const stack = await newStack({ appKey: emulator.keys.admin, program: { servers: ["mcp_does_not_exist"] } });
    const up = await stack.ws.run(["up", "--yes"], { check: false });
    expect(up.code).not.toBe(0);
    expect(up.output).toContain("MCP server 'mcp_does_not_exist' not found");
    const state = await stack.ws.exportState();
    const custom = (state.deployment.resources ?? []).filter((r) => String(r.type).includes("McpServerDisablement"));
    expect(custom).toEqual([]);
    expect(writeRequests()).toBe(0);
  });

  test("a key without the ai-sre permission fails naming the missing permission", async () => {
    emulator.reset();
    const stack = await newStack({ appKey: emulator.keys.noAiSre, program: { servers: ["mcp_k8s"] } });
    const up = await stack.ws.run(["up", "--yes"], { check: false });
    expect(up.code).not.toBe(0);
    expect(up.output).toContain("lacks the MCP management permission (`ai-sre`)");
    expect(up.output).toContain("AccessDenied");
    expect(emulator.server("mcp_k8s")?.status).toBe("enabled");
  });

  test.each(["config", "env"] as const)("the app key (set via %s) appears nowhere in state, output or the backend folder", async (keyVia) => {
    emulator.reset();
    const key = emulator.keys.admin;
    const stack = await newStack({
      appKey: key,
      keyVia,
      program: { servers: ["mcp_prometheus"], rules: { scope: "all" }, templates: [null] },
    });
    const outputs: string[] = [];
    outputs.push((await stack.ws.run(["up", "--yes"])).output);
    outputs.push((await stack.ws.run(["preview", "--refresh", "--diff"])).output);
    outputs.push(JSON.stringify(await stack.ws.exportState()));
    outputs.push((await stack.ws.run(["stack", "output", "--json", "--show-secrets"])).output);
    outputs.push((await stack.ws.run(["destroy", "--yes"])).output);
    for (const text of outputs) expect(text).not.toContain(key);
    for (const file of filesUnder(stack.stateDir)) expect(readFileSync(file, "utf8")).not.toContain(key);
    // The stack config file holds the key only encrypted.
    for (const file of readdirSync(stack.projectDir).filter((f) => f.startsWith("Pulumi."))) {
      expect(readFileSync(path.join(stack.projectDir, file), "utf8")).not.toContain(key);
    }
  });
});
