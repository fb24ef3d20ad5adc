/**
 * `npm run bench`: the benchmarks of issue 7 against the emulator, in one run. Prints a markdown
 * table on stdout (progress goes to stderr) and writes bench/results.json. See bench/README.md.
 *
 *   npm run bench                  # all of them, benchmark 12 at 100 and 1,000 resources
 *   npm run bench -- --only 1,5    # some of them (results.json then holds only those)
 *   npm run bench -- --window sliding --clock-offset-ms=-30000   # the emulator's rate-limit windows
 *   npm run bench -- --only 11 --skills 2 --knowledge-files 4     # benchmark 11 at a smaller size
 *   npm run bench -- --only 12 --sizes 100 --runs 1 --profile     # benchmark 12 at some sizes (default 100,1000), one run each, CPU profiles at the largest
 *   PULUMI_SKIP_CHECKPOINTS=true PULUMI_PARALLEL=5000 npm run bench -- --only 12 --sizes 5000   # benchmark 12 at 5,000 (over an hour), on request only
 *   npm run bench -- --only 9,10 --runs 3                          # runs per figure of benchmarks 8 to 12 (default 3)
 *   npm run bench -- --only 13 --import-resources 100             # benchmark 13 at a smaller size
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { REPO_ROOT, ensurePulumiCli } from "../scripts/pulumiCli";
import { median, platformWindows, progress, secondsSince } from "./common";
import { benchAutomationRules, type RulesBenchResult } from "./automationRules";
import { benchEngine, type EngineResult, type PhaseCalls } from "./engine";
import { benchMcpServers, mcpWrites, type McpBenchResult } from "./mcpServers";
import { a2aWrites, benchA2aAgents, type A2aBenchResult } from "./a2aAgents";
import { KNOWLEDGE_FILE_RESOURCES, SKILL_RESOURCES, benchSkillsAndKnowledge, skillKnowledgeWrites, type SkillsBenchResult } from "./skillsAndKnowledge";
import type { Floor } from "./floors";
import type { CommandPhase, ReferencePhases } from "./resourceLifecycle";
import { GROWTH_LATENCY_MS, GROWTH_SIZES, benchGrowthSize, driftRatio, growthWrites, type GrowthSizeResult } from "./growth";
import { benchImportFile, IMPORT_RESOURCES, type ImportFileBenchResult } from "./importFile";
import { benchPreview, type PreviewResult } from "./preview";
import { LATENCY_MS, RULES, benchRules, type RulesResult } from "./rules";
import { benchThroughput, type ThroughputResult } from "./throughput";
import { SHARED_LATENCY_MS, benchSharedReads, benchSharedStacks, type SharedReadsResult, type SharedStacksResult } from "./sharedAccount";

/** Goals of issue 7 (1, 2), issue 20 (6, 7), issues 24, 34, 46 and 45 (8 to 11: time / (floor + engine run), issue 47) and issue 48 (13). */
const GOALS = {
  rulesRatio: 1.2,
  upRatio: 1.2,
  sharedReadsRatio: 1.3,
  fairness: 1.5,
  sharedStacksRatio: 1.5,
  lifecycleRatio: 1.2,
  driftRatio: 1.1,
  importFileRatio: 1.2,
} as const;
const TIME_BUDGET_S = 300;

interface Row {
  no: string;
  measurement: string;
  result: string;
  reference: string;
  ratio: string;
  goal: string;
  met: string;
}

const s = (seconds: number) => `${seconds.toFixed(2)} s`;
const x = (ratio: number) => `${ratio.toFixed(2)}x`;
const yes = (ok: boolean) => (ok ? "yes" : "**no**");

function rulesRows(r: RulesResult): Row[] {
  const ours = r.ours.median / r.floorSeconds;
  const status429 = r.ours.status429.reduce((a, b) => a + b, 0);
  return [
    {
      no: "1",
      measurement: `\`getAutomationRules\`: ${RULES.toLocaleString("en-US")} rules (100 pages of 100), 50/s + 1000/min, +${LATENCY_MS} ms per request; median of ${r.ours.seconds.length}`,
      result: `${s(r.ours.median)} (${r.ours.seconds.map((v) => v.toFixed(2)).join(" / ")}); ${status429} × 429`,
      reference: `floor ${s(r.floorSeconds)} (${r.floorDerivation})`,
      ratio: x(ours),
      goal: `<= ${GOALS.rulesRatio}x`,
      met: yes(ours <= GOALS.rulesRatio),
    },
    {
      no: "1",
      measurement: "plain sequential page-by-page loop (the vendor tools' way), same rules and limits",
      result: `${s(r.sequential.seconds)}; ${r.sequential.status429} × 429`,
      reference: `floor ${s(r.floorSeconds)}`,
      ratio: x(r.sequential.seconds / r.floorSeconds),
      goal: "(comparison)",
      met: `ours ${x(r.sequential.seconds / r.ours.median)} faster`,
    },
  ];
}

function callsText(p: PhaseCalls): string {
  const per = p.perResource;
  const ops = Object.entries(p.byOperation)
    .map(([op, n]) => `${op.replace("mcpServer.", "")} ${n}`)
    .join(", ");
  return `${fmt(per.calls)} (${fmt(per.reads)} read + ${fmt(per.writes)} write)${ops ? `; ${ops}` : ""}`;
}

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

/** Raw seconds of each run, in run order: `6.16 / 6.02 / 6.30 s`. */
function runs(seconds: readonly number[]): string {
  return `${seconds.map((v) => v.toFixed(2)).join(" / ")} s`;
}

function engineRows(r: EngineResult): Row[] {
  const floor = r.floor.seconds;
  const net = (p: PhaseCalls) => p.seconds - r.emptyUpMedian;
  const createRatio = net(r.create) / net(r.noopCreate);
  const n = r.resources;
  return [
    {
      no: "2",
      measurement: `\`pulumi up\` creating ${n} \`McpServerDisablement\` (default --parallel), 50/s + 1000/min, minus the empty-stack \`up\` (${s(r.emptyUpMedian)}); median of ${r.createRuns.length}, alternating with the reference`,
      result: `${s(net(r.create))} (raw ${runs(r.createRuns)})`,
      reference: `the same \`up\` with a do-nothing dynamic provider: ${s(net(r.noopCreate))} (raw ${runs(r.noopCreateRuns)}; rate-limit floor ${s(floor)}: ${n} gets and ${n} disables, a 50/s bucket each)`,
      ratio: `${x(createRatio)} (raw ${x(r.create.seconds / r.noopCreate.seconds)}; ${x(net(r.create) / floor)} of the floor)`,
      goal: `<= ${GOALS.upRatio}x`,
      met: yes(createRatio <= GOALS.upRatio),
    },
    {
      no: "2",
      measurement: "429 answers during that `up`",
      result: String(r.create.status429),
      reference: "",
      ratio: "",
      goal: "0",
      met: yes(r.create.status429 === 0),
    },
    {
      no: "2",
      measurement: `reference: the same \`up\` with a do-nothing dynamic provider (no API call), minus the empty-stack \`up\``,
      result: s(net(r.noopCreate)),
      reference: `floor ${s(floor)}`,
      ratio: x(net(r.noopCreate) / floor),
      goal: "(engine alone)",
      met: "",
    },
    {
      no: "2",
      measurement: "reference: our `up` with `PULUMI_SKIP_CHECKPOINTS=true`, minus the empty-stack `up`",
      result: `${s(net(r.createWithoutCheckpoints))}; ${r.createWithoutCheckpoints.status429} × 429`,
      reference: `floor ${s(floor)}`,
      ratio: x(net(r.createWithoutCheckpoints) / floor),
      goal: "(what-if)",
      met: "",
    },
    {
      no: "2",
      measurement: "reference: stack state after the create (every engine checkpoint rewrites it whole)",
      result: `${(r.state.bytes / 1e6).toFixed(2)} MB, ${(r.state.bytesPerResource / 1e3).toFixed(1)} KB per resource`,
      reference: `serialized provider ${(r.state.providerTextBytes / 1e3).toFixed(1)} KB, in inputs and outputs`,
      ratio: "",
      goal: "",
      met: "",
    },
    {
      no: "2",
      measurement: `reference, no Pulumi: the create's ${2 * n} calls from the SDK client, ${n} resources 8 at a time (a rate bucket per operation, as shipped)`,
      result: `${s(r.clientAlone.seconds)}; ${r.clientAlone.status429} × 429`,
      reference: `floor ${s(floor)}`,
      ratio: x(r.clientAlone.seconds / floor),
      goal: "(API pacing alone)",
      met: "",
    },
    {
      no: "3",
      measurement: "API calls per resource: create (`up`)",
      result: callsText(r.create),
      reference: "",
      ratio: "",
      goal: "2 calls (1 write)",
      met: yes(r.create.perResource.calls === 2 && r.create.perResource.writes === 1),
    },
    {
      no: "3",
      measurement: `API calls per resource: \`pulumi refresh\` (${s(r.refresh.seconds)})`,
      result: callsText(r.refresh),
      reference: "",
      ratio: "",
      goal: "1 call (0 writes)",
      met: yes(r.refresh.perResource.calls === 1 && r.refresh.perResource.writes === 0),
    },
    {
      no: "3",
      measurement: `API calls per resource: \`pulumi up\` with no change, preview included (${s(r.noChange.seconds)})`,
      result: callsText(r.noChange),
      reference: "",
      ratio: "",
      goal: "0 calls",
      met: yes(r.noChange.perResource.calls === 0),
    },
    {
      no: "3",
      measurement: `API calls per resource: \`pulumi destroy\` (${s(r.destroy.seconds)})`,
      result: callsText(r.destroy),
      reference: "",
      ratio: "",
      goal: "(not set)",
      met: "",
    },
  ];
}

function previewRows(r: PreviewResult): Row[] {
  return [
    {
      no: "4",
      measurement: `\`pulumi preview\` of the demo stack / the same project without the provider's resource and data sources; medians of ${r.previews}`,
      result: `${s(r.demoMedian)} / ${s(r.baselineMedian)}; ${r.apiCallsPerDemoPreview} API calls per demo preview`,
      reference: "",
      ratio: `${x(r.ratio)}, +${s(r.differenceSeconds)}`,
      goal: "(report)",
      met: "",
    },
    {
      no: "4",
      measurement: "reference: the project without the provider plus one do-nothing dynamic resource / without the provider",
      result: `${s(r.noopDynamicMedian)} / ${s(r.baselineMedian)}`,
      reference: "",
      ratio: `${x(r.noopDynamicMedian / r.baselineMedian)}, +${s(r.noopDynamicMedian - r.baselineMedian)}`,
      goal: "(Pulumi's share)",
      met: "",
    },
  ];
}

function throughputRows(r: ThroughputResult): Row[] {
  return r.scenarios.map((sc) => ({
    no: "5",
    measurement: `emulator throughput, limits off, ${sc.name} (${r.connections} connections, ${r.seconds} s, separate process)`,
    result: `${Math.round(sc.requestsPerSecond).toLocaleString("en-US")} requests/s (p99 ${sc.latencyP99Ms} ms)`,
    reference: "50/s production limit per operation",
    ratio: x(sc.headroom),
    goal: ">> 1x",
    met: yes(sc.headroom >= 10),
  }));
}

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

function automationRuleRows(r: RulesBenchResult): Row[] {
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

function mcpServerRows(r: McpBenchResult): Row[] {
  // As benchmark 8: "floor plus one engine run".
  const label = `${r.resources} \`McpServer\`, 20 writes/s + 300/min, +${r.latencyMs} ms per request`;
  const row = (command: string, p: CommandPhase, floorName: string, floor: number, engine: EngineRef, writesPerServer: number, servers?: string): Row => {
    const writesOk = mcpWrites(p) === writesPerServer * r.resources;
    const { goalRatio, ratioText } = lifecycleRatios(p.seconds, floor, engine.median);
    return {
      no: "9",
      measurement: `\`pulumi ${command}\` of ${label}`,
      result: `${timesText(p.seconds, p.runs)}; ${ruleCalls(p, r.resources)}${servers ? `; ${servers}` : ""}`,
      reference: lifecycleReference(floorName, floor, engine.median, engine.runs, r.engineSeconds),
      ratio: ratioText,
      goal: `${LIFECYCLE_GOAL}, 0 × 429, ${writesPerServer} write/server`,
      met: yes(goalRatio <= GOALS.lifecycleRatio && p.status429 === 0 && writesOk),
    };
  };
  return [
    row("up", r.up, "write", r.writeFloorSeconds, engineRef(r.noop, "up"), 1, `${r.serversAfterUp} servers after`),
    row("preview --refresh", r.previewRefresh, "read", r.readFloorSeconds, engineRef(r.noop, "previewRefresh"), 0),
    row("destroy", r.destroy, "write", r.writeFloorSeconds, engineRef(r.noop, "destroy"), 1, `${r.serversAfterDestroy} servers after`),
  ];
}

function a2aAgentRows(r: A2aBenchResult): Row[] {
  // As benchmark 9: "floor plus one engine run".
  const label = `${r.resources} \`A2aAgent\`, 20 writes/s + 300/min, +${r.latencyMs} ms per request`;
  const row = (command: string, p: CommandPhase, floorName: string, floor: number, engine: EngineRef, writesPerAgent: number, agents?: string): Row => {
    const writesOk = a2aWrites(p) === writesPerAgent * r.resources;
    const { goalRatio, ratioText } = lifecycleRatios(p.seconds, floor, engine.median);
    return {
      no: "10",
      measurement: `\`pulumi ${command}\` of ${label}`,
      result: `${timesText(p.seconds, p.runs)}; ${ruleCalls(p, r.resources)}${agents ? `; ${agents}` : ""}`,
      reference: lifecycleReference(floorName, floor, engine.median, engine.runs, r.engineSeconds),
      ratio: ratioText,
      goal: `${LIFECYCLE_GOAL}, 0 × 429, ${writesPerAgent} write/agent`,
      met: yes(goalRatio <= GOALS.lifecycleRatio && p.status429 === 0 && writesOk),
    };
  };
  return [
    row("up", r.up, "write", r.writeFloorSeconds, engineRef(r.noop, "up"), 1, `${r.agentsAfterUp} agents after`),
    row("preview --refresh", r.previewRefresh, "read", r.readFloorSeconds, engineRef(r.noop, "previewRefresh"), 0),
    row("destroy", r.destroy, "write", r.writeFloorSeconds, engineRef(r.noop, "destroy"), 1, `${r.agentsAfterDestroy} agents after`),
  ];
}

/** `skill.upload 30 (3/s + 30/min: 10.00 s), ...`: how a floor of benchmark 11 is made. */
function floorText(f: Floor): string {
  return Object.entries(f.perOperation)
    .map(([op, b]) => `${op} ${b.requests}: ${s(b.seconds)}`)
    .join(", ");
}

function skillKnowledgeRows(r: SkillsBenchResult): Row[] {
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

function growthRows(r: GrowthSizeResult): Row[] {
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

function importFileRows(r: ImportFileBenchResult): Row[] {
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

function sharedReadsRows(r: SharedReadsResult): Row[] {
  const ratio = r.wallSeconds / r.floorSeconds;
  return [
    {
      no: "6",
      measurement: `${r.processes} processes each read 10,000 rules at once (one account, admin key; a common start time, actual starts within ${r.startSpreadMs} ms), 50/s + 1000/min, +${SHARED_LATENCY_MS} ms per request`,
      result: `${s(r.wallSeconds)}; ${r.failures} failed; ${r.status429} × 429 of ${r.requests} requests`,
      reference: `account floor ${s(r.floorSeconds)} (${r.floorDerivation})`,
      ratio: x(ratio),
      goal: `0 failed, <= ${GOALS.sharedReadsRatio}x`,
      met: yes(r.failures === 0 && ratio <= GOALS.sharedReadsRatio),
    },
    {
      no: "6",
      measurement: `fairness of those ${r.processes}: slowest / fastest process`,
      result: `${r.perProcess.map((v) => v.toFixed(2)).join(" / ")} s`,
      reference: "",
      ratio: x(r.fairness),
      goal: `<= ${GOALS.fairness}x`,
      met: yes(r.fairness <= GOALS.fairness),
    },
  ];
}

function sharedStacksRows(r: SharedStacksResult): Row[] {
  return (["up", "destroy"] as const).map((name) => {
    const p = r[name];
    const engine = name === "up" ? r.noop.upSeconds : r.noop.destroySeconds;
    const reference = r.floorSeconds + engine;
    const ratio = p.wallSeconds / reference;
    const ok = p.failedCommands === 0 && p.wrongState === 0 && p.notExactlyOnce === 0;
    return {
      no: "7",
      measurement: `${r.stacks} stacks x ${r.resourcesPerStack} \`McpServerDisablement\`, one app key, \`pulumi ${name}\` all at once, 50/s + 1000/min`,
      result: `${s(p.wallSeconds)}; ${p.failedCommands} failed, ${p.wrongState} servers in the wrong state, ${p.notExactlyOnce} writes not exactly once; ${p.status429} × 429`,
      reference: `account floor ${s(r.floorSeconds)} (${r.stacks * r.resourcesPerStack} gets and ${r.stacks * r.resourcesPerStack} writes, a 50/s bucket each) + one engine run ${s(engine)} (the same ${r.stacks} stacks of do-nothing resources, \`${name}\` at once; ours over it: ${x(p.wallSeconds / engine)}; an empty-stack \`up\` alone: ${s(r.emptyUpSeconds)})`,
      ratio: x(ratio),
      goal: `0 failed, <= ${GOALS.sharedStacksRatio}x`,
      met: yes(ok && ratio <= GOALS.sharedStacksRatio),
    };
  });
}

function table(rows: Row[]): string {
  const header = ["#", "measurement", "result", "reference", "ratio", "goal", "met"];
  const line = (cells: string[]) => `| ${cells.map((c) => c.replace(/\|/g, "\\|")).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map((r) => line([r.no, r.measurement, r.result, r.reference, r.ratio, r.goal, r.met]))].join(
    "\n",
  );
}

function machine(): Record<string, string | number> {
  const sh = (cmd: string, args: string[]) => {
    try {
      return execFileSync(cmd, args, { encoding: "utf8" }).trim();
    } catch {
      return "unavailable";
    }
  };
  // The first folder the install script prints holds the CLI the benchmarks run (the rest is PATH for its plugins).
  const pulumi = path.join(ensurePulumiCli().split(path.delimiter)[0]!, "pulumi");
  return {
    nproc: sh("nproc", []),
    cpu: os.cpus()[0]?.model ?? "unknown",
    memory: sh("free", ["-h"]).split("\n")[1]?.replace(/\s+/g, " ") ?? "unknown",
    node: process.version,
    pulumi: sh(pulumi, ["version"]),
    os: `${os.type()} ${os.release()}`,
    loadAverageAtStart: os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(" "),
  };
}

async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      only: { type: "string" },
      window: { type: "string" },
      "clock-offset-ms": { type: "string" },
      skills: { type: "string" },
      "knowledge-files": { type: "string" },
      sizes: { type: "string" },
      runs: { type: "string" },
      profile: { type: "boolean" },
      "import-resources": { type: "string" },
    },
  });
  const only = values.only !== undefined ? new Set(values.only.split(",").map((v) => v.trim())) : undefined;
  const wanted = (n: string) => only === undefined || only.has(n);
  if (values.window !== undefined) {
    if (values.window !== "fixed" && values.window !== "sliding") throw new Error(`--window must be fixed or sliding, got "${values.window}"`);
    platformWindows.window = values.window;
  }
  if (values["clock-offset-ms"] !== undefined) {
    const offset = Number(values["clock-offset-ms"]);
    if (!Number.isInteger(offset)) throw new Error(`--clock-offset-ms must be an integer (ms), got "${values["clock-offset-ms"]}"`);
    platformWindows.clockOffsetMs = offset;
  }
  const count = (name: "skills" | "knowledge-files" | "import-resources", fallback: number): number => {
    const v = values[name];
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number >= 1, got "${v}"`);
    return n;
  };
  let runs: number | undefined;
  if (values.runs !== undefined) {
    runs = Number(values.runs);
    if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number >= 1, got "${values.runs}"`);
  }
  const sizes = values.sizes === undefined ? [...GROWTH_SIZES] : values.sizes.split(",").map((v) => Number(v.trim()));
  for (const n of sizes) if (!Number.isInteger(n) || n < 3) throw new Error(`--sizes must list whole numbers >= 3, got "${values.sizes}"`);
  const size11 = { skills: count("skills", SKILL_RESOURCES), knowledgeFiles: count("knowledge-files", KNOWLEDGE_FILE_RESOURCES) };
  const size13 = count("import-resources", IMPORT_RESOURCES);
  progress(`emulator rate-limit windows: ${platformWindows.window}, server clock ${platformWindows.clockOffsetMs} ms off ours`);
  // The engine's own checkpoints (it rewrites the whole state at every step) grow with the square
  // of the stack; PULUMI_SKIP_CHECKPOINTS, passed on to every pulumi command of measured and
  // reference runs alike, is how benchmark 12 reaches 5,000 resources here. Users do not set it,
  // so a run with it says so in its footer.
  // PULUMI_PARALLEL (the engine's --parallel for every command, the drift report's preview
  // included) the same way: benchmark 12 at 5,000 measures `up` with the parallelism bench/README.md
  // advises for stacks of thousands of rate-limited resources.
  const engineSettings = [
    process.env.PULUMI_SKIP_CHECKPOINTS === "true" ? "PULUMI_SKIP_CHECKPOINTS=true" : "",
    process.env.PULUMI_PARALLEL ? `PULUMI_PARALLEL=${process.env.PULUMI_PARALLEL}` : "",
  ]
    .filter((setting) => setting !== "")
    .join("; ");
  const engineNote = engineSettings === "" ? "" : `; ${engineSettings} (every pulumi command, measured and reference)`;
  if (engineSettings !== "") progress(`${engineSettings}: passed on to every pulumi command, measured and reference`);

  const t0 = performance.now();
  const started = new Date();
  const info = machine();
  const results: Record<string, unknown> = {};
  const rows: Row[] = [];

  if (wanted("1")) {
    progress("1. reading 10,000 rules");
    const r = await benchRules();
    results.rules = r;
    rows.push(...rulesRows(r));
  }
  if (wanted("2") || wanted("3")) {
    progress("2/3. pulumi up of 200 resources, calls per resource");
    const r = await benchEngine();
    results.engine = r;
    rows.push(...engineRows(r));
  }
  if (wanted("4")) {
    progress("4. preview overhead of the provider");
    const r = await benchPreview();
    results.preview = r;
    rows.push(...previewRows(r));
  }
  if (wanted("5")) {
    progress("5. emulator throughput");
    const r = await benchThroughput();
    results.throughput = r;
    rows.push(...throughputRows(r));
  }

  if (wanted("6")) {
    const shared: SharedReadsResult[] = [];
    for (const processes of [4, 8]) {
      progress(`6. ${processes} processes reading 10,000 rules each, one account`);
      const r = await benchSharedReads(processes);
      shared.push(r);
      rows.push(...sharedReadsRows(r));
    }
    results.sharedReads = shared;
  }
  if (wanted("7")) {
    progress("7. 6 stacks x 80 resources, one app key, up then destroy at once");
    const r = await benchSharedStacks();
    results.sharedStacks = r;
    rows.push(...sharedStacksRows(r));
  }
  if (wanted("8")) {
    progress("8. automation rules: up, preview --refresh, destroy of 200");
    const r = await benchAutomationRules(runs);
    results.automationRules = r;
    rows.push(...automationRuleRows(r));
  }

  if (wanted("9")) {
    progress("9. MCP servers: up, preview --refresh, destroy of 100");
    const r = await benchMcpServers(runs);
    results.mcpServers = r;
    rows.push(...mcpServerRows(r));
  }
  if (wanted("10")) {
    progress("10. A2A agents: up, preview --refresh, destroy of 100");
    const r = await benchA2aAgents(runs);
    results.a2aAgents = r;
    rows.push(...a2aAgentRows(r));
  }
  if (wanted("11")) {
    progress(`11. skills and knowledge files: up, preview --refresh, destroy of ${size11.skills} + ${size11.knowledgeFiles}`);
    const r = await benchSkillsAndKnowledge(size11, runs);
    results.skillsAndKnowledge = r;
    rows.push(...skillKnowledgeRows(r));
  }

  if (wanted("12")) {
    const growth: GrowthSizeResult[] = [];
    const largest = Math.max(...sizes);
    for (const n of sizes) {
      progress(`12. mixed stack of ${n}: up, preview --refresh, drift, destroy`);
      const profileDir = values.profile === true && n === largest ? path.join(REPO_ROOT, ".pulumi-state", "profiles", `growth-${n}`) : undefined;
      const r = await benchGrowthSize(n, { runs: runs ?? 3, profileDir });
      growth.push(r);
      rows.push(...growthRows(r));
      progress(`12. the rows of the stack of ${n}:\n${table(growthRows(r))}`);
      for (const p of r.profile ?? []) {
        for (const summary of p.summaries) {
          progress(`12. profile of ${p.command} (${s(p.seconds)}), ${summary.process}: ${path.basename(summary.file)}, ${summary.totalMs} ms sampled`);
          for (const t of summary.byPackage.slice(0, 8)) progress(`      ${t.name}: ${t.ms} ms (${(t.share * 100).toFixed(1)}%)`);
          for (const t of summary.topFunctions.slice(0, 8)) progress(`      fn ${t.name}: ${t.ms} ms`);
        }
      }
    }
    results.growth = growth;
  }
  if (wanted("13")) {
    progress(`13. import file of an account of ${size13} resources`);
    const r = await benchImportFile(size13);
    results.importFile = r;
    rows.push(...importFileRows(r));
  }

  const totalSeconds = secondsSince(t0);
  info.loadAverageAtEnd = os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(" ");
  const md = table(rows);
  const footer =
    `${started.toISOString()}; ${info.nproc} cores (${info.cpu}), memory ${info.memory}; Node.js ${info.node}; ` +
    `Pulumi ${info.pulumi}${engineNote}; emulator windows ${platformWindows.window}, server clock ${platformWindows.clockOffsetMs} ms off; load average ${info.loadAverageAtStart} at start, ${info.loadAverageAtEnd} at end; ` +
    `whole run ${totalSeconds.toFixed(0)} s (budget ${TIME_BUDGET_S} s, build not included).`;
  process.stdout.write(`${md}\n\n${footer}\n`);
  writeFileSync(
    path.join(REPO_ROOT, "bench", "results.json"),
    `${JSON.stringify({ date: started.toISOString(), machine: info, platformWindows, totalSeconds, table: md, rows, results }, null, 2)}\n`,
  );
  if (totalSeconds > TIME_BUDGET_S) progress(`warning: the run took ${totalSeconds.toFixed(0)} s, over the ${TIME_BUDGET_S} s budget`);
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`\nbench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
