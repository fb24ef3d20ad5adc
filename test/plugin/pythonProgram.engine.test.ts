/**
 * The provider plugin `pulumi-resource-flashduty` (dist/plugin) from Python: the generated Python
 * SDK (sdks/python, installed as `pulumi_flashduty`) in an inline program run by Pulumi's Python
 * Automation API (test/plugin/pythonProgram; `pulumi` from PyPI in a venv made once under
 * .pulumi-cli/python-venvs/; no Python language host), with the real CLI on a `file://` backend,
 * against the emulator over HTTP: the same lifecycle as the Go program, import included (the
 * `import_` resource option; no Python language host for `import_resources`)
 * (test/support/automationLifecycle.ts).
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { REPO_ROOT } from "../../scripts/pulumiCli";
import { expectAutomationLifecycle } from "../support/automationLifecycle";
import { ensurePythonVenv } from "../support/pythonVenv";

let emulator: Emulator;
let dir: string;
let python: string;

// Made before the emulator starts, as pip runs synchronously: a minute or more the first time
// (hence the timeout), a cache hit afterwards.
beforeAll(() => {
  python = ensurePythonVenv();
}, 1_200_000);

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  const root = path.join(REPO_ROOT, ".pulumi-state", "work");
  mkdirSync(root, { recursive: true });
  dir = mkdtempSync(path.join(root, "plugin-python-"));
});

afterAll(async () => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  await emulator?.close();
});

describe("the provider plugin from Python: the generated SDK through the Automation API", () => {
  test("up with each resource and function, a console edit named by preview --refresh --diff, up --refresh, import of a rule and a server with a clean preview, destroy; the app key secret", async () => {
    // The names and description as in test/plugin/pythonProgram/program.py.
    await expectAutomationLifecycle(emulator, dir, {
      command: [python, path.join(REPO_ROOT, "test", "plugin", "pythonProgram", "program.py")],
      env: { PYTHONDONTWRITEBYTECODE: "1" },
      ruleName: "plugin-python-rule",
      serverName: "plugin-python-server",
      description: "Dashboards (plugin, Python)",
    });
  });
});
