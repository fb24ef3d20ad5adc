/**
 * `npm run demo`: the demo stack (root Pulumi.yaml, program examples/quickstart) with the real
 * Pulumi engine against the embedded emulator, start to finish:
 *   1. `pulumi up`: disables the MCP server, reads rules and templates, prints the outputs;
 *   2. someone re-enables the server out of band (as a person in the console would);
 *   3. `pulumi preview --refresh --diff`: the drift is visible, field by field;
 *   4. `pulumi-flashduty drift`: the drift report a pull request gets (exit code 2: drift);
 *   5. `pulumi up --refresh`: fixed;
 *   6. `pulumi destroy`: the server is enabled again.
 * Exits 0 and leaves no process behind. State lives in .pulumi-state/demo (git-ignored) and is
 * wiped at the start of each run, because each run starts a fresh emulator.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import * as path from "node:path";
import { startEmulator, type Emulator } from "pulumi-flashduty-emulator";
import { PulumiWorkspace, REPO_ROOT } from "./pulumiCli";

const SERVER_ID = "mcp_grafana";

function banner(text: string): void {
  process.stdout.write(`\n\x1b[1m==> ${text}\x1b[0m\n\n`);
}

function expectStatus(emulator: Emulator, expected: "enabled" | "disabled"): void {
  const status = emulator.server(SERVER_ID)?.status;
  if (status !== expected) throw new Error(`demo: expected ${SERVER_ID} to be ${expected}, the emulator says ${status}`);
  process.stdout.write(`emulator: ${SERVER_ID} is ${status}\n`);
}

/**
 * Runs the package's `pulumi-flashduty drift` (the built dist/cli/main.js) against the demo stack,
 * echoing its output; resolves with its exit code (0 no drift, 2 drift, 1 error).
 */
function driftReport(stack: PulumiWorkspace): Promise<number> {
  const cli = path.join(REPO_ROOT, "dist", "cli", "main.js");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, "drift", "--stack", stack.stack, "--cwd", REPO_ROOT], {
      cwd: REPO_ROOT,
      env: stack.environment(),
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.on("error", reject);
    child.on("close", (code) => resolve(code ?? 1));
  });
}

async function main(): Promise<void> {
  const stateDir = path.join(REPO_ROOT, ".pulumi-state", "demo");
  rmSync(stateDir, { recursive: true, force: true });
  const emulator = await startEmulator({ port: 0 });
  try {
    banner(`Emulator of the Flashduty API at ${emulator.url}`);
    const stack = new PulumiWorkspace({ projectDir: REPO_ROOT, stateDir, stack: "demo", echo: true });
    await stack.initFresh();
    await stack.setConfig("flashduty:baseUrl", emulator.url);
    await stack.setConfig("flashduty:appKey", emulator.keys.admin, true);
    await stack.setConfig("serverId", SERVER_ID);

    banner("pulumi up: disable the MCP server, read rules and templates");
    await stack.run(["up", "--yes"]);
    expectStatus(emulator, "disabled");

    banner(`Drift: someone enables ${SERVER_ID} again in the console`);
    emulator.setServerStatus(SERVER_ID, "enabled");
    expectStatus(emulator, "enabled");

    banner("pulumi preview --refresh --diff: the drift shows, field by field");
    await stack.run(["preview", "--refresh", "--diff"]);

    banner("pulumi-flashduty drift: the report for a pull request (exit code 2 = drift found)");
    const code = await driftReport(stack);
    if (code !== 2) throw new Error(`demo: pulumi-flashduty drift exited with ${code}, expected 2 (drift found)`);

    banner("pulumi up --refresh: disabled again");
    await stack.run(["up", "--refresh", "--yes"]);
    expectStatus(emulator, "disabled");

    banner("pulumi destroy: the server is enabled again");
    await stack.run(["destroy", "--yes"]);
    expectStatus(emulator, "enabled");

    banner("Demo finished");
  } finally {
    await emulator.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`\ndemo failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
