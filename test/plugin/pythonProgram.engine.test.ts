/**
 * The provider plugin `pulumi-resource-flashduty` (dist/plugin) from Python: the generated Python
 * SDK (sdks/python, installed as `pulumi_flashduty`) in an inline program run by Pulumi's Python
 * Automation API (test/plugin/pythonProgram; `pulumi` from PyPI in a venv made once under
 * .pulumi-cli/python-venvs/; no Python language host), with the real CLI on a `file://` backend,
 * against the emulator over HTTP: the same lifecycle as the Go program, import included (the
 * `import_` resource option; no Python language host for `import_resources`)
 * (test/support/automationLifecycle.ts).
 */
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { REPO_ROOT } from "../../scripts/pulumiCli";
import { expectAutomationLifecycle } from "../support/automationLifecycle";
import { BUILT_CLI } from "../support/cliRun";
import { ensurePythonVenv } from "../support/pythonVenv";

const run = promisify(execFile);
/** The key of Pulumi's wire form of a secret value. */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";

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

  // The program Pulumi's Python generator wrote for an import (test/fixtures/importFile, written
  // where no Python language host exists: see its README), its masks made config secrets by
  // import-secrets: it runs on the generated SDK (Pulumi's mocks in place of the engine, as no
  // language host runs it here), declares every resource with the names the import gave, and
  // reads each config secret.
  test("an imported program, its masked secrets made config secrets by import-secrets, runs on the generated SDK", async () => {
    const imported = path.join(dir, "imported.py");
    cpSync(path.join(REPO_ROOT, "test", "fixtures", "importFile", "imported.py"), imported);
    const { stdout } = await run(process.execPath, [BUILT_CLI, "import-secrets", imported]);
    const keys = [...stdout.matchAll(/pulumi config set --secret (\w+)$/gm)].map((m) => m[1] as string);
    expect(keys).toContain("serverGithubGithubToken");
    const runner = path.join(REPO_ROOT, "test", "plugin", "pythonProgram", "run_imported.py");
    const env = { ...process.env, PYTHONDONTWRITEBYTECODE: "1" };
    const declared = (await run(python, [runner, imported, ...keys], { env })).stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string; name: string; inputs: Record<string, unknown> });
    const names = readFileSync(path.join(REPO_ROOT, "test", "fixtures", "importFile", "imported.ts"), "utf8").matchAll(/new flashduty\.(\w+)\("(\w+)"/g);
    expect(declared.map((r) => [r.type, r.name]).sort()).toEqual([...names].map((m) => [`flashduty:index:${m[1]}`, m[2]]).sort());
    const github = declared.find((r) => r.name === "serverGithub");
    // The whole map a secret (Pulumi's secret signature), holding the config secret's value.
    expect(github?.inputs.env).toMatchObject({
      [SECRET_SIG]: "1b47061264138c4ac30d75fd1eb44270",
      value: { GITHUB_HOST: "github.com", GITHUB_TOKEN: "filled-serverGithubGithubToken" },
    });
    // A key it reads but the stack does not set fails the run, naming the key.
    const missing = run(python, [runner, imported, ...keys.filter((k) => k !== "serverGithubGithubToken")], { env });
    await expect(missing).rejects.toThrow(/serverGithubGithubToken/);
  });
});
