/**
 * The rows of benchmark 14 (the Terraform provider, issue 59) in `npm run bench`'s report
 * (bench/run.ts): each command against its floor plus the `terraform_data` reference, and the
 * provider's start to its first schema answer through Terraform's launch and Pulumi's.
 */
import { median } from "./common";
import type { LaunchTiming } from "./pluginLaunch";
import { GOALS, type Row, s, x, yes } from "./reportRows";
import type { TerraformInitResult } from "./terraformInit";
import { COMMAND_NAMES, type TerraformBenchResult, type TerraformCommand, type TerraformSizeResult, terraformRatio, terraformWrites } from "./terraform";

/** `1.23 s (median of 1.20 / 1.23 / 1.40 s)`. */
function timesText(seconds: number, runs: readonly number[]): string {
  return runs.length > 1 ? `${s(seconds)} (median of ${runs.map((v) => v.toFixed(2)).join(" / ")} s)` : s(seconds);
}

const LABELS: Record<string, string> = {
  disablements: "disablements",
  disabled: "seeded servers disabled",
  mcpServers: "MCP servers",
  servers: "MCP servers",
  a2aAgents: "A2A agents",
  agents: "A2A agents",
  knowledgeFiles: "knowledge files",
  files: "knowledge files",
  automationRules: "rules",
  rules: "rules",
};

/** `200 MCP servers, 200 rules`: the counts of a mix or of what is on the emulator. */
function mixText(m: Record<string, number>): string {
  return Object.entries(m)
    .map(([kind, n]) => `${n} ${LABELS[kind] ?? kind}`)
    .join(", ");
}

/** Median of a list, rounded ms, or "–" when empty. */
function ms(values: readonly number[]): string {
  return values.length === 0 ? "–" : `${median(values).toFixed(0)} ms`;
}

function commandRow(r: TerraformSizeResult, command: TerraformCommand, runs: number): Row {
  const p = r.measured[command];
  const floor = r.floors[command];
  const reference = median(r.reference[command]);
  const ratio = terraformRatio(r, command);
  const excess = (p.seconds - reference) / floor.seconds;
  const writes = terraformWrites(p);
  const wantWrites = command === "refreshOnly" ? 0 : r.resources;
  const launches = r.launches[command];
  const calls = Object.entries(p.calls)
    .map(([op, n]) => `${op} ${n}`)
    .join(", ");
  const phases = floor.phases
    .map(
      (ph) =>
        `${ph.name} ${s(ph.floor.seconds)}: ${Object.entries(ph.floor.perOperation)
          .map(([op, b]) => `${op} ${b.requests}`)
          .join(", ")}`,
    )
    .join("; then ");
  const objects =
    command === "apply"
      ? `; on the emulator after apply: ${mixText({ ...r.afterApply })}`
      : command === "destroy"
        ? `; left after destroy: ${mixText({ ...r.afterDestroy })}`
        : "";
  const madeAll =
    command !== "apply" ||
    (r.afterApply.disabled === r.mix.disablements &&
      r.afterApply.servers === r.mix.mcpServers &&
      r.afterApply.agents === r.mix.a2aAgents &&
      r.afterApply.files === r.mix.knowledgeFiles &&
      r.afterApply.rules === r.mix.automationRules);
  const windows = Object.entries(p.windows)
    .filter(([op]) => op !== "automationRule.list")
    .sort((a, b) => a[1][0] - b[1][0])
    .map(([op, [first, last]]) => `${op} ${first.toFixed(1)}-${last.toFixed(1)}`)
    .join(", ");
  const cpu =
    p.cpu.length === 0
      ? ""
      : `; CPU of Terraform and its provider processes ${s(median(p.cpu))} (the reference's Terraform ${s(median(r.referenceCpu[command]))})`;
  const leftNone = command !== "destroy" || Object.values(r.afterDestroy).every((v) => v === 0);
  return {
    no: "14",
    measurement:
      `\`terraform ${COMMAND_NAMES[command]}\` of ${r.resources} mixed (${mixText({ ...r.mix })}), the ${r.provider} executable through \`dev_overrides\`, ` +
      `Terraform ${r.terraformVersion}, \`-parallelism\` ${r.parallelism} (the default), production limits, +${r.latencyMs} ms per request; median of ${runs}, alternating with the reference`,
    result:
      `${timesText(p.seconds, p.runs)}; ${p.status429} × 429; ${(writes / r.resources).toFixed(2)} writes a resource; calls ${calls || "none"}${objects}; ` +
      `the API busy from ${s(p.beforeFirstRequest)} after the start to ${s(p.afterLastAnswer)} before the end (each operation's first request to its last answer, s after the start: ${windows})${cpu}; ` +
      `the provider started ${launches.launches} times (start to handshake ${ms(launches.startMs)} each, ${(launches.startMs.reduce((a, b) => a + b, 0) / 1000).toFixed(2)} s in all, from Terraform's debug log of one more run of ${s(launches.commandSeconds ?? 0)})`,
    reference: `floor ${s(floor.seconds)} (${phases}) + \`terraform_data\` ${timesText(reference, r.reference[command])} = ${s(floor.seconds + reference)}`,
    ratio: `${x(ratio)} (excess over the floor, (time − terraform_data) / floor: ${x(excess)})`,
    goal: `<= ${GOALS.lifecycleRatio}x, 0 × 429, ${wantWrites === 0 ? "no write" : "1 write a resource"}`,
    met: yes(ratio <= GOALS.lifecycleRatio && p.status429 === 0 && writes === wantWrites && madeAll && leftNone),
  };
}

function launchText(timings: readonly LaunchTiming[], handshake: string, schema: string): string {
  const schemaMs = timings.map((t) => t.schemaMs);
  return `${schema} ${ms(schemaMs)} (${Math.min(...schemaMs).toFixed(0)}-${Math.max(...schemaMs).toFixed(0)}), ${handshake} ${ms(timings.map((t) => t.handshakeMs))}`;
}

export function terraformRows(r: TerraformBenchResult): Row[] {
  const tf = median(r.startup.terraform.map((t) => t.schemaMs));
  const pulumi = median(r.startup.pulumi.map((t) => t.schemaMs));
  const rows: Row[] = [
    {
      no: "14",
      measurement: `the provider's start to its first schema answer, the ${r.provider} executable, Terraform's launch (magic cookie, AutoMTLS client certificate, unix socket, \`GetProviderSchema\`) against Pulumi's (port, \`GetSchema\`); medians of ${r.startup.terraform.length}, alternating`,
      result: `Terraform's launch: ${launchText(r.startup.terraform, "handshake line", "first GetProviderSchema answer")}`,
      reference: `Pulumi's launch of the same executable: ${launchText(r.startup.pulumi, "port line", "first GetSchema answer")}`,
      ratio: x(tf / pulumi),
      goal: "<= 1.00x (within the Pulumi plugin's)",
      met: yes(tf <= pulumi),
    },
  ];
  for (const size of r.sizes) {
    const runs = size.measured.apply.runs.length;
    rows.push(...(["apply", "refreshOnly", "destroy"] as const).map((c) => commandRow(size, c, runs)));
  }
  return rows;
}

/** Benchmark 15's rows: one a CLI (figures only: issue 60 asks for them, with no goal). */
export function terraformInitRows(r: TerraformInitResult): Row[] {
  return r.clis.map((c) => ({
    no: "15",
    measurement: `\`init\` from the local registry, ${c.cli} ${c.version} (zip ${(r.zipBytes / 1024 / 1024).toFixed(1)} MB, fresh folder, no plugin cache)`,
    result: `${s(median(c.install))} (${c.install.map((t) => t.toFixed(2)).join(" / ")})`,
    reference: `\`init\` with nothing to install: ${s(median(c.reference))} (${c.reference.map((t) => t.toFixed(2)).join(" / ")})`,
    ratio: `+${s(c.providerSeconds)}`,
    goal: "reported",
    met: "(report)",
  }));
}
