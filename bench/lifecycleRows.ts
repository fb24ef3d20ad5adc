/**
 * The rows of benchmarks 8 to 13 in `npm run bench`'s report (bench/run.ts): each noun's
 * lifecycle against its floor and the engine's own run, the growth with the stack's size, and
 * import-file. The shared row helpers and goals are in `reportRows.ts`.
 */
import { median } from "./common";
import type { RulesBenchResult } from "./automationRules";
import { mcpWrites, type McpBenchResult } from "./mcpServers";
import { a2aWrites, type A2aBenchResult } from "./a2aAgents";
import { skillKnowledgeWrites, type SkillsBenchResult } from "./skillsAndKnowledge";
import type { Floor } from "./floors";
import type { CommandPhase, LifecycleResult, ReferencePhases } from "./resourceLifecycle";
import { GROWTH_LATENCY_MS, driftRatio, growthWrites, type GrowthSizeResult } from "./growth";
import type { ImportFileBenchResult } from "./importFile";
import { s, x, yes, runs, GOALS, type Row } from "./reportRows";

function ruleCalls(p: CommandPhase, resources: number): string {
  const ops = Object.entries(p.calls)
    .map(([op, n]) => `${op} ${n} (${(n / resources).toFixed(2)}/resource)`)
    .join(", ");
  return `${ops || "no calls"}; ${p.status429} × 429`;
}

/**
 * The figures of one command of benchmarks 8 to 11. `goalRatio` is what the goals name: measured
 * time / (floor + the engine's own run of the same command for as many do-nothing resources).
 * `excess` is the provider's excess over the floor, (time - engine run) / floor, the ratio these
 * benchmarks printed until issue 47 (below zero when ours ran faster than the do-nothing run).
 */
function lifecycleRatios(seconds: number, floor: number, engine: number): { goalRatio: number; excess: number; ratioText: string } {
  const goalRatio = seconds / (floor + engine);
  const excess = (seconds - engine) / floor;
  return { goalRatio, excess, ratioText: `${x(goalRatio)} (excess over the floor, (time − engine) / floor: ${x(excess)})` };
}

/** The engine's own run of one command: its median and every run, s. */
interface EngineRef {
  median: number;
  runs: readonly number[];
}

function engineRef(noop: ReferencePhases, command: "up" | "previewRefresh" | "destroy"): EngineRef {
  return { median: noop[command], runs: noop.runs[command] };
}

/** `9.64 s (median of 9.50 / 9.64 / 9.80 s)`: a median and its runs. */
function timesText(median: number, runs: readonly number[]): string {
  return runs.length > 1 ? `${s(median)} (median of ${runs.map((v) => v.toFixed(2)).join(" / ")} s)` : s(median);
}

/**
 * The reference cell of benchmarks 8 to 12: floor + the engine's own run of the same program with
 * every resource a do-nothing dynamic resource with the same inputs (issue 47), the empty
 * project's `up` beside it.
 */
function lifecycleReference(name: string, floor: number, engine: number, engineRuns: readonly number[], emptyUp: number): string {
  return `${name} floor ${s(floor)} + engine ${timesText(engine, engineRuns)} = ${s(floor + engine)} (the engine: the same command for the same program, every resource a do-nothing dynamic resource with the same inputs and secrets; the empty project's \`up\`: ${s(emptyUp)})`;
}

const LIFECYCLE_GOAL = `time / (floor + engine) <= ${GOALS.lifecycleRatio}x`;

export function automationRuleRows(r: RulesBenchResult): Row[] {
  // "Floor plus one engine run": the engine's own run of the same command for 200 do-nothing
  // dynamic resources (no API call), measured in the same run; the empty project's `up` is shown beside it.
  const writesPerRule = (p: CommandPhase, op: string) => (p.calls[op] ?? 0) / r.resources;
  const label = `${r.resources} \`AutomationRule\`, 20 writes/s + 300/min, +${r.latencyMs} ms per request`;
  const row = (command: string, p: CommandPhase, floorName: string, floor: number, engine: EngineRef, write?: string): Row => {
    const { goalRatio, ratioText } = lifecycleRatios(p.seconds, floor, engine.median);
    return {
      no: "8",
      measurement: `\`pulumi ${command}\` of ${label}`,
      result: `${timesText(p.seconds, p.runs)}; ${ruleCalls(p, r.resources)}`,
      reference: lifecycleReference(floorName, floor, engine.median, engine.runs, r.engineSeconds),
      ratio: ratioText,
      goal: `${LIFECYCLE_GOAL}${write ? ", 0 × 429, 1 write/rule" : ", 0 × 429"}`,
      met: yes(goalRatio <= GOALS.lifecycleRatio && p.status429 === 0 && (write === undefined || writesPerRule(p, write) === 1)),
    };
  };
  return [
    row("up", r.up, "write", r.writeFloorSeconds, engineRef(r.noop, "up"), "automationRule.create"),
    row("preview --refresh", r.previewRefresh, "read", r.readFloorSeconds, engineRef(r.noop, "previewRefresh")),
    row("destroy", r.destroy, "write", r.writeFloorSeconds, engineRef(r.noop, "destroy"), "automationRule.delete"),
  ];
}

/** What benchmarks 9 and 10 measure alike: `up`, `preview --refresh` and `destroy` of one noun declared whole. */
type DeclaredNounResult = LifecycleResult & Pick<McpBenchResult, "resources" | "latencyMs" | "writeFloorSeconds" | "readFloorSeconds">;

/** How benchmarks 9 and 10 differ: their number, noun, one object's word, its writes, and what was left after `up` and `destroy`. */
interface DeclaredNoun {
  no: string;
  noun: string;
  unit: string;
  writes: (p: CommandPhase) => number;
  afterUp: string;
  afterDestroy: string;
}

/** The rows of benchmark 9 or 10 ("floor plus one engine run", as benchmark 8). */
function declaredNounRows(r: DeclaredNounResult, n: DeclaredNoun): Row[] {
  const label = `${r.resources} \`${n.noun}\`, 20 writes/s + 300/min, +${r.latencyMs} ms per request`;
  const row = (command: string, p: CommandPhase, floorName: string, floor: number, engine: EngineRef, writesPerObject: number, after?: string): Row => {
    const writesOk = n.writes(p) === writesPerObject * r.resources;
    const { goalRatio, ratioText } = lifecycleRatios(p.seconds, floor, engine.median);
    return {
      no: n.no,
      measurement: `\`pulumi ${command}\` of ${label}`,
      result: `${timesText(p.seconds, p.runs)}; ${ruleCalls(p, r.resources)}${after ? `; ${after}` : ""}`,
      reference: lifecycleReference(floorName, floor, engine.median, engine.runs, r.engineSeconds),
      ratio: ratioText,
      goal: `${LIFECYCLE_GOAL}, 0 × 429, ${writesPerObject} write/${n.unit}`,
      met: yes(goalRatio <= GOALS.lifecycleRatio && p.status429 === 0 && writesOk),
    };
  };
  return [
    row("up", r.up, "write", r.writeFloorSeconds, engineRef(r.noop, "up"), 1, n.afterUp),
    row("preview --refresh", r.previewRefresh, "read", r.readFloorSeconds, engineRef(r.noop, "previewRefresh"), 0),
    row("destroy", r.destroy, "write", r.writeFloorSeconds, engineRef(r.noop, "destroy"), 1, n.afterDestroy),
  ];
}

/** Benchmark 9's rows: `McpServer`. */
export function mcpServerRows(r: McpBenchResult): Row[] {
  return declaredNounRows(r, {
    no: "9",
    noun: "McpServer",
    unit: "server",
    writes: mcpWrites,
    afterUp: `${r.serversAfterUp} servers after`,
    afterDestroy: `${r.serversAfterDestroy} servers after`,
  });
}

/** Benchmark 10's rows: `A2aAgent`. */
export function a2aAgentRows(r: A2aBenchResult): Row[] {
  return declaredNounRows(r, {
    no: "10",
    noun: "A2aAgent",
    unit: "agent",
    writes: a2aWrites,
    afterUp: `${r.agentsAfterUp} agents after`,
    afterDestroy: `${r.agentsAfterDestroy} agents after`,
  });
}

/** `skill.upload 30 (3/s + 30/min: 10.00 s), ...`: how a floor of benchmark 11 is made. */
function floorText(f: Floor): string {
  return Object.entries(f.perOperation)
    .map(([op, b]) => `${op} ${b.requests}: ${s(b.seconds)}`)
    .join(", ");
}

export function skillKnowledgeRows(r: SkillsBenchResult): Row[] {
  // As benchmark 10: "floor plus one engine run"; the floor is the slowest operation's bucket.
  const label = `${r.skills} \`Skill\` + ${r.knowledgeFiles} \`KnowledgeFile\` (team 1), uploads 3/s + 30/min, file writes 20/s + 300/min, +${r.latencyMs} ms per request`;
  const row = (
    command: string,
    p: CommandPhase,
    floorName: string,
    floor: Floor,
    engine: EngineRef,
    writesPerResource: number,
    after?: { skills: number; files: number },
  ): Row => {
    const writesOk = skillKnowledgeWrites(p) === writesPerResource * r.resources;
    const { goalRatio, ratioText } = lifecycleRatios(p.seconds, floor.seconds, engine.median);
    return {
      no: "11",
      measurement: `\`pulumi ${command}\` of ${label}`,
      result: `${timesText(p.seconds, p.runs)}; ${ruleCalls(p, r.resources)}${after ? `; ${after.skills} skills and ${after.files} files after` : ""}`,
      reference: `${lifecycleReference(floorName, floor.seconds, engine.median, engine.runs, r.engineSeconds)}; floor per bucket: ${floorText(floor)}`,
      ratio: ratioText,
      goal: `${LIFECYCLE_GOAL}, 0 × 429, ${writesPerResource} write/resource (pack ensures apart)`,
      met: yes(goalRatio <= GOALS.lifecycleRatio && p.status429 === 0 && writesOk),
    };
  };
  return [
    row("up", r.up, "write", r.writeFloor, engineRef(r.noop, "up"), 1, r.after.up),
    row("preview --refresh", r.previewRefresh, "read", r.readFloor, engineRef(r.noop, "previewRefresh"), 0),
    row("destroy", r.destroy, "delete", r.deleteFloor, engineRef(r.noop, "destroy"), 1, r.after.destroy),
  ];
}

const mib = (v: number) => `${v.toFixed(0)} MiB`;

export function growthRows(r: GrowthSizeResult): Row[] {
  const label = `${r.resources.toLocaleString("en-US")} mixed (${r.mix.disablements} \`McpServerDisablement\`, ${r.mix.mcpServers} \`McpServer\`, ${r.mix.automationRules} \`AutomationRule\`), +${GROWTH_LATENCY_MS} ms per request`;
  const memoryText = (m: GrowthSizeResult["memory"]["up"]) => `peak memory: engine ${mib(m.engine)}, program ${mib(m.program)}, provider ${mib(m.provider)}`;
  const row = (
    command: string,
    p: CommandPhase,
    floorName: string,
    floor: Floor,
    engine: EngineRef,
    writes: number,
    memory: GrowthSizeResult["memory"]["up"],
    after?: string,
  ): Row => {
    const { goalRatio, ratioText } = lifecycleRatios(p.seconds, floor.seconds, engine.median);
    const writesOk = growthWrites(p) === writes;
    return {
      no: "12",
      measurement: `\`pulumi ${command}\` of ${label}`,
      result: `${timesText(p.seconds, p.runs)}; ${ruleCalls(p, r.resources)}; ${growthWrites(p)} writes; ${memoryText(memory)}${after ? `; ${after}` : ""}`,
      reference: `${lifecycleReference(floorName, floor.seconds, engine.median, engine.runs, r.engineSeconds)}; floor per bucket: ${floorText(floor)}`,
      ratio: ratioText,
      goal: `${LIFECYCLE_GOAL}, 0 × 429, ${writes === 0 ? "no write" : "1 write/resource"}`,
      met: yes(goalRatio <= GOALS.lifecycleRatio && p.status429 === 0 && writesOk),
    };
  };
  const driftSeconds = r.drift.map((d) => d.seconds);
  const ratio = driftRatio(r);
  return [
    row(
      "up",
      r.up,
      "write",
      r.floors.up,
      engineRef(r.noop, "up"),
      r.resources,
      r.memory.up,
      `${r.afterUp.disabled} seeded servers disabled, ${r.afterUp.servers} servers made`,
    ),
    row("preview --refresh", r.previewRefresh, "read", r.floors.refresh, engineRef(r.noop, "previewRefresh"), 0, r.memory.previewRefresh),
    {
      no: "12",
      measurement: `\`pulumi-flashduty drift\` of the same stack (wraps \`preview --refresh\`)`,
      result: `${timesText(median(driftSeconds), driftSeconds)}; exit codes ${r.drift.map((d) => d.exitCode).join(", ")}; ${memoryText(r.memory.drift)}`,
      reference: `the \`preview --refresh\` of the same run: ${r.drift.map((d) => d.previewRefreshSeconds.toFixed(2)).join(" / ")} s`,
      ratio: `${x(ratio)} (median of drift / refresh per run: ${r.drift.map((d) => (d.seconds / d.previewRefreshSeconds).toFixed(2)).join(" / ")})`,
      goal: `<= ${GOALS.driftRatio}x, exit 0 (no drift)`,
      met: yes(ratio <= GOALS.driftRatio && r.drift.every((d) => d.exitCode === 0)),
    },
    row(
      "destroy",
      r.destroy,
      "write",
      r.floors.destroy,
      engineRef(r.noop, "destroy"),
      r.resources,
      r.memory.destroy,
      `${r.afterDestroy.disabled} seeded servers disabled, ${r.afterDestroy.servers} servers left`,
    ),
  ];
}

export function importFileRows(r: ImportFileBenchResult): Row[] {
  const ratio = r.median / r.floor.seconds;
  const status429 = r.status429.reduce((a, b) => a + b, 0);
  const chains = Object.entries(r.floor.chains)
    .map(([name, c]) => `${name}: ${c.requests} requests, ${s(c.seconds)}`)
    .join("; ");
  const made = `${r.made.servers} MCP servers, ${r.made.rules} rules, ${r.made.agents} A2A agents, ${r.made.knowledgeFiles} knowledge files`;
  return [
    {
      no: "13",
      measurement: `\`pulumi-flashduty import-file\`: ${made} (plus the seed), admin key, read and file written, 50/s + 1000/min, +${r.latencyMs} ms per request; median of ${r.seconds.length}`,
      result: `${s(r.median)} (${runs(r.seconds)}); ${r.resources} resources in the file, ${r.skipped} skipped; ${r.requests.join(" / ")} requests; ${status429} × 429`,
      reference: `read floor ${s(r.floor.seconds)} (the slowest listing chain; ${chains})`,
      ratio: x(ratio),
      goal: `<= ${GOALS.importFileRatio}x, 0 × 429`,
      met: yes(ratio <= GOALS.importFileRatio && status429 === 0),
    },
  ];
}
