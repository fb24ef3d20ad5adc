/**
 * A pipeline killed at any moment, with the real Pulumi CLI against the emulator: `pulumi up` or
 * `pulumi destroy` interrupted before, during and after the disable (or enable) calls of a
 * batch, by SIGKILL of the CLI and every process below it, or by SIGINT/SIGTERM; then the
 * recovery the README documents ("Interrupted runs"). After it the platform matches the program,
 * the state tells the truth (no pending operations), each server was disabled and enabled
 * exactly once (audit log), and the final destroy enables every server this stack disabled.
 *
 * Disables (or gets, or enables) are slowed with the emulator's latency fault and the CLI runs
 * with `--parallel 2`, so a batch is in flight when the test, watching the emulator's request
 * log, interrupts the run.
 */
import { readFileSync, readdirSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator, type Emulator, type OperationName } from "../../emulator";
import { successes } from "../support/audit";
import { createEngineStack, type EngineStack } from "../support/engineStack";
import { processTree, signalCli, startCli, type RunningCli } from "../support/interruptedCli";

let emulator: Emulator;
const stacks: EngineStack[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, limits: false });
});

afterAll(async () => {
  for (const stack of stacks) stack.dispose();
  await emulator?.close();
});

/** Six servers that are enabled in the seed. */
const SERVERS = ["mcp_grafana", "mcp_prometheus", "mcp_github", "mcp_k8s", "mcp_datadog", "mcp_postgres"];
const LATENCY_MS = 1500;
const TYPE = "pulumi-nodejs:dynamic/flashduty:McpServerDisablement";

async function newStack(restoreOnDelete?: boolean | "always"): Promise<EngineStack> {
  const stack = await createEngineStack({
    baseUrl: emulator.url,
    appKey: emulator.keys.admin,
    program: { servers: SERVERS, ...(restoreOnDelete === undefined ? {} : { restoreOnDelete }) },
  });
  stacks.push(stack);
  return stack;
}

/** Answered requests of one operation so far. */
const answered = (operation: OperationName) => emulator.requestLog().filter((e) => e.operation === operation).length;

async function until(condition: () => boolean, what: string): Promise<void> {
  // No upper bound on time: the test's own timeout ends a run that never gets there.
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition(), what).toBe(true);
}

/** Waits for the CLI to exit, then for the calls it left in flight to reach the platform (the emulator applies them after their latency). */
async function settle(cli: RunningCli): Promise<string> {
  const result = await cli.exited;
  await new Promise((resolve) => setTimeout(resolve, LATENCY_MS + 1000));
  return result.output;
}

/**
 * The README's first step after a kill on a `file://` backend: delete the empty metadata sidecars
 * (`*.attrs`) that a kill while Pulumi saves the state or a lock can leave (its blob store writes
 * them in place; the state file itself is replaced atomically). Returns the deleted paths.
 */
function deleteEmptySidecars(stack: EngineStack): string[] {
  const root = path.join(stack.stateDir, ".pulumi");
  const empty = (readdirSync(root, { recursive: true }) as string[])
    .map((name) => path.join(root, name))
    .filter((file) => file.endsWith(".attrs") && statSync(file).size === 0);
  for (const file of empty) unlinkSync(file);
  return empty;
}

/** After a SIGKILL: the CLI has exited, the calls it left reached the platform, and the README's sidecar step has run. */
async function settleKilled(cli: RunningCli, stack: EngineStack): Promise<void> {
  await settle(cli);
  deleteEmptySidecars(stack);
}

/** A process's command line ("" once it is gone). */
function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
}

/** Whether process `pid` still exists (a zombie counts as gone: it runs nothing). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

/** The McpServerDisablement resources in the state by name, and the pending operations. */
async function stateOf(stack: EngineStack) {
  const { deployment } = (await stack.ws.exportState()) as {
    deployment: { resources?: Array<Record<string, any>>; pending_operations?: Array<Record<string, any>> };
  };
  const resources: Record<string, { serverId: string; status: string; disabledByThisResource: boolean; restoreOnDelete: boolean | "always" }> = {};
  for (const r of deployment.resources ?? []) if (r.type === TYPE) resources[String(r.urn).split("::").pop()!] = r.outputs;
  const pending = (deployment.pending_operations ?? []).map((op) => `${op.type} ${String(op.resource?.urn).split("::").pop()}`);
  return { resources, pending };
}

/** The README's recovery after a killed `up`: release the lock, drop the pending creates, run `up` again. */
async function recoverUp(stack: EngineStack): Promise<string> {
  await stack.ws.run(["cancel", "--yes"]);
  await stack.ws.run(["refresh", "--clear-pending-creates", "--yes"]);
  return (await stack.ws.run(["up", "--yes"])).output;
}

/** After the recovery: every server disabled on the platform and in the state, once each; no pending operation. */
async function expectConverged(stack: EngineStack): Promise<Record<string, { disabledByThisResource: boolean }>> {
  const { resources, pending } = await stateOf(stack);
  expect(pending).toEqual([]);
  expect(Object.keys(resources).sort()).toEqual([...SERVERS].sort());
  for (const serverId of SERVERS) {
    expect(resources[serverId], serverId).toMatchObject({ serverId, status: "disabled" });
    expect(emulator.server(serverId)?.status, serverId).toBe("disabled");
    expect(successes(emulator, "disable", serverId), serverId).toBe(1);
  }
  return resources;
}

/** The final destroy: every server enabled again, once each; an empty stack. */
async function expectDestroyRestoresAll(stack: EngineStack): Promise<void> {
  await stack.ws.run(["destroy", "--yes"]);
  const { resources, pending } = await stateOf(stack);
  expect(resources).toEqual({});
  expect(pending).toEqual([]);
  for (const serverId of SERVERS) {
    expect(emulator.server(serverId)?.status, serverId).toBe("enabled");
    expect(successes(emulator, "disable", serverId), serverId).toBe(1);
    expect(successes(emulator, "enable", serverId), serverId).toBe(1);
  }
}

/** Where in the batch the CLI is killed: the faulted operation and when to kill. */
const KILL_POINTS = {
  "before the disables (gets in flight)": { slow: "mcpServer.get", when: () => answered("mcpServer.get") >= 2 },
  "during the disables (a batch in flight)": { slow: "mcpServer.disable", when: () => answered("mcpServer.disable") >= 2 && answered("mcpServer.get") >= 4 },
  "after the disables (all answered)": { slow: "mcpServer.disable", when: () => answered("mcpServer.disable") >= SERVERS.length },
} as const;

// Each test runs 5 to 8 CLI commands; on a loaded machine that can take minutes (no upper bound is asserted).
describe("a pipeline killed at any moment: the next run converges and keeps the restore intent", { timeout: 600_000 }, () => {
  test.each(Object.keys(KILL_POINTS) as Array<keyof typeof KILL_POINTS>)(
    'restoreOnDelete "always": up killed (SIGKILL, every process) %s; recovery; destroy enables every server once',
    async (point) => {
      emulator.reset();
      const stack = await newStack("always");
      const { slow, when } = KILL_POINTS[point];
      emulator.setFaults([{ operation: slow, kind: "latency", latencyMs: LATENCY_MS }]);
      const cli = startCli(stack.ws, stack.projectDir, ["up", "--yes", "--parallel", "2"]);
      await until(when, point);
      signalCli(cli, "SIGKILL", "tree");
      await settleKilled(cli, stack);
      emulator.setFaults([]);

      const up = await recoverUp(stack);
      // Under "always" an adoption is no loss of intent: no warning.
      expect(up).not.toContain("adopted MCP server");
      await expectConverged(stack);
      await expectDestroyRestoresAll(stack);
    },
  );

  // The CLI killed alone (SIGKILL of its process group: an out-of-memory kill, a runner that kills
  // only the job's main process) cannot stop its provider plugin, which has a process group of its
  // own. The plugin notices that the engine is gone (provider/engine/engineWatch.ts), lets its
  // calls in flight finish and exits, instead of living on (and spinning on EPIPE) for good.
  test('restoreOnDelete "always": up with the CLI alone killed (SIGKILL, its group) during the disables: the orphaned provider plugin finishes its calls and exits; recovery converges', async () => {
    emulator.reset();
    const stack = await newStack("always");
    emulator.setFaults([{ operation: "mcpServer.disable", kind: "latency", latencyMs: LATENCY_MS }]);
    const cli = startCli(stack.ws, stack.projectDir, ["up", "--yes", "--parallel", "2"]);
    await until(KILL_POINTS["during the disables (a batch in flight)"].when, "a batch in flight");
    // The plugin's shell wrapper and the Node.js process it runs.
    const plugin = processTree(cli.pid).filter((pid) => /pulumi-resource-pulumi-nodejs|dynamic-provider/.test(commandLine(pid)));
    expect(plugin.length, "the dynamic-provider plugin's processes").toBe(2);
    signalCli(cli, "SIGKILL", "group");
    await cli.exited;
    expect(plugin.some(alive), "the plugin outlives the CLI").toBe(true);
    const disablesAnswered = answered("mcpServer.disable");
    // No upper bound on time (the test's timeout ends a plugin that never exits): about two engine checks.
    await until(() => !plugin.some(alive), "the orphaned plugin exited");
    // Besides the disables in flight at the kill (at most `--parallel`, 2), it sent none.
    expect(emulator.requestLog().filter((e) => e.operation === "mcpServer.disable").length).toBeLessThanOrEqual(disablesAnswered + 2);
    emulator.setFaults([]);
    deleteEmptySidecars(stack);

    const up = await recoverUp(stack);
    expect(up).not.toContain("adopted MCP server");
    await expectConverged(stack);
    await expectDestroyRestoresAll(stack);
  });

  test('restoreOnDelete true: the resources whose disables landed unrecorded adopt with a warning each; stating the intent ("always") makes destroy enable them', async () => {
    emulator.reset();
    const stack = await newStack();
    emulator.setFaults([{ operation: "mcpServer.disable", kind: "latency", latencyMs: LATENCY_MS }]);
    const cli = startCli(stack.ws, stack.projectDir, ["up", "--yes", "--parallel", "2"]);
    await until(KILL_POINTS["during the disables (a batch in flight)"].when, "a batch in flight");
    signalCli(cli, "SIGKILL", "tree");
    await settleKilled(cli, stack);
    emulator.setFaults([]);

    const killed = await stateOf(stack);
    const interrupted = killed.pending
      .filter((p) => p.startsWith("creating "))
      .map((p) => p.slice("creating ".length))
      .sort();
    // What the engine kept: the completed creates as resources (their servers disabled), the
    // interrupted ones as pending creates ("creating", with their inputs), nothing else.
    expect(interrupted.length).toBeGreaterThan(0);
    expect(killed.pending.length).toBe(interrupted.length);
    for (const name of Object.keys(killed.resources)) {
      expect(interrupted).not.toContain(name);
      expect(emulator.server(name)?.status, name).toBe("disabled");
    }

    const up = await recoverUp(stack);
    const resources = await expectConverged(stack);
    const adopted = SERVERS.filter((s) => !resources[s]?.disabledByThisResource).sort();
    // Exactly the interrupted creates whose disable reached the platform are adopted, each with a warning.
    expect(adopted.length).toBeGreaterThan(0);
    for (const serverId of adopted) {
      expect(interrupted).toContain(serverId);
      // Under the resource, not the stack.
      expect(up).toMatch(new RegExp(`McpServerDisablement \\(${serverId}\\):\\s+warning: McpServerDisablement "${serverId}" adopted MCP server '${serverId}'`));
    }
    // (The CLI shows each diagnostic twice: as it happens and in the summary.)
    const warned = new Set([...up.matchAll(/adopted MCP server '([a-z0-9_]+)'/g)].map((m) => m[1]));
    expect([...warned].sort()).toEqual(adopted);
    if (process.env.SHOW_UP === "1") console.log(up);
    expect(up).toContain('set restoreOnDelete: "always" on this resource');

    // The README's step: state the intent for the adopted servers; an update with no API call.
    const writesBefore = emulator.audit().length;
    await stack.setProgram({ servers: SERVERS.map((s) => (adopted.includes(s) ? { name: s, args: { serverId: s, restoreOnDelete: "always" } } : s)) });
    await stack.ws.run(["up", "--yes"]);
    expect(emulator.audit().length).toBe(writesBefore);
    expect((await stateOf(stack)).resources[adopted[0]!]).toMatchObject({ restoreOnDelete: "always", disabledByThisResource: false });
    await expectDestroyRestoresAll(stack);
  });

  // The group signal reaches the CLI alone (its plugins have process groups of their own); the
  // tree signal also reaches the provider plugin, which lets its calls in flight finish first.
  // (Both signals take the same path in the CLI and in the plugin, which
  // test/provider/gracefulShutdown.test.ts checks for each.)
  test.each([
    ["SIGINT", "group"],
    ["SIGTERM", "tree"],
  ] as const)("up interrupted by %s (%s) during the disables: the calls in flight finish and are recorded; no recovery needed", async (signal, scope) => {
    emulator.reset();
    const stack = await newStack();
    emulator.setFaults([{ operation: "mcpServer.disable", kind: "latency", latencyMs: LATENCY_MS }]);
    const cli = startCli(stack.ws, stack.projectDir, ["up", "--yes", "--parallel", "2"]);
    await until(KILL_POINTS["during the disables (a batch in flight)"].when, "a batch in flight");
    signalCli(cli, signal, scope);
    const result = await cli.exited;
    emulator.setFaults([]);
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/received; cancelling/);

    // Every disable that was sent is recorded: resources only (no pending operation), no adoption.
    const cancelled = await stateOf(stack);
    expect(cancelled.pending).toEqual([]);
    for (const serverId of SERVERS) {
      const recorded = cancelled.resources[serverId];
      if (emulator.server(serverId)?.status === "disabled") expect(recorded, serverId).toMatchObject({ disabledByThisResource: true });
      else expect(recorded, serverId).toBeUndefined();
    }
    // The next up (no `pulumi cancel`: the lock was released) creates the rest.
    const up = await stack.ws.run(["up", "--yes"]);
    expect(up.output).not.toContain("adopted MCP server");
    const resources = await expectConverged(stack);
    for (const serverId of SERVERS) expect(resources[serverId]?.disabledByThisResource, serverId).toBe(true);
    await expectDestroyRestoresAll(stack);
  });

  test('a kill while the state is saved can leave an empty sidecar: every command fails with "failed to load checkpoint: EOF" until the README\'s step deletes it', async () => {
    emulator.reset();
    const stack = await newStack("always");
    await stack.ws.run(["up", "--yes"]);
    // What a SIGKILL between the sidecar's truncation and its write leaves behind.
    const stacksDir = path.join(stack.stateDir, ".pulumi", "stacks");
    const sidecar = (readdirSync(stacksDir, { recursive: true }) as string[]).find((name) => path.basename(name) === `${stack.ws.stack}.json.attrs`);
    expect(sidecar).toBeDefined();
    writeFileSync(path.join(stacksDir, sidecar!), "");
    const broken = await stack.ws.run(["destroy", "--yes"], { check: false });
    expect(broken.code).not.toBe(0);
    expect(broken.output).toContain("failed to load checkpoint: EOF");

    expect(deleteEmptySidecars(stack)).toEqual([path.join(stacksDir, sidecar!)]);
    await stack.ws.run(["cancel", "--yes"]);
    await expectDestroyRestoresAll(stack);
  });

  test("destroy killed (SIGKILL, every process) during the enables: cancel, destroy again; each server enabled once", async () => {
    emulator.reset();
    const stack = await newStack();
    await stack.ws.run(["up", "--yes"]);
    emulator.setFaults([{ operation: "mcpServer.enable", kind: "latency", latencyMs: LATENCY_MS }]);
    const cli = startCli(stack.ws, stack.projectDir, ["destroy", "--yes", "--parallel", "2"]);
    await until(() => answered("mcpServer.enable") >= 2 && answered("mcpServer.get") >= 4, "a batch of enables in flight");
    signalCli(cli, "SIGKILL", "tree");
    await settleKilled(cli, stack);
    emulator.setFaults([]);
    const killed = await stateOf(stack);
    expect(Object.keys(killed.resources).length).toBeGreaterThan(0);

    await stack.ws.run(["cancel", "--yes"]);
    await expectDestroyRestoresAll(stack);
  });
});
