/**
 * The provider plugin's start-up and the release archive's size (issue 43): how long the engine
 * waits, from starting `pulumi-resource-flashduty`, for the first answer to `GetSchema` (spawn,
 * the port on stdout, a gRPC connection, the call), for the executable of the release archive (a
 * Node.js single executable application) against the `node main.js` wrapper of `dist/plugin`.
 * The engine starts the plugin once per provider per command, so this is paid once per `pulumi`
 * command (per explicit provider).
 *
 * `npm run package:plugin` first, then: `node build/bench/pluginStartup.js [--runs 15]`. Prints a
 * markdown table; the runs alternate between the two so a busier moment hits both.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseArgs } from "node:util";
import * as grpc from "@grpc/grpc-js";
import * as providerRpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as providerProto from "@pulumi/pulumi/proto/provider_pb";
import * as tar from "tar";
import { archiveName } from "../scripts/packagePlugin";
import { REPO_ROOT } from "../scripts/pulumiCli";
import { median } from "./common";

/** Milliseconds from spawning `command` to the first `GetSchema` answer; the plugin is then stopped. */
function timeToSchema(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const t0 = performance.now();
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let out = "";
    child.on("error", reject);
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk;
      const line = out.split("\n")[0];
      if (!out.includes("\n") || line === undefined) return;
      const client = new providerRpc.ResourceProviderClient(`127.0.0.1:${line.trim()}`, grpc.credentials.createInsecure());
      client.getSchema(new providerProto.GetSchemaRequest(), (err) => {
        const ms = performance.now() - t0;
        client.close();
        child.kill("SIGTERM");
        if (err) reject(err);
        else resolve(ms);
      });
    });
  });
}

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
    // One unmeasured start of each: the file cache, not the plugin, is what a first start measures.
    await timeToSchema(sea, [], withoutNode);
    await timeToSchema(wrapper, [], withNode);
    const seaMs: number[] = [];
    const wrapperMs: number[] = [];
    for (let i = 0; i < runs; i++) {
      seaMs.push(await timeToSchema(sea, [], withoutNode));
      wrapperMs.push(await timeToSchema(wrapper, [], withNode));
    }
    const row = (name: string, ms: number[]) => `| ${name} | ${Math.min(...ms).toFixed(0)} | ${median(ms).toFixed(0)} | ${Math.max(...ms).toFixed(0)} |`;
    const mb = (file: string) => (statSync(file).size / 1e6).toFixed(1);
    process.stdout.write(
      [
        `Archive ${path.basename(archive)}: ${mb(archive)} MB compressed; executable ${mb(sea)} MB.`,
        "",
        `| first GetSchema answer, ms (${runs} runs each) | min | median | max |`,
        "|---|---|---|---|",
        row("release executable (Node.js SEA, no Node.js on PATH)", seaMs),
        row("`node main.js` wrapper (dist/plugin)", wrapperMs),
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
