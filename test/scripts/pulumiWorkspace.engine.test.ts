/**
 * scripts/pulumiCli.ts's PulumiWorkspace with the real CLI: whatever PATH a test gives it (for the
 * workspace or for one command), `pulumi` is still found, because the CLI's folders stay first
 * (issue 50: a test that set PATH to a YAML host's folder plus the inherited PATH failed with
 * `spawn pulumi ENOENT` wherever the caller's PATH held no CLI).
 */
import { mkdtempSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { ensurePulumiCli, PulumiWorkspace } from "../../scripts/pulumiCli";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function workspace(env?: NodeJS.ProcessEnv): PulumiWorkspace {
  const dir = mkdtempSync(path.join(os.tmpdir(), "flashduty-ws-"));
  dirs.push(dir);
  return new PulumiWorkspace({ projectDir: dir, stateDir: path.join(dir, "state"), env });
}

describe("PulumiWorkspace keeps the CLI on PATH", () => {
  test("a workspace PATH of a test's own, without the CLI, still runs pulumi, the CLI's folders first", async () => {
    const bin = ensurePulumiCli();
    const ws = workspace({ PATH: "/nonexistent-host-folder" });
    expect(ws.environment().PATH).toBe(`${bin}${path.delimiter}/nonexistent-host-folder`);
    const { stdout } = await ws.run(["version"]);
    expect(stdout.trim()).toMatch(/^v3\.\d+\.\d+/);
  });

  test("a PATH for one command, and an empty one, still run pulumi; a PATH that already starts with the CLI is kept as given", async () => {
    const bin = ensurePulumiCli();
    const ws = workspace();
    expect((await ws.run(["version"], { env: { PATH: "/nonexistent-host-folder" } })).code).toBe(0);
    expect((await ws.run(["version"], { env: { PATH: "" } })).code).toBe(0);
    const given = `${bin}${path.delimiter}/usr/bin`;
    expect(workspace({ PATH: given }).environment().PATH).toBe(given);
  });

  test("pathAsGiven keeps a PATH exactly, for tests of PATH arrangements themselves", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "flashduty-ws-"));
    dirs.push(dir);
    const ws = new PulumiWorkspace({ projectDir: dir, stateDir: path.join(dir, "state"), env: { PATH: "/nonexistent-host-folder" }, pathAsGiven: true });
    expect(ws.environment().PATH).toBe("/nonexistent-host-folder");
    await expect(ws.run(["version"])).rejects.toThrow(/ENOENT/);
  });
});
