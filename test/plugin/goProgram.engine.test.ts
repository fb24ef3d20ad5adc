/**
 * The provider plugin `pulumi-resource-flashduty` (dist/plugin) from Go: the generated Go SDK
 * (sdks/go/flashduty) in an inline program run by Pulumi's Go Automation API (test/plugin/goProgram,
 * built once into .pulumi-cli/go-programs/; no Go language host), with the real CLI on a `file://`
 * backend, against the emulator over HTTP: up with each resource and each function, a console edit
 * named by `preview --refresh --diff`, `up --refresh`, an import of a rule and a server by id (the
 * `import` resource option; no Go language host for `Stack.ImportResources`) with a clean next
 * preview, destroy; the app key a secret stack config value, in no output and not in the state in
 * plaintext (test/support/automationLifecycle.ts).
 */
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { REPO_ROOT } from "../../scripts/pulumiCli";
import { expectAutomationLifecycle } from "../support/automationLifecycle";
import { BUILT_CLI } from "../support/cliRun";
import { buildGoProgram } from "../support/goBuild";

const run = promisify(execFile);

let emulator: Emulator;
let dir: string;
let program: string;

// Built before the emulator starts, as the build is synchronous: minutes on a cold Go build cache
// (hence the timeout), a cache hit afterwards.
beforeAll(() => {
  program = buildGoProgram({
    moduleDir: path.join(REPO_ROOT, "test", "plugin", "goProgram"),
    name: "flashduty-go-program",
    sources: [path.join(REPO_ROOT, "sdks", "go", "flashduty")],
  });
}, 1_200_000);

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  const root = path.join(REPO_ROOT, ".pulumi-state", "work");
  mkdirSync(root, { recursive: true });
  dir = mkdtempSync(path.join(root, "plugin-go-"));
});

afterAll(async () => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  await emulator?.close();
});

describe("the provider plugin from Go: the generated SDK through the Automation API", () => {
  test("up with each resource and function, a console edit named by preview --refresh --diff, up --refresh, import of a rule and a server with a clean preview, destroy; the app key secret", async () => {
    // The names and description as in test/plugin/goProgram/main.go.
    await expectAutomationLifecycle(emulator, dir, {
      command: [program],
      ruleName: "plugin-go-rule",
      serverName: "plugin-go-server",
      description: "Dashboards (plugin, Go)",
    });
  });

  // The program Pulumi's Go generator wrote for an import (test/fixtures/importFile, written where
  // no Go language host exists: see its README), its masks made config secrets by import-secrets:
  // it type-checks (`go vet`) against the generated SDK, with the config package imported and
  // each secret read as a string input of its map. No Go language host runs it here.
  test("an imported program, its masked secrets made config secrets by import-secrets, type-checks against the generated SDK", async () => {
    const moduleDir = path.join(dir, "imported");
    mkdirSync(moduleDir);
    const goMod = readFileSync(path.join(REPO_ROOT, "test", "plugin", "goProgram", "go.mod"), "utf8");
    writeFileSync(path.join(moduleDir, "go.mod"), goMod.replace("=> ../../../sdks/go/flashduty", `=> ${path.join(REPO_ROOT, "sdks", "go", "flashduty")}`));
    cpSync(path.join(REPO_ROOT, "test", "plugin", "goProgram", "go.sum"), path.join(moduleDir, "go.sum"));
    const program = path.join(moduleDir, "main.go");
    cpSync(path.join(REPO_ROOT, "test", "fixtures", "importFile", "imported.go"), program);
    const { stdout } = await run(process.execPath, [BUILT_CLI, "import-secrets", program]);
    expect(stdout).toMatch(/^serverGithub "GITHUB_TOKEN" \(line \d+\): pulumi config set --secret serverGithubGithubToken$/m);
    expect(readFileSync(program, "utf8")).toContain('"GITHUB_TOKEN":                         cfg.RequireSecret("serverGithubGithubToken"),');
    const env = {
      ...process.env,
      GOTOOLCHAIN: "local",
      GOFLAGS: "-mod=readonly",
      GONOSUMDB: [process.env.GONOSUMDB, "github.com/pulumi/pulumi"].filter(Boolean).join(","),
    };
    await run("go", ["vet", "."], { cwd: moduleDir, env });
  });
});
