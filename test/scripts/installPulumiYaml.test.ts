/**
 * scripts/install-pulumi-yaml.sh: which YAML language host it uses and what it prints (stdout is
 * only the folder to put on PATH). Run for real (bash, real files) with stand-ins for the
 * binaries; the build from Go modules is exercised by the engine tier's global setup on a clean
 * checkout (docs/CONTRIBUTING.md, "The YAML language host").
 */
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, test } from "vitest";

const ROOT = join(__dirname, "..", "..");
const SCRIPT = join(ROOT, "scripts", "install-pulumi-yaml.sh");
const run = promisify(execFile);

const dir = mkdtempSync(join(tmpdir(), "fd-install-pulumi-yaml-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fakeHost(folder: string): void {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, "pulumi-language-yaml"), "#!/bin/sh\nexit 0\n", { mode: 0o755 });
}

/** A folder with links to only the tools the script runs, so no Go toolchain of the machine is found. */
const tools = join(dir, "tools");
mkdirSync(tools);
for (const tool of ["bash", "sh", "dirname", "mktemp", "mkdir", "mv", "rm"]) {
  symlinkSync(execFileSync("bash", ["-c", `command -v ${tool}`], { encoding: "utf8" }).trim(), join(tools, tool));
}

/** PATH with only those tools and `extra` first: no Go, no host. */
function basicPath(...extra: string[]): string {
  return [...extra, tools].join(delimiter);
}

async function install(env: NodeJS.ProcessEnv): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(join(tools, "bash"), [SCRIPT], { env: { HOME: dir, ...env } });
    return { stdout, stderr, code: 0 };
  } catch (err) {
    const e = err as { stdout: string; stderr: string; code: number };
    return { stdout: e.stdout, stderr: e.stderr, code: e.code };
  }
}

describe("install-pulumi-yaml.sh", () => {
  test("a host on PATH wins, and its folder is printed", async () => {
    const onPath = join(dir, "on-path");
    fakeHost(onPath);
    fakeHost(join(dir, "local-a", "yaml-v1.38.1", "bin"));
    const result = await install({ PATH: basicPath(onPath), PULUMI_CLI_DIR: join(dir, "local-a") });
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe(onPath);
    expect(result.stderr).toMatch(/using pulumi-language-yaml on PATH/);
  });

  test("else the project-local build of the version asked for", async () => {
    const local = join(dir, "local-b");
    fakeHost(join(local, "yaml-v1.38.1", "bin"));
    const result = await install({ PATH: basicPath(), PULUMI_CLI_DIR: local });
    expect(result.stdout.trim()).toBe(join(local, "yaml-v1.38.1", "bin"));
    expect(result.stderr).toMatch(/v1\.38\.1 \(project-local/);
    // Another version is not taken for it.
    const other = await install({ PATH: basicPath(), PULUMI_CLI_DIR: local, PULUMI_YAML_VERSION: "1.25.0" });
    expect(other.code).not.toBe(0);
    expect(other.stdout).toBe("");
  });

  test("with neither and no Go toolchain it fails, saying what to install, and prints nothing", async () => {
    const result = await install({ PATH: basicPath(), PULUMI_CLI_DIR: join(dir, "empty") });
    expect(result.code).not.toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/no Go toolchain/);
    expect(result.stderr).toMatch(/Go >= 1\.25\.11|pulumi-language-yaml on PATH/);
  });
});
