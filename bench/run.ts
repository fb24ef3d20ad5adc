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
 *   npm run bench -- --only 14 --terraform-sizes 100 --terraform-provider wrapper   # benchmark 14 (Terraform; on request only) at some sizes, with the dist/ wrapper
 *   npm run bench -- --only 14 --terraform-cli .tofu-cli/v1.12.6/bin/tofu             # benchmark 14 on OpenTofu (scripts/install-tofu.sh)
 *   npm run bench -- --only 15                                                        # benchmark 15 (init from a local registry, both CLIs; on request only)
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { REPO_ROOT, ensurePulumiCli } from "../scripts/pulumiCli";
import { platformWindows, progress, secondsSince } from "./common";
import { benchAutomationRules } from "./automationRules";
import { benchEngine } from "./engine";
import { benchMcpServers } from "./mcpServers";
import { benchA2aAgents } from "./a2aAgents";
import { KNOWLEDGE_FILE_RESOURCES, SKILL_RESOURCES, benchSkillsAndKnowledge } from "./skillsAndKnowledge";
import { GROWTH_SIZES, benchGrowthSize, type GrowthSizeResult } from "./growth";
import { benchImportFile, IMPORT_RESOURCES } from "./importFile";
import { benchTerraform, TERRAFORM_SIZES, type TerraformProviderKind, useTerraformCli } from "./terraform";
import { benchTerraformInit } from "./terraformInit";
import { terraformInitRows, terraformRows } from "./terraformRows";
import { benchPreview } from "./preview";
import { benchRules } from "./rules";
import { benchThroughput } from "./throughput";
import { benchSharedReads, benchSharedStacks, type SharedReadsResult } from "./sharedAccount";

import { TIME_BUDGET_S, engineRows, previewRows, rulesRows, s, sharedReadsRows, sharedStacksRows, table, throughputRows, type Row } from "./reportRows";
import { a2aAgentRows, automationRuleRows, growthRows, importFileRows, mcpServerRows, skillKnowledgeRows } from "./lifecycleRows";

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
      "terraform-sizes": { type: "string" },
      "terraform-provider": { type: "string" },
      "terraform-cli": { type: "string" },
      "launch-runs": { type: "string" },
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
  const terraformSizes = values["terraform-sizes"] === undefined ? [...TERRAFORM_SIZES] : values["terraform-sizes"].split(",").map((v) => Number(v.trim()));
  for (const n of terraformSizes)
    if (!Number.isInteger(n) || n < 5) throw new Error(`--terraform-sizes must list whole numbers >= 5, got "${values["terraform-sizes"]}"`);
  const terraformProvider = (values["terraform-provider"] ?? "release") as TerraformProviderKind;
  if (terraformProvider !== "release" && terraformProvider !== "wrapper")
    throw new Error(`--terraform-provider must be release or wrapper, got "${terraformProvider}"`);
  if (values["terraform-cli"] !== undefined) useTerraformCli(path.resolve(values["terraform-cli"]));
  const launchRuns = values["launch-runs"] === undefined ? 15 : Number(values["launch-runs"]);
  if (!Number.isInteger(launchRuns) || launchRuns < 1) throw new Error(`--launch-runs must be a whole number >= 1, got "${values["launch-runs"]}"`);
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

  // Benchmark 14 needs the Terraform CLI and takes 15-20 minutes: on request only (`--only 14`).
  if (only?.has("14") === true) {
    progress(`14. Terraform: apply, plan -refresh-only, destroy of ${terraformSizes.join(" and ")} mixed resources, and the provider's start-up`);
    const r = await benchTerraform({ sizes: terraformSizes, runs: runs ?? 3, provider: terraformProvider, launchRuns });
    results.terraform = r;
    rows.push(...terraformRows(r));
  }

  // Benchmark 15 needs both CLIs (OpenTofu built on first use, minutes): on request only (`--only 15`).
  if (only?.has("15") === true) {
    progress("15. init from the local registry, Terraform and OpenTofu");
    const r = await benchTerraformInit({ runs: runs ?? 5 });
    results.terraformInit = r;
    rows.push(...terraformInitRows(r));
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
