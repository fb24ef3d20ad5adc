/**
 * `npm run package:plugin`: the provider plugin's release archive for this machine's platform,
 * `release/pulumi-resource-flashduty-v<version>-<os>-<arch>.tar.gz` (the name `pulumi plugin
 * install` and the engine's automatic plugin acquisition look for), holding at its root the
 * executable `pulumi-resource-flashduty` (`.exe` on Windows), a README and the LICENSE.
 *
 * The executable needs no Node.js on the user's machine: it is a Node.js single executable
 * application (SEA) made from the project's own Node.js 24 binary (the npm `node` package, the one
 * running this script) with the plugin bundled into one script. Why a SEA rather than a Node.js
 * runtime carried beside the script, and the measured size and start-up: docs/CONTRIBUTING.md
 * ("The provider plugin's release archive") and bench/README.md.
 *
 * Steps: esbuild bundles `dist/plugin/main.js` (the build must be current: the npm script runs
 * `npm run build` first) and fails if the bundle holds `@pulumi/pulumi`'s program runtime (its
 * entry point), which the plugin never needs; `node --experimental-sea-config` makes the blob
 * (with V8's code cache, for start-up); the Node.js binary is copied, its debug symbols stripped
 * where `strip` exists (Linux: 126 MB to 108 MB; the SEA fuse and blob are untouched, they are
 * added after), and postject injects the blob. On macOS the binary's signature is removed before
 * and an ad hoc one added after, as Node's SEA documentation requires. The archive is written with
 * node-tar, entries in a fixed order with a fixed mtime, so two builds of one commit differ only where the compiler does.
 *
 * Usage: `node build/scripts/packagePlugin.js [--out <folder>]` (default `release/`). Prints the
 * archive's path on stdout; diagnostics on stderr. Exit status 1 with the reason on any failure.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseArgs } from "node:util";
import * as esbuild from "esbuild";
import * as tar from "tar";
import { REPO_ROOT } from "./pulumiCli";

/** The sentinel Node.js looks for to know that a SEA blob was injected (Node's SEA documentation). */
const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";

/** Pulumi's names for this platform: `linux`/`darwin`/`windows`, `amd64`/`arm64`. */
export function pulumiPlatform(platform: NodeJS.Platform = process.platform, arch: string = process.arch): { os: string; arch: string } {
  const osName = platform === "win32" ? "windows" : platform;
  if (osName !== "linux" && osName !== "darwin" && osName !== "windows") throw new Error(`no Pulumi plugin platform for ${platform}`);
  const archName = arch === "x64" ? "amd64" : arch === "arm64" ? "arm64" : undefined;
  if (archName === undefined) throw new Error(`no Pulumi plugin architecture for ${arch}`);
  return { os: osName, arch: archName };
}

/** `pulumi-resource-flashduty-v<version>-<os>-<arch>.tar.gz`. */
export function archiveName(version: string, platform = pulumiPlatform()): string {
  return `pulumi-resource-flashduty-v${version}-${platform.os}-${platform.arch}.tar.gz`;
}

/** The archive's README: what the executable is and how Pulumi installs it. */
export function pluginReadme(version: string): string {
  return `# pulumi-resource-flashduty ${version}

The Pulumi resource provider plugin of the Flashduty AI SRE platform: MCP servers, their
disablements, automation rules, skills, knowledge files, A2A agents, and functions that read them.
One executable; no Node.js needed.

Install it into Pulumi's plugin cache (the engine also fetches it by itself for the SDKs, which
name the download server):

    pulumi plugin install resource flashduty ${version} --file <this archive>
    pulumi plugin install resource flashduty ${version} --server github://api.github.com/flashcatcloud/pulumi-flashduty

Programs use it through the SDKs (Python \`pulumi-flashduty\`, Go
\`github.com/flashcatcloud/pulumi-flashduty/sdks/go/flashduty\`, Node.js
\`@pulumi-flashduty/flashduty\`) or Pulumi YAML: https://github.com/flashcatcloud/pulumi-flashduty
`;
}

function log(message: string): void {
  process.stderr.write(`package-plugin: ${message}\n`);
}

function hasCommand(command: string): boolean {
  try {
    execFileSync(command, ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: "string", default: path.join(REPO_ROOT, "release") } } });
  const outDir = path.resolve(values.out);
  const version = (JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string }).version;
  const platform = pulumiPlatform();
  const exeName = platform.os === "windows" ? "pulumi-resource-flashduty.exe" : "pulumi-resource-flashduty";
  const work = mkdtempSync(path.join(os.tmpdir(), "flashduty-plugin-"));
  try {
    // 1. One script: the plugin and every package it loads.
    const bundle = path.join(work, "plugin.js");
    const built = await esbuild.build({
      entryPoints: [path.join(REPO_ROOT, "dist", "plugin", "main.js")],
      bundle: true,
      platform: "node",
      target: "node24",
      format: "cjs",
      outfile: bundle,
      metafile: true,
      logLevel: "error",
      legalComments: "none",
    });
    const runtime = Object.keys(built.metafile.inputs).find((input) => input.replaceAll("\\", "/").endsWith("node_modules/@pulumi/pulumi/index.js"));
    if (runtime !== undefined) {
      throw new Error(
        "the plugin's bundle holds @pulumi/pulumi's entry point (a module under plugin/ imports the program runtime); import the reads, not the data sources",
      );
    }
    log(`bundled the plugin: ${(statSync(bundle).size / 1e6).toFixed(1)} MB of JavaScript`);

    // 2. The SEA blob, with V8's code cache so the plugin does not compile its script at each start.
    const blob = path.join(work, "sea.blob");
    writeFileSync(path.join(work, "sea-config.json"), JSON.stringify({ main: bundle, output: blob, disableExperimentalSEAWarning: true, useCodeCache: true }));
    execFileSync(process.execPath, ["--experimental-sea-config", path.join(work, "sea-config.json")], { cwd: work, stdio: "pipe" });

    // 3. The project's Node.js binary (this process's) with the blob injected.
    const exe = path.join(work, exeName);
    copyFileSync(process.execPath, exe);
    chmodSync(exe, 0o755);
    if (platform.os === "linux" && hasCommand("strip")) execFileSync("strip", [exe], { stdio: "pipe" }); // its notes about unnamed sections are noise
    if (platform.os === "darwin") execFileSync("codesign", ["--remove-signature", exe]);
    // postject is the tool Node's SEA documentation names. Run as its own process: its ELF
    // library prints a note per unnamed section (`Can't find string offset...`), noise on success;
    // on failure, execFileSync's error carries what it printed.
    const postject = require.resolve("postject/dist/cli.js");
    const machO = platform.os === "darwin" ? ["--macho-segment-name", "NODE_SEA"] : [];
    execFileSync(process.execPath, [postject, exe, "NODE_SEA_BLOB", blob, "--sentinel-fuse", SEA_FUSE, ...machO], { stdio: "pipe" });
    if (platform.os === "darwin") execFileSync("codesign", ["--sign", "-", exe]);

    // 4. The archive: the executable at its root, as the CLI expects, with a README of its own and
    // the LICENSE; modes set here, not taken from the checkout, so a umask changes nothing.
    copyFileSync(path.join(REPO_ROOT, "LICENSE"), path.join(work, "LICENSE"));
    writeFileSync(path.join(work, "README.md"), pluginReadme(version));
    chmodSync(path.join(work, "LICENSE"), 0o644);
    chmodSync(path.join(work, "README.md"), 0o644);
    mkdirSync(outDir, { recursive: true });
    const archive = path.join(outDir, archiveName(version, platform));
    rmSync(archive, { force: true });
    await tar.create({ gzip: { level: 9 }, file: archive, cwd: work, portable: true, mtime: new Date("2026-01-01T00:00:00Z") }, [
      exeName,
      "LICENSE",
      "README.md",
    ]);
    log(`wrote ${archive}: ${(statSync(archive).size / 1e6).toFixed(1)} MB (executable ${(statSync(exe).size / 1e6).toFixed(1)} MB)`);
    process.stdout.write(`${archive}\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    log(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}
