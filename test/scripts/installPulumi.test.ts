/**
 * scripts/install-pulumi.sh: the folders it prints, put first on PATH, make the CLI find exactly the
 * CLI and the Node.js language host its log line names (the CLI looks its language host up on PATH
 * first), beside each other (the CLI warns when the host it finds is not beside its own executable):
 * where the host is elsewhere, the first folder printed pairs them. Run for real (bash, real files)
 * with stand-ins for the binaries: a `pulumi` that answers `version` and an official
 * `pulumi-language-nodejs` that answers `-version`, as the real ones do where the script asks them;
 * the project-local folder is a temporary PULUMI_CLI_DIR holding the CLI, the offline stand-in (with
 * its marker) and the dynamic-provider shim. installPulumi.engine.test.ts runs the real CLI so.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
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
  // Every .go file in name order (as the script's glob gives them), then go.mod and go.sum.
  const goFiles = readdirSync(join(ROOT, "scripts", "langhost"))
    .filter((f) => f.endsWith(".go"))
    .sort();
  const sources = [...goFiles, "go.mod", "go.sum"].map((f) => readFileSync(join(ROOT, "scripts", "langhost", f)));
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

/** Whether `a` and `b` are the same file (a hard link) or, where a copy had to be made, the same bytes. */
function sameFile(a: string, b: string): boolean {
  const [sa, sb] = [statSync(a), statSync(b)];
  return (sa.ino === sb.ino && sa.dev === sb.dev) || readFileSync(a).equals(readFileSync(b));
}

/**
 * Checks that `folder` pairs the CLI `cli`/pulumi with the host `host`/pulumi-language-nodejs and
 * the shim `shim`/pulumi-resource-pulumi-nodejs: the CLI's own file (hard link), symlinks to the others.
 */
function expectPaired(folder: string, localBin: string, cli: string, host: string, shim: string): void {
  expect(dirname(folder)).toBe(join(dirname(localBin), "paired"));
  expect(sameFile(join(folder, "pulumi"), join(cli, "pulumi"))).toBe(true);
  expect(realpathSync(join(folder, "pulumi"))).toBe(join(folder, "pulumi"));
  expect(realpathSync(join(folder, "pulumi-language-nodejs"))).toBe(realpathSync(join(host, "pulumi-language-nodejs")));
  expect(realpathSync(join(folder, "pulumi-resource-pulumi-nodejs"))).toBe(realpathSync(join(shim, "pulumi-resource-pulumi-nodejs")));
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
    expect(log).toContain(
      `using Pulumi CLI v${VERSION} (found on PATH, ${official}); Node.js language host: official pulumi-language-nodejs v${VERSION} at ${official}`,
    );
  });

  test("only an official host on PATH (no CLI beside it): the project-local CLI paired with that host, then the project-local folder", async () => {
    // The trial of issue 36: with `<host>:<project-local>` the CLI warned on every command that it
    // used the host from PATH, not the one beside it (the stand-in).
    const { cliDir, localBin } = projectLocal("host-only");
    const hostDir = join(dir, "host-only", "official-host");
    fakeOfficialHost(hostDir);
    const { fragment, log, found } = await install([hostDir], cliDir);
    const [paired, ...rest] = fragment.split(delimiter);
    expect(rest).toEqual([localBin]);
    expect(log).toContain(
      `using Pulumi CLI v${VERSION} (project-local, ${localBin}); Node.js language host: official pulumi-language-nodejs v${VERSION} at ${hostDir}; run together from ${paired}`,
    );
    expectPaired(paired!, localBin, localBin, hostDir, localBin);
    expect(existsSync(join(paired!, ".offline-stand-in"))).toBe(false);
    for (const name of ["pulumi", "pulumi-language-nodejs", "pulumi-resource-pulumi-nodejs"]) expect(found(name)).toBe(paired);

    // Run again with the folders printed first on PATH, as the tests and the demo do: the same folders.
    const again = await install([...fragment.split(delimiter), hostDir], cliDir);
    expect(again.fragment).toBe(fragment);
    expect(again.log).toContain(`Node.js language host: official pulumi-language-nodejs v${VERSION} at ${paired}`);
  });

  test("a CLI on PATH without a host beside it, an official host further on: the two paired, then the project-local folder", async () => {
    const { cliDir, localBin } = projectLocal("split");
    const cli = join(dir, "split", "cli");
    const hostDir = join(dir, "split", "host");
    fakeCli(cli);
    fakeOfficialHost(hostDir);
    const { fragment, log, found } = await install([cli, hostDir], cliDir);
    const [paired, ...rest] = fragment.split(delimiter);
    expect(rest).toEqual([localBin]);
    expect(log).toContain(
      `using Pulumi CLI v${VERSION} (found on PATH, ${cli}); Node.js language host: official pulumi-language-nodejs v${VERSION} at ${hostDir}; run together from ${paired}`,
    );
    expectPaired(paired!, localBin, cli, hostDir, localBin);
    expect(found("pulumi")).toBe(paired);
    expect(found("pulumi-language-nodejs")).toBe(paired);

    // The CLI replaced by a new file (as an upgrade or a rebuild does): the paired link follows on the next run.
    rmSync(join(cli, "pulumi"));
    fakeCli(cli, "3.260.0");
    const upgraded = await install([cli, hostDir], cliDir);
    expect(upgraded.fragment).toBe(fragment);
    expect(upgraded.log).toContain("using Pulumi CLI v3.260.0");
    expectPaired(paired!, localBin, cli, hostDir, localBin);
  });

  test("a CLI on PATH without a host beside it and no official host: the CLI paired with the offline stand-in, marker and all", async () => {
    const { cliDir, localBin } = projectLocal("cli-only");
    const cli = join(dir, "cli-only", "cli");
    fakeCli(cli);
    const { fragment, log, found } = await install([cli], cliDir);
    const [paired, ...rest] = fragment.split(delimiter);
    expect(rest).toEqual([localBin]);
    expect(log).toContain(`Node.js language host: offline stand-in (scripts/langhost; see its README.md) at ${localBin}; run together from ${paired}`);
    expectPaired(paired!, localBin, cli, localBin, localBin);
    expect(readFileSync(join(paired!, ".offline-stand-in"), "utf8")).toBe(readFileSync(join(localBin, ".offline-stand-in"), "utf8"));
    expect(found("pulumi-language-nodejs")).toBe(paired);

    const again = await install([...fragment.split(delimiter), cli], cliDir);
    expect(again.fragment).toBe(fragment);
    expect(again.log).toContain(`Node.js language host: offline stand-in (scripts/langhost; see its README.md) at ${paired}`);
  });

  test("where the paired folder cannot be written: the CLI, then the host's folder, said to warn", async () => {
    const { cliDir, localBin } = projectLocal("unwritable");
    const hostDir = join(dir, "unwritable", "official-host");
    fakeOfficialHost(hostDir);
    // A file where the folder of paired folders would go (root can write anywhere, so not a chmod).
    writeFileSync(join(dirname(localBin), "paired"), "");
    const { fragment, log, found } = await install([hostDir], cliDir);
    expect(log).toContain(`could not write ${join(dirname(localBin), "paired")}/`);
    expect(log).toContain("warning: the CLI will warn that its language host is not beside it");
    expect(fragment).toBe([hostDir, localBin].join(delimiter));
    expect(found("pulumi")).toBe(localBin);
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
