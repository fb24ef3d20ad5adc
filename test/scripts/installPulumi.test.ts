/**
 * scripts/install-pulumi.sh: the folders it prints, put first on PATH, make the CLI find exactly the
 * CLI and the Node.js language host its log line names (the CLI looks its language host up on PATH
 * first). Run for real (bash, real files) with stand-ins for the binaries: a `pulumi` that answers
 * `version` and an official `pulumi-language-nodejs` that answers `-version`, as the real ones do
 * where the script asks them; the project-local folder is a temporary PULUMI_CLI_DIR holding the
 * CLI, the offline stand-in (with its marker) and the dynamic-provider shim.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { accessSync, constants, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, test } from "vitest";

const ROOT = join(__dirname, "..", "..");
const SCRIPT = join(ROOT, "scripts", "install-pulumi.sh");
const VERSION = "3.259.0";
const run = promisify(execFile);

const dir = mkdtempSync(join(tmpdir(), "fd-install-pulumi-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function executable(path: string, script: string): void {
  writeFileSync(path, `#!/bin/sh\n${script}\n`, { mode: 0o755 });
}

/** A folder with a fake `pulumi` reporting `version`. */
function fakeCli(folder: string, version = VERSION): void {
  mkdirSync(folder, { recursive: true });
  executable(join(folder, "pulumi"), `[ "$1" = version ] && echo v${version}`);
}

/** A folder with a fake official host: `-version` prints its version, as the real host does. */
function fakeOfficialHost(folder: string, version = VERSION): void {
  mkdirSync(folder, { recursive: true });
  executable(join(folder, "pulumi-language-nodejs"), `if [ "$1" = -version ]; then echo v${version}; exit 0; fi\necho "official host" >&2; exit 2`);
}

/** The digest install-pulumi.sh records for the stand-in built from this checkout's scripts/langhost. */
function standinDigest(): string {
  const sources = ["main.go", "go.mod", "go.sum"].map((f) => readFileSync(join(ROOT, "scripts", "langhost", f)));
  return createHash("sha256").update(Buffer.concat(sources)).digest("hex").slice(0, 16);
}

/** A project-local folder as an earlier run leaves it: the CLI, the stand-in host with its marker, the shim. */
function projectLocal(name: string): { cliDir: string; localBin: string } {
  const cliDir = join(dir, name, "pulumi-cli");
  const localBin = join(cliDir, `v${VERSION}`, "bin");
  fakeCli(localBin);
  // Like the real stand-in: it knows no -version flag.
  executable(join(localBin, "pulumi-language-nodejs"), `echo "flag provided but not defined: $1" >&2; exit 2`);
  writeFileSync(join(localBin, ".offline-stand-in"), `scripts/langhost (offline stand-in for the official pulumi-language-nodejs) ${standinDigest()}\n`);
  executable(join(localBin, "pulumi-resource-pulumi-nodejs"), "exit 0");
  return { cliDir, localBin };
}

/** The first folder of `path` holding an executable `name`: where the CLI finds it (exec.LookPath). */
function firstOn(path: string, name: string): string | undefined {
  for (const folder of path.split(delimiter)) {
    if (folder === "") continue;
    try {
      accessSync(join(folder, name), constants.X_OK);
      if (statSync(join(folder, name)).isFile()) return folder;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Runs the script with `path` as PATH (system tools only besides the given folders), nothing installed anywhere else. */
async function install(path: string[], cliDir: string): Promise<{ fragment: string; log: string; found: (name: string) => string | undefined }> {
  const basePath = [...path, "/usr/bin", "/bin"].join(delimiter);
  const { stdout, stderr } = await run("bash", [SCRIPT], {
    env: {
      PATH: basePath,
      HOME: join(dir, "home"),
      PULUMI_HOME: join(dir, "no-pulumi-home"),
      PULUMI_CLI_DIR: cliDir,
      PULUMI_SKIP_VENDOR_INSTALLER: "true",
    },
  });
  const fragment = stdout.trim();
  return { fragment, log: stderr, found: (name) => firstOn(`${fragment}${delimiter}${basePath}`, name) };
}

describe("install-pulumi.sh: the host it names is the host the CLI finds", () => {
  test("no language host on PATH: the project-local CLI and its offline stand-in", async () => {
    const { cliDir, localBin } = projectLocal("none");
    const { fragment, log, found } = await install([], cliDir);
    expect(log).toContain(`Node.js language host: offline stand-in (scripts/langhost; see its README.md) at ${localBin}`);
    expect(fragment).toBe(localBin);
    expect(found("pulumi")).toBe(localBin);
    expect(found("pulumi-language-nodejs")).toBe(localBin);
    expect(found("pulumi-resource-pulumi-nodejs")).toBe(localBin);
  });

  test("an official install first on PATH (CLI and host), project-local folder already built: the official host, never the stand-in", async () => {
    // The trial of issue 27: the script named the official host but printed `<project-local>:<official>`.
    const { cliDir, localBin } = projectLocal("official-install");
    const official = join(dir, "official-install", "bin");
    fakeCli(official);
    fakeOfficialHost(official);
    const { fragment, log, found } = await install([official], cliDir);
    expect(found("pulumi-language-nodejs")).toBe(official);
    expect(found("pulumi")).toBe(official);
    expect(found("pulumi-resource-pulumi-nodejs")).toBeDefined();
    expect(fragment).toBe([official, localBin].join(delimiter));
    expect(log).toContain(`using Pulumi CLI v${VERSION} (found on PATH, ${official}); Node.js language host: official pulumi-language-nodejs v${VERSION} at ${official}`);
  });

  test("only an official host on PATH (no CLI beside it): the project-local CLI with that host", async () => {
    const { cliDir, localBin } = projectLocal("host-only");
    const hostDir = join(dir, "host-only", "official-host");
    fakeOfficialHost(hostDir);
    const { fragment, log, found } = await install([hostDir], cliDir);
    expect(log).toContain(`using Pulumi CLI v${VERSION} (project-local, ${localBin}); Node.js language host: official pulumi-language-nodejs v${VERSION} at ${hostDir}`);
    expect(fragment).toBe([hostDir, localBin].join(delimiter));
    expect(found("pulumi")).toBe(localBin);
    expect(found("pulumi-language-nodejs")).toBe(hostDir);
    expect(found("pulumi-resource-pulumi-nodejs")).toBe(localBin);
  });

  test("a CLI on PATH without a host beside it, an official host further on: the CLI, then that host, then the project-local folder", async () => {
    const { cliDir, localBin } = projectLocal("split");
    const cli = join(dir, "split", "cli");
    const hostDir = join(dir, "split", "host");
    fakeCli(cli);
    fakeOfficialHost(hostDir);
    const { fragment, log, found } = await install([cli, hostDir], cliDir);
    expect(log).toContain(`Node.js language host: official pulumi-language-nodejs v${VERSION} at ${hostDir}`);
    expect(fragment).toBe([cli, hostDir, localBin].join(delimiter));
    expect(found("pulumi")).toBe(cli);
    expect(found("pulumi-language-nodejs")).toBe(hostDir);
  });

  test("an official host on PATH older than the minimum is ignored (said so): the stand-in", async () => {
    const { cliDir, localBin } = projectLocal("old-host");
    const hostDir = join(dir, "old-host", "official-host");
    fakeOfficialHost(hostDir, "3.100.0");
    const { log, found } = await install([hostDir], cliDir);
    expect(log).toContain(`ignoring ${hostDir}/pulumi-language-nodejs: v3.100.0 is older than 3.249.0`);
    expect(log).toContain(`offline stand-in (scripts/langhost; see its README.md) at ${localBin}`);
    expect(found("pulumi-language-nodejs")).toBe(localBin);
  });
});
