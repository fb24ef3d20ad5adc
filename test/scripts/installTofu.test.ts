/**
 * scripts/install-tofu.sh: which OpenTofu it uses and what it prints (stdout is only the folder
 * holding `tofu`). Run for real (bash, real files) with stand-ins for `tofu` that answer `tofu
 * version` as OpenTofu does; the build from the Go module proxy is exercised by the engine tier's
 * global setup on a clean checkout (.ci/run).
 */
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, test } from "vitest";

const ROOT = join(__dirname, "..", "..");
const SCRIPT = join(ROOT, "scripts", "install-tofu.sh");
const run = promisify(execFile);

const dir = mkdtempSync(join(tmpdir(), "fd-install-tofu-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A `tofu` in `folder` that reports `version` as OpenTofu does. */
function fakeTofu(folder: string, version: string): void {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, "tofu"), `#!/bin/sh\necho "OpenTofu v${version}"\necho "on linux_amd64"\n`, { mode: 0o755 });
}

/** A folder with links to only the tools the script runs, so no Go toolchain and no tofu of the machine are found. */
const tools = join(dir, "tools");
mkdirSync(tools);
for (const tool of ["bash", "sh", "dirname", "mktemp", "mkdir", "mv", "rm", "sed", "sort", "head", "timeout", "cat"]) {
  symlinkSync(execFileSync("bash", ["-c", `command -v ${tool}`], { encoding: "utf8" }).trim(), join(tools, tool));
}

const basicPath = (...extra: string[]) => [...extra, tools].join(delimiter);

async function install(env: NodeJS.ProcessEnv): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(join(tools, "bash"), [SCRIPT], { env: { HOME: dir, ...env } });
    return { stdout, stderr, code: 0 };
  } catch (err) {
    const e = err as { stdout: string; stderr: string; code: number };
    return { stdout: e.stdout, stderr: e.stderr, code: e.code };
  }
}

describe("install-tofu.sh", () => {
  test("a new enough tofu on PATH wins, and its folder is printed", async () => {
    const onPath = join(dir, "on-path");
    fakeTofu(onPath, "1.11.2");
    fakeTofu(join(dir, "local-a", "v1.12.6", "bin"), "1.12.6");
    const result = await install({ PATH: basicPath(onPath), TOFU_CLI_DIR: join(dir, "local-a") });
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe(onPath);
    expect(result.stderr).toMatch(/using OpenTofu v1\.11\.2 found on PATH/);
  });

  test("a tofu on PATH older than 1.11 (no write-only attributes) is passed over for the project-local build", async () => {
    const old = join(dir, "old");
    fakeTofu(old, "1.10.10");
    const local = join(dir, "local-b");
    fakeTofu(join(local, "v1.12.6", "bin"), "1.12.6");
    const result = await install({ PATH: basicPath(old), TOFU_CLI_DIR: local });
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe(join(local, "v1.12.6", "bin"));
    expect(result.stderr).toMatch(/ignoring .*old\/tofu: v1\.10\.10 is older than 1\.11\.0/);
    expect(result.stderr).toMatch(/using OpenTofu v1\.12\.6 \(project-local/);
  });

  test("with neither and no Go toolchain it fails, saying what to install, and prints nothing", async () => {
    const result = await install({ PATH: basicPath(), TOFU_CLI_DIR: join(dir, "empty") });
    expect(result.code).not.toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/no Go toolchain/);
    expect(result.stderr).toMatch(/install Go >= 1\.26\.6/);
  });
});
