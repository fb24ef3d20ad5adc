/**
 * A pipeline killed mid-`pulumi up` of a program with every noun (A2aAgent, McpServer,
 * AutomationRule, KnowledgeFile, Skill from folders), with the real Pulumi CLI against the
 * emulator: the CLI and every process below it get SIGKILL while creates are in flight (slowed
 * with the emulator's latency fault, so they reach the platform after the kill and the state
 * never records them), at three moments; then the recovery docs/interrupted-runs.md gives
 * (`pulumi cancel --yes`, `pulumi refresh --clear-pending-creates --yes`, `pulumi up --yes`),
 * with no edit of the program. After it every object exists exactly once on the platform, as the
 * program says and as the state records it; those whose create landed unrecorded were adopted
 * (each with a warning naming it; a knowledge file's write simply lands again); `pulumi preview --expect-no-changes` passes; `destroy` leaves
 * none of them.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator, type Emulator, type OperationName } from "../../emulator";
import { createEngineStack, type EngineStack } from "../support/engineStack";
import { signalCli, startCli } from "../support/interruptedCli";
import { skillMd } from "../support/skillArchives";

let emulator: Emulator;
const stacks: EngineStack[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, limits: false });
});

afterAll(async () => {
  for (const stack of stacks) stack.dispose();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await emulator?.close();
});

const LATENCY_MS = 1500;
const COUNT = 3;
const indexes = [...Array(COUNT).keys()];

/** A skill folder: SKILL.md named `name` and a script. */
function skillFolder(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "fd-kill-skill-"));
  dirs.push(dir);
  writeFileSync(path.join(dir, "SKILL.md"), skillMd({ name, description: `Skill ${name}`, version: "1.0.0" }));
  mkdirSync(path.join(dir, "scripts"));
  writeFileSync(path.join(dir, "scripts", "run.sh"), `echo ${name}\n`);
  return dir;
}

/** The program: COUNT of each noun, in teams and account-wide, some with secrets. */
function program() {
  return {
    automationRules: [
      { name: "rule0", args: { name: "kill-rule-0", prompt: "Summarise the night.", cronExpr: "0 7 * * *" } },
      {
        name: "rule1",
        args: {
          name: "kill-rule-1",
          prompt: "Check the deploy.",
          cronExpr: "0 0 * * *",
          scheduleTriggerEnabled: false,
          httpPostTriggerEnabled: true,
          teamId: 1,
        },
      },
      { name: "rule2", args: { name: "kill-rule-2", prompt: "Weekly report.", cronExpr: "0 9 * * 1", timezone: "Europe/Berlin", teamId: 1 } },
    ],
    mcpServers: indexes.map((i) => ({
      name: `server${i}`,
      args: {
        serverName: `kill-server-${i}`,
        transport: "streamable-http",
        url: `https://s${i}.example/mcp`,
        headers: { Authorization: `Bearer kill_secret_${i}` },
        ...(i === 1 ? { teamId: 1 } : {}),
      },
    })),
    a2aAgents: indexes.map((i) => ({
      name: `agent${i}`,
      args: {
        agentName: `kill-agent-${i}`,
        instructions: `Agent ${i}`,
        cardUrl: `https://a${i}.example/card.json`,
        ...(i === 0 ? { authType: "bearer", authConfig: { token: `kill_token_${i}` } } : {}),
        ...(i === 2 ? { teamId: 2 } : {}),
      },
    })),
    skills: indexes.map((i) => ({ name: `skill${i}`, args: { folder: skillFolder(`kill-skill-${i}`), ...(i === 1 ? { teamId: 1 } : {}) } })),
    knowledgeFiles: indexes.map((i) => ({
      name: `file${i}`,
      args: { path: `kill/file-${i}.md`, content: `# File ${i}\n`, ...(i === 2 ? { teamId: 1 } : {}) },
    })),
  };
}

/** The create operation of each noun, slowed so that creates are in flight at the kill. */
const CREATES: readonly OperationName[] = ["automationRule.create", "mcpServer.create", "a2aAgent.create", "skill.upload", "knowledgeFile.put"];

/** Answered requests of the given operations so far. */
const answered = (...operations: OperationName[]) => emulator.requestLog().filter((e) => operations.includes(e.operation)).length;

async function until(condition: () => boolean, what: string): Promise<void> {
  // No upper bound on time: the test's own timeout ends a run that never gets there.
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition(), what).toBe(true);
}

/** docs/interrupted-runs.md, "An empty sidecar": delete the empty `*.attrs` a kill can leave on a file:// backend. */
function deleteEmptySidecars(stack: EngineStack): void {
  const root = path.join(stack.stateDir, ".pulumi");
  for (const name of readdirSync(root, { recursive: true }) as string[]) {
    const file = path.join(root, name);
    if (file.endsWith(".attrs") && statSync(file).size === 0) unlinkSync(file);
  }
}

const NOUNS = ["AutomationRule", "McpServer", "A2aAgent", "Skill", "KnowledgeFile"] as const;
type Noun = (typeof NOUNS)[number];

/** The ids the state records for each noun (resource name to id), and the pending operations. */
async function stateOf(stack: EngineStack): Promise<{ ids: Record<Noun, Record<string, string>>; pending: string[] }> {
  const { deployment } = (await stack.ws.exportState()) as {
    deployment: { resources?: Array<Record<string, any>>; pending_operations?: Array<Record<string, any>> };
  };
  const ids = Object.fromEntries(NOUNS.map((noun) => [noun, {}])) as Record<Noun, Record<string, string>>;
  for (const r of deployment.resources ?? []) {
    const noun = NOUNS.find((n) => r.type === `pulumi-nodejs:dynamic/flashduty:${n}`);
    if (noun !== undefined) ids[noun][String(r.urn).split("::").pop()!] = String(r.id);
  }
  const pending = (deployment.pending_operations ?? []).map((op) => `${op.type} ${String(op.resource?.urn).split("::").pop()}`);
  return { ids, pending };
}

/** What the platform holds of the program's objects, by noun: the ids of each declared name. */
function platformObjects(): Record<Noun, Record<string, string[]>> {
  const named = <T>(items: T[], name: (item: T) => string, id: (item: T) => string, names: string[]) =>
    Object.fromEntries(names.map((n) => [n, items.filter((item) => name(item) === n).map(id)]));
  const p = program();
  const rules = [...emulator.visibleRules(emulator.keys.admin, { scope: "personal" }), ...emulator.visibleRules(emulator.keys.admin, { scope: "team" })];
  const files = emulator
    .knowledgePacks()
    .flatMap((pack) => emulator.knowledgeFiles(pack.pack_id).map((f) => ({ ...f, key: `${pack.scope === "team" ? pack.scope_id : 0}/${f.rel_path}` })));
  return {
    AutomationRule: named(
      rules,
      (r) => r.name,
      (r) => r.rule_id,
      p.automationRules.map((r) => r.args.name),
    ),
    McpServer: named(
      emulator.servers(),
      (s) => s.server_name,
      (s) => s.server_id,
      p.mcpServers.map((s) => s.args.serverName),
    ),
    A2aAgent: named(
      emulator.a2aAgents(),
      (a) => a.agent_name,
      (a) => a.agent_id,
      p.a2aAgents.map((a) => a.args.agentName),
    ),
    Skill: named(
      emulator.skills(),
      (s) => s.skill_name,
      (s) => s.skill_id,
      indexes.map((i) => `kill-skill-${i}`),
    ),
    KnowledgeFile: named(
      files,
      (f) => f.rel_path,
      (f) => f.key,
      p.knowledgeFiles.map((f) => f.args.path),
    ),
  };
}

/** The declared name of each resource, in the program's order (resource name to platform name). */
function declaredNames(): Record<Noun, Record<string, string>> {
  const p = program();
  return {
    AutomationRule: Object.fromEntries(p.automationRules.map((r) => [r.name, r.args.name])),
    McpServer: Object.fromEntries(p.mcpServers.map((s) => [s.name, s.args.serverName])),
    A2aAgent: Object.fromEntries(p.a2aAgents.map((a) => [a.name, a.args.agentName])),
    Skill: Object.fromEntries(indexes.map((i) => [`skill${i}`, `kill-skill-${i}`])),
    KnowledgeFile: Object.fromEntries(p.knowledgeFiles.map((f) => [f.name, f.args.path])),
  };
}

/** Where the CLI is killed: once enough creates were answered that others are in flight. */
const KILL_POINTS = {
  "early (the first creates answered)": () => answered(...CREATES) >= 2,
  midway: () => answered(...CREATES) >= 7,
  "late (the last creates in flight)": () => answered(...CREATES) >= 12,
} as const;

describe("a pipeline killed mid-`up` of every noun: the documented recovery leaves each object exactly once", { timeout: 900_000 }, () => {
  test.each(Object.keys(KILL_POINTS) as Array<keyof typeof KILL_POINTS>)("killed (SIGKILL, every process) %s", async (point) => {
    emulator.reset();
    const stack = await createEngineStack({ baseUrl: emulator.url, appKey: emulator.keys.admin, program: program() });
    stacks.push(stack);
    emulator.setFaults(CREATES.map((operation) => ({ operation, kind: "latency" as const, latencyMs: LATENCY_MS })));
    const cli = startCli(stack.ws, stack.projectDir, ["up", "--yes", "--parallel", "4"]);
    await until(KILL_POINTS[point], point);
    signalCli(cli, "SIGKILL", "tree");
    await cli.exited;
    // The creates in flight reach the platform after their latency.
    await new Promise((resolve) => setTimeout(resolve, LATENCY_MS + 1000));
    emulator.setFaults([]);
    deleteEmptySidecars(stack);

    // What the kill left: objects the state does not record (their creates are pending).
    const killed = await stateOf(stack);
    const landed = platformObjects();
    const unrecorded: string[] = [];
    for (const noun of NOUNS) {
      const recorded = new Set(Object.values(killed.ids[noun]));
      for (const ids of Object.values(landed[noun])) for (const id of ids) if (!recorded.has(id)) unrecorded.push(`${noun} ${id}`);
    }
    expect(killed.pending.filter((p) => p.startsWith("creating ")).length, "creates interrupted").toBeGreaterThan(0);

    // The recovery, as docs/interrupted-runs.md gives it; the program unchanged.
    await stack.ws.run(["cancel", "--yes"]);
    await stack.ws.run(["refresh", "--clear-pending-creates", "--yes"]);
    const up = await stack.ws.run(["up", "--yes"], { check: false });
    expect(up.code, up.output).toBe(0);

    const { ids, pending } = await stateOf(stack);
    expect(pending).toEqual([]);
    const onPlatform = platformObjects();
    const names = declaredNames();
    for (const noun of NOUNS) {
      expect(Object.keys(ids[noun]).sort(), noun).toEqual(Object.keys(names[noun]).sort());
      for (const [resource, name] of Object.entries(names[noun])) {
        // Exactly one object of each declared name, and it is the one the state records.
        expect(onPlatform[noun][name], `${noun} ${name}`).toEqual([ids[noun][resource]]);
      }
    }
    // What landed unrecorded was adopted, never made twice; rules and skills say so.
    for (const entry of unrecorded) {
      const [noun, id] = entry.split(" ") as [Noun, string];
      expect(Object.values(ids[noun]), entry).toContain(id);
      const kind = { AutomationRule: "automation rule", McpServer: "MCP server", A2aAgent: "A2A agent", Skill: "skill", KnowledgeFile: undefined }[noun];
      // A knowledge file's create writes the file at its path whatever is there (no adoption to tell).
      if (kind !== undefined) expect(up.output).toContain(`adopted ${kind} '${id}'`);
    }
    if (process.env.SHOW_UP === "1") console.log(point, unrecorded, up.output);

    await stack.ws.run(["preview", "--expect-no-changes"]);
    await stack.ws.run(["destroy", "--yes"]);
    const left = platformObjects();
    for (const noun of NOUNS) for (const [name, found] of Object.entries(left[noun])) expect(found, `${noun} ${name} after destroy`).toEqual([]);
  });
});
