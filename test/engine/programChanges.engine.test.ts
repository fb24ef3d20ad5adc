/**
 * The invariant of McpServerDisablement under ordinary program changes, with the real Pulumi CLI
 * against the emulator: after every successful `up`, every server the program declares is
 * disabled on the platform and the state says so; `destroy` enables at most once, and only what
 * the stack disabled. The emulator's audit log counts every disable and enable.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { auditOf, successes } from "../support/audit";
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

type Entry = string | { name: string; args: { serverId: string; restoreOnDelete?: boolean }; aliases?: string[]; deleteBeforeReplace?: boolean };

const entry = (name: string, serverId: string, extra: { aliases?: string[] } = {}): Entry => ({ name, args: { serverId }, ...extra });

async function newStack(servers: Entry[]): Promise<EngineStack> {
  const stack = await createEngineStack({ baseUrl: emulator.url, appKey: emulator.keys.admin, program: { servers } });
  stacks.push(stack);
  return stack;
}

const urnOf = (name: string) => `urn:pulumi:test::flashduty-engine-test::pulumi-nodejs:dynamic/flashduty:McpServerDisablement::${name}`;

/** The McpServerDisablement resources in the stack's state, by resource name. */
async function stateOf(stack: EngineStack): Promise<Record<string, { serverId: string; status: string; disabledByThisResource: boolean }>> {
  const { deployment } = await stack.ws.exportState();
  const out: Record<string, any> = {};
  for (const r of deployment.resources ?? []) {
    if (r.type === "pulumi-nodejs:dynamic/flashduty:McpServerDisablement") out[String(r.urn).split("::").pop()!] = r.outputs;
  }
  return out;
}

const status = (serverId: string) => emulator.server(serverId)?.status;
const writes = (serverId: string) => ({ disable: successes(emulator, "disable", serverId), enable: successes(emulator, "enable", serverId) });

/** After an up: every declared server is disabled on the platform and in the state. */
async function expectInvariant(stack: EngineStack, declared: Record<string, string>): Promise<void> {
  const state = await stateOf(stack);
  expect(Object.keys(state).sort()).toEqual(Object.keys(declared).sort());
  for (const [name, serverId] of Object.entries(declared)) {
    expect(state[name], name).toMatchObject({ serverId, status: "disabled" });
    expect(status(serverId), serverId).toBe("disabled");
  }
}

describe("McpServerDisablement keeps the platform equal to the program across program changes", () => {
  test("rename without aliases: the server stays disabled, the CLI warns naming `aliases`, destroy leaves it disabled", async () => {
    emulator.reset();
    const stack = await newStack([entry("a", "mcp_grafana")]);
    await stack.ws.run(["up", "--yes"]);
    expect((await stateOf(stack)).a).toMatchObject({ disabledByThisResource: true });

    await stack.setProgram({ servers: [entry("b", "mcp_grafana")] });
    const renamed = await stack.ws.run(["up", "--yes"]);
    await expectInvariant(stack, { b: "mcp_grafana" });
    expect(renamed.output).toMatch(/MCP server 'mcp_grafana' stays disabled/);
    expect(renamed.output).toMatch(/"aliases" resource option/);
    expect(writes("mcp_grafana")).toEqual({ disable: 1, enable: 0 });

    await stack.ws.run(["refresh", "--yes"]);
    await expectInvariant(stack, { b: "mcp_grafana" });
    await stack.ws.run(["destroy", "--yes"]);
    // The intent could not be carried across the rename: `b` adopted the server.
    expect(status("mcp_grafana")).toBe("disabled");
    expect(writes("mcp_grafana")).toEqual({ disable: 1, enable: 0 });
  });

  test("rename with aliases: no API write; destroy still restores once", async () => {
    emulator.reset();
    const stack = await newStack([entry("a", "mcp_prometheus")]);
    await stack.ws.run(["up", "--yes"]);
    const before = auditOf(emulator, "disable", "mcp_prometheus").length + auditOf(emulator, "enable", "mcp_prometheus").length;

    await stack.setProgram({ servers: [entry("b", "mcp_prometheus", { aliases: ["a"] })] });
    await stack.ws.run(["up", "--yes"]);
    await expectInvariant(stack, { b: "mcp_prometheus" });
    expect(auditOf(emulator, "disable", "mcp_prometheus").length + auditOf(emulator, "enable", "mcp_prometheus").length).toBe(before);
    expect((await stateOf(stack)).b).toMatchObject({ disabledByThisResource: true });

    await stack.ws.run(["destroy", "--yes"]);
    expect(status("mcp_prometheus")).toBe("enabled");
    expect(writes("mcp_prometheus")).toEqual({ disable: 1, enable: 1 });
  });

  test("a changed serverId and `up --replace` delete before create: the old server is restored, the new one disabled by the stack", async () => {
    emulator.reset();
    const stack = await newStack([entry("a", "mcp_k8s")]);
    await stack.ws.run(["up", "--yes"]);

    await stack.setProgram({ servers: [entry("a", "mcp_postgres")] });
    await stack.ws.run(["up", "--yes"]);
    await expectInvariant(stack, { a: "mcp_postgres" });
    expect(status("mcp_k8s")).toBe("enabled");
    expect(writes("mcp_k8s")).toEqual({ disable: 1, enable: 1 });

    const replaced = await stack.ws.run(["up", "--yes", "--replace", urnOf("a")]);
    expect(replaced.output).toMatch(/replaced/);
    await expectInvariant(stack, { a: "mcp_postgres" });
    // Delete before create: enable, then disable again, and the restore intent is kept.
    const postgres = emulator.audit().filter((e) => e.serverId === "mcp_postgres" && e.outcome === "success");
    expect(postgres.map((e) => e.operation)).toEqual(["disable", "enable", "disable"]);
    expect((await stateOf(stack)).a).toMatchObject({ disabledByThisResource: true });

    await stack.ws.run(["destroy", "--yes"]);
    expect(status("mcp_postgres")).toBe("enabled");
    expect(writes("mcp_postgres")).toEqual({ disable: 2, enable: 2 });
  });

  test("two resources for one server: a warning in preview (no API call) naming both and the server; disabled once, kept while either remains, restored once", async () => {
    emulator.reset();
    const stack = await newStack([entry("first", "mcp_datadog"), entry("second", "mcp_datadog")]);
    emulator.resetCounters();
    const preview = await stack.ws.run(["preview"]);
    expect(preview.output).toMatch(/"first" and "second" both declare MCP server 'mcp_datadog'/);
    expect(Object.values(emulator.counters()).reduce((n, c) => n + c.requests, 0)).toBe(0);

    await stack.ws.run(["up", "--yes"]);
    await expectInvariant(stack, { first: "mcp_datadog", second: "mcp_datadog" });
    expect(writes("mcp_datadog")).toEqual({ disable: 1, enable: 0 });
    const byUs = Object.entries(await stateOf(stack))
      .filter(([, r]) => r.disabledByThisResource)
      .map(([name]) => name);
    expect(byUs).toHaveLength(1);

    // Remove the one that disabled it: the other still declares the server, so it stays disabled.
    const other = byUs[0] === "first" ? "second" : "first";
    await stack.setProgram({ servers: [entry(other, "mcp_datadog")] });
    await stack.ws.run(["up", "--yes"]);
    await expectInvariant(stack, { [other]: "mcp_datadog" });
    expect(writes("mcp_datadog")).toEqual({ disable: 1, enable: 0 });

    // Both again, then destroy: enabled at most once.
    await stack.setProgram({ servers: [entry("first", "mcp_datadog"), entry("second", "mcp_datadog")] });
    await stack.ws.run(["up", "--yes"]);
    await expectInvariant(stack, { first: "mcp_datadog", second: "mcp_datadog" });
    await stack.ws.run(["destroy", "--yes"]);
    expect(writes("mcp_datadog").enable).toBeLessThanOrEqual(1);
  });

  test("moving servers between resources, removing one, re-adding it, with refresh between: the invariant holds after every up", async () => {
    emulator.reset();
    const stack = await newStack([entry("a", "mcp_grafana"), entry("b", "mcp_prometheus")]);
    await stack.ws.run(["up", "--yes"]);
    await expectInvariant(stack, { a: "mcp_grafana", b: "mcp_prometheus" });

    // Swap the servers of the two resources in one up.
    await stack.setProgram({ servers: [entry("a", "mcp_prometheus"), entry("b", "mcp_grafana")] });
    await stack.ws.run(["up", "--yes"]);
    await expectInvariant(stack, { a: "mcp_prometheus", b: "mcp_grafana" });
    await stack.ws.run(["refresh", "--yes"]);
    await expectInvariant(stack, { a: "mcp_prometheus", b: "mcp_grafana" });

    // Move a server to a new resource while removing its old one.
    await stack.setProgram({ servers: [entry("c", "mcp_prometheus"), entry("b", "mcp_grafana")] });
    await stack.ws.run(["up", "--yes"]);
    await expectInvariant(stack, { c: "mcp_prometheus", b: "mcp_grafana" });

    // Remove one: its server comes back if that resource disabled it (`c` adopted it in the move,
    // so it stays disabled, as the warning of the move said).
    const removed = (await stateOf(stack)).c!;
    await stack.setProgram({ servers: [entry("b", "mcp_grafana")] });
    await stack.ws.run(["up", "--yes"]);
    await expectInvariant(stack, { b: "mcp_grafana" });
    expect(status("mcp_prometheus")).toBe(removed.disabledByThisResource ? "enabled" : "disabled");
    emulator.setServerStatus("mcp_prometheus", "enabled");

    // Re-add it.
    await stack.setProgram({ servers: [entry("b", "mcp_grafana"), entry("c", "mcp_prometheus")] });
    await stack.ws.run(["up", "--yes", "--refresh"]);
    await expectInvariant(stack, { b: "mcp_grafana", c: "mcp_prometheus" });
    expect((await stateOf(stack)).c).toMatchObject({ disabledByThisResource: true });

    await stack.ws.run(["destroy", "--yes"]);
    // Destroy enables only what the stack disabled, each at most once per resource that did.
    expect(status("mcp_prometheus")).toBe("enabled");
    expect(successes(emulator, "enable", "mcp_prometheus")).toBeGreaterThan(0);
    for (const serverId of ["mcp_grafana", "mcp_prometheus"]) {
      const { disable, enable } = writes(serverId);
      expect(enable, serverId).toBeLessThanOrEqual(disable);
    }
  });

  test("--target and up --refresh after an out-of-band re-enable in the middle of a rename", async () => {
    emulator.reset();
    const stack = await newStack([entry("a", "mcp_postgres"), entry("k", "mcp_k8s")]);
    await stack.ws.run(["up", "--yes"]);

    // --target: only `k` changes its server; `a` is left alone.
    await stack.setProgram({ servers: [entry("a", "mcp_postgres"), entry("k", "mcp_github")] });
    await stack.ws.run(["up", "--yes", "--target", urnOf("k")]);
    await expectInvariant(stack, { a: "mcp_postgres", k: "mcp_github" });
    expect(status("mcp_k8s")).toBe("enabled");

    // Someone enables mcp_postgres in the console; the program renames `a` to `b` meanwhile.
    emulator.setServerStatus("mcp_postgres", "enabled");
    await stack.setProgram({ servers: [entry("b", "mcp_postgres"), entry("k", "mcp_github")] });
    await stack.ws.run(["up", "--yes", "--refresh"]);
    await expectInvariant(stack, { b: "mcp_postgres", k: "mcp_github" });
    // `b` found it enabled and disabled it itself, so its destroy restores it.
    expect((await stateOf(stack)).b).toMatchObject({ disabledByThisResource: true });

    await stack.ws.run(["destroy", "--yes"]);
    expect(status("mcp_postgres")).toBe("enabled");
    expect(status("mcp_github")).toBe("enabled");
  });

  test("an older stack that holds two resources for one server: removing one leaves the server disabled", async () => {
    emulator.reset();
    const stack = await newStack([entry("a", "mcp_datadog")]);
    await stack.ws.run(["up", "--yes"]);
    // Make the state of an older version that allowed duplicates: a second resource `b` for the
    // same server, recorded as the one that disabled it.
    const exported = await stack.ws.exportState();
    const a = exported.deployment.resources!.find((r) => String(r.urn).endsWith("::a"))!;
    const b = structuredClone(a);
    b.urn = urnOf("b");
    for (const props of [b.inputs, b.outputs]) {
      delete props.resourceName;
    }
    exported.deployment.resources!.push(b);
    await stack.importState(exported);

    await stack.setProgram({ servers: [entry("b", "mcp_datadog")] });
    const up = await stack.ws.run(["up", "--yes"]);
    await expectInvariant(stack, { b: "mcp_datadog" });
    expect(up.output).toMatch(/MCP server 'mcp_datadog' stays disabled/);
    expect(writes("mcp_datadog")).toEqual({ disable: 1, enable: 0 });

    await stack.ws.run(["destroy", "--yes"]);
    expect(status("mcp_datadog")).toBe("enabled");
    expect(writes("mcp_datadog")).toEqual({ disable: 1, enable: 1 });
  });
});
