import type { EngineResult, PhaseCalls } from "./engine";
import type { PreviewResult } from "./preview";
import { LATENCY_MS, RULES, type RulesResult } from "./rules";
import type { ThroughputResult } from "./throughput";
import { SHARED_LATENCY_MS, type SharedReadsResult, type SharedStacksResult } from "./sharedAccount";

/** Goals of issue 7 (1, 2), issue 20 (6, 7), issues 24, 34, 46 and 45 (8 to 11: time / (floor + engine run), issue 47) and issue 48 (13). */
export const GOALS = {
  rulesRatio: 1.2,
  upRatio: 1.2,
  sharedReadsRatio: 1.3,
  fairness: 1.5,
  sharedStacksRatio: 1.5,
  lifecycleRatio: 1.2,
  driftRatio: 1.1,
  importFileRatio: 1.2,
} as const;
export const TIME_BUDGET_S = 300;

export interface Row {
  no: string;
  measurement: string;
  result: string;
  reference: string;
  ratio: string;
  goal: string;
  met: string;
}

export const s = (seconds: number) => `${seconds.toFixed(2)} s`;
export const x = (ratio: number) => `${ratio.toFixed(2)}x`;
export const yes = (ok: boolean) => (ok ? "yes" : "**no**");

export function rulesRows(r: RulesResult): Row[] {
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

export function callsText(p: PhaseCalls): string {
  const per = p.perResource;
  const ops = Object.entries(p.byOperation)
    .map(([op, n]) => `${op.replace("mcpServer.", "")} ${n}`)
    .join(", ");
  return `${fmt(per.calls)} (${fmt(per.reads)} read + ${fmt(per.writes)} write)${ops ? `; ${ops}` : ""}`;
}

export function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

/** Raw seconds of each run, in run order: `6.16 / 6.02 / 6.30 s`. */
export function runs(seconds: readonly number[]): string {
  return `${seconds.map((v) => v.toFixed(2)).join(" / ")} s`;
}

export function engineRows(r: EngineResult): Row[] {
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
      // Since issue 62 the reads that arrive together share list pages: at most one call each.
      goal: "at most 1 call (0 writes)",
      met: yes(r.refresh.perResource.calls <= 1 && r.refresh.perResource.writes === 0),
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

export function previewRows(r: PreviewResult): Row[] {
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

export function throughputRows(r: ThroughputResult): Row[] {
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

export function sharedReadsRows(r: SharedReadsResult): Row[] {
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

export function sharedStacksRows(r: SharedStacksResult): Row[] {
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

export function table(rows: Row[]): string {
  const header = ["#", "measurement", "result", "reference", "ratio", "goal", "met"];
  const line = (cells: string[]) => `| ${cells.map((c) => c.replace(/\|/g, "\\|")).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map((r) => line([r.no, r.measurement, r.result, r.reference, r.ratio, r.goal, r.met]))].join(
    "\n",
  );
}
