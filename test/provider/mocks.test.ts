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
