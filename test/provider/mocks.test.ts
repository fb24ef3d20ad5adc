/**
 * Construction and serialization under `pulumi.runtime.setMocks` (no provider code runs): every
 * resource and data source constructs, and the provider serialized into state is small and
 * captures no key, client or configuration.
 */
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";

const SECRET_KEY = "fd-secret-app-key-that-must-not-leak";
const registered: pulumi.runtime.MockResourceArgs[] = [];
let emulator: Emulator;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, limits: false });
  process.env.FLASHDUTY_APP_KEY = SECRET_KEY;
  pulumi.runtime.setConfig("flashduty:appKey", emulator.keys.admin);
  pulumi.runtime.setConfig("flashduty:baseUrl", emulator.url);
  await pulumi.runtime.setMocks(
    {
      newResource(args) {
        registered.push(args);
        return { id: `${args.name}-id`, state: { ...args.inputs, status: "disabled", disabledByThisResource: true } };
      },
      call(args) {
        return args.inputs;
      },
    },
    "project",
    "stack",
    true,
  );
});
afterAll(async () => {
  delete process.env.FLASHDUTY_APP_KEY;
  await emulator.close();
});

function resolve<T>(output: pulumi.Output<T>): Promise<T> {
  return new Promise((done) => output.apply(done));
}

describe("under setMocks", () => {
  test("McpServerDisablement constructs with its type token, inputs and a thin serialized provider", async () => {
    const flashduty = await import("../../provider");
    const resource = new flashduty.McpServerDisablement("grafana", { serverId: "mcp_grafana" });
    expect(await resolve(resource.serverId)).toBe("mcp_grafana");
    expect(await resolve(resource.restoreOnDelete)).toBe(true);
    const args = registered.find((r) => r.name === "grafana")!;
    expect(args.type).toBe("pulumi-nodejs:dynamic/flashduty:McpServerDisablement");
    const serialized = String(args.inputs.__provider);
    expect(serialized).toContain('require("pulumi-flashduty/provider/mcpServerDisablementProvider")');
    expect(serialized.length).toBeLessThan(600);
    expect(serialized).not.toContain(SECRET_KEY);
    expect(serialized).not.toContain(emulator.keys.admin);
    expect(serialized).not.toContain(emulator.url);
  });

  test("declaring the resource leaves Error.stackTraceLimit as it was; an error while declaring it has the caller's stack", async () => {
    const flashduty = await import("../../provider");
    const before = Error.stackTraceLimit;
    const resource = new flashduty.McpServerDisablement("slack", { serverId: "mcp_slack" });
    expect(Error.stackTraceLimit).toBe(before);
    expect(resource).toBeInstanceOf(pulumi.CustomResource);
    expect(await resolve(resource.status)).toBe("disabled");

    let thrown: unknown;
    try {
      new flashduty.McpServerDisablement("orphan", { serverId: "mcp_x" }, { parent: {} as pulumi.Resource });
    } catch (err) {
      thrown = err;
    }
    expect(Error.stackTraceLimit).toBe(before);
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).message).toMatch(/parent/);
    expect((thrown as Error).stack).toContain("mocks.test.ts");
  });

  test("get reads by id: the engine gets the provider text and the state, never a serverId or ruleId; isInstance tells the resources apart", async () => {
    const flashduty = await import("../../provider");
    const server = flashduty.McpServerDisablement.get("existing-server", "mcp_github", { restoreOnDelete: false });
    expect(await resolve(server.status)).toBe("disabled");
    const read = registered.find((r) => r.name === "existing-server")!;
    expect(read.id).toBe("mcp_github");
    expect(read.type).toBe("pulumi-nodejs:dynamic/flashduty:McpServerDisablement");
    expect(String(read.inputs.__provider)).toContain('require("pulumi-flashduty/provider/mcpServerDisablementProvider")');
    expect(read.inputs).not.toHaveProperty("serverId");
    expect(read.inputs).not.toHaveProperty("resourceName");
    expect(read.inputs.restoreOnDelete).toBe(false);

    const rule = flashduty.AutomationRule.get("existing-rule", "arule_1", { ruleId: "arule_other", httpPostToken: "sat_known" });
    await resolve(rule.urn);
    const ruleRead = registered.find((r) => r.name === "existing-rule")!;
    expect(ruleRead.id).toBe("arule_1");
    expect(ruleRead.type).toBe("pulumi-nodejs:dynamic/flashduty:AutomationRule");
    expect(ruleRead.inputs).not.toHaveProperty("ruleId");
    expect(ruleRead.inputs.httpPostToken).toBe("sat_known");
    expect(pulumi.Output.isInstance(rule.httpPostToken)).toBe(true);

    const declared = new flashduty.McpServerDisablement("declared", { serverId: "mcp_k8s" });
    expect(flashduty.McpServerDisablement.isInstance(server)).toBe(true);
    expect(flashduty.McpServerDisablement.isInstance(declared)).toBe(true);
    expect(flashduty.McpServerDisablement.isInstance(rule)).toBe(false);
    expect(flashduty.AutomationRule.isInstance(rule)).toBe(true);
    expect(flashduty.AutomationRule.isInstance(server)).toBe(false);
    // Another copy of the package (a second install) makes objects that instanceof does not know.
    expect(flashduty.McpServerDisablement.isInstance({ __pulumiType: "pulumi-nodejs:dynamic/flashduty:McpServerDisablement" })).toBe(true);
    for (const other of [undefined, null, {}, "x", 1]) expect(flashduty.AutomationRule.isInstance(other)).toBe(false);
  });

  test("AutomationRule has every output, also those of arguments left to their defaults", async () => {
    const flashduty = await import("../../provider");
    const rule = new flashduty.AutomationRule("minimal", { name: "Minimal", prompt: "p", cronExpr: "0 8 * * *" });
    await resolve(rule.urn);
    for (const output of [rule.timezone, rule.teamId, rule.enabled, rule.environmentKind, rule.oncallIncidentChannelIds, rule.createdAt]) {
      expect(pulumi.Output.isInstance(output)).toBe(true);
    }
    const inputs = registered.find((r) => r.name === "minimal")!.inputs;
    // Defaults stay `check`'s to fill: nothing but the given arguments (and the provider) is sent.
    expect(Object.keys(inputs).sort()).toEqual(["__provider", "cronExpr", "name", "prompt"]);
  });

  test("the data sources construct in both forms and read through the configured client", async () => {
    const flashduty = await import("../../provider");
    const rules = await resolve(flashduty.getAutomationRulesOutput({ scope: "team" }));
    expect(rules.total).toBe(rules.rules.length);
    expect(rules.total).toBeGreaterThan(0);
    const templates = await resolve(flashduty.getAutomationTemplatesOutput({ locale: "en-US" }));
    expect(templates.templates.length).toBeGreaterThan(0);
    expect((await flashduty.getAutomationTemplates({ locale: "zh-CN" })).locale).toBe("zh-CN");
  });
});
