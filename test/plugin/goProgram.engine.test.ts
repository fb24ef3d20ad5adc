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
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { REPO_ROOT } from "../../scripts/pulumiCli";
import { expectAutomationLifecycle } from "../support/automationLifecycle";
import { buildGoProgram } from "../support/goBuild";

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
});
