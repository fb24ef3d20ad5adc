/**
 * The provider plugin's start-up and the release archive's size (issue 43): how long the engine
 * waits, from starting `pulumi-resource-flashduty`, for the first answer to `GetSchema` (spawn,
 * the port on stdout, a gRPC connection, the call), for the executable of the release archive (a
 * Node.js single executable application) against the `node main.js` wrapper of `dist/plugin`.
 * The engine starts the plugin once per provider per command, so this is paid once per `pulumi`
 * command (per explicit provider). The same executable launched by Terraform (its magic cookie,
 * AutoMTLS, the first `GetProviderSchema` answer; issue 59) is timed beside it, the same way
 * (`bench/pluginLaunch.ts`): Terraform starts it three to five times per command.
 *
 * `npm run package:plugin` first, then: `node build/bench/pluginStartup.js [--runs 15]`. Prints a
 * markdown table; the runs alternate among the four so a busier moment hits them all.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseArgs } from "node:util";
import * as tar from "tar";
import { archiveName } from "../scripts/packagePlugin";
import { REPO_ROOT } from "../scripts/pulumiCli";
import { median } from "./common";
import { type LaunchTiming, terraformClientCertificate, timePulumiLaunch, timeTerraformLaunch } from "./pluginLaunch";

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: "string", default: "15" } } });
  const runs = Number(values.runs);
  const version = (require(path.join(REPO_ROOT, "package.json")) as { version: string }).version;
  const archive = path.join(REPO_ROOT, "release", archiveName(version));
  const dir = mkdtempSync(path.join(os.tmpdir(), "flashduty-startup-"));
  try {
    await tar.extract({ file: archive, cwd: dir });
    const sea = path.join(dir, "pulumi-resource-flashduty");
    const wrapper = path.join(REPO_ROOT, "dist", "plugin", "pulumi-resource-flashduty");
    // The wrapper needs node on PATH (the project's Node.js 24, as npm scripts put it first); the
    // executable gets a PATH without it, as on a user's machine.
    const withNode = { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}` };
    const withoutNode = { PATH: "/nonexistent" };
    const client = await terraformClientCertificate();
    const launches: Array<[string, () => Promise<LaunchTiming>]> = [
      ["release executable (Node.js SEA, no Node.js on PATH)", () => timePulumiLaunch(sea, [], withoutNode)],
      ["`node main.js` wrapper (dist/plugin)", () => timePulumiLaunch(wrapper, [], withNode)],
      ["release executable launched by Terraform (first GetProviderSchema answer)", () => timeTerraformLaunch(sea, [], withoutNode, client)],
      ["`node main.js` wrapper launched by Terraform (first GetProviderSchema answer)", () => timeTerraformLaunch(wrapper, [], withNode, client)],
    ];
    // One unmeasured start of each: the file cache, not the plugin, is what a first start measures.
    for (const [, launch] of launches) await launch();
    const ms = launches.map((): number[] => []);
    for (let i = 0; i < runs; i++) for (const [k, [, launch]] of launches.entries()) ms[k]?.push((await launch()).schemaMs);
    const row = (name: string, ms: number[]) => `| ${name} | ${Math.min(...ms).toFixed(0)} | ${median(ms).toFixed(0)} | ${Math.max(...ms).toFixed(0)} |`;
    const mb = (file: string) => (statSync(file).size / 1e6).toFixed(1);
    process.stdout.write(
      [
        `Archive ${path.basename(archive)}: ${mb(archive)} MB compressed; executable ${mb(sea)} MB.`,
        "",
        `| first GetSchema (Pulumi) or GetProviderSchema (Terraform) answer, ms (${runs} runs each) | min | median | max |`,
        "|---|---|---|---|",
        ...launches.map(([name], k) => row(name, ms[k] ?? [])),
        "",
      ].join("\n"),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`plugin-startup: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
