/**
 * The lifecycle a generated SDK goes through in an Automation API program on the provider plugin
 * (test/plugin/goProgram.engine.test.ts, pythonProgram.engine.test.ts): the program, one of
 * test/plugin/goProgram or pythonProgram, runs one step per process (up, preview-refresh,
 * up-refresh, import, preview, destroy) and prints a JSON report; this runs the steps against the
 * emulator with the real CLI on a `file://` backend, edits the emulator as a person in the console
 * would, takes resources out of the state for the import, and checks reports, emulator state,
 * write counters and secrets.
 *
 * The import is the `import` resource option in an up, not `Stack.ImportResources` /
 * `import_resources`: those run `pulumi import`, which is no inline run, so the CLI loads the
 * project's Go or Python language host, which these test machines do not have (docs/go.md,
 * docs/python.md).
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { expect } from "vitest";
import type { Emulator } from "../../emulator";
import { digestMatches } from "../../provider/engine/secretDigest";
import { PulumiWorkspace, REPO_ROOT } from "../../scripts/pulumiCli";
import { filesUnder } from "./files";
import { writeCounts } from "./writeCounts";

/** What differs between the programs of the languages. */
export interface AutomationProgram {
  /** The executable and its first arguments; the step name is appended. */
  command: string[];
  /** Extra environment (e.g. PYTHONPATH). */
  env?: NodeJS.ProcessEnv;
  /** The names the program gives its rule (`name`) and server (`serverName`). */
  ruleName: string;
  serverName: string;
  /** The server's `description` in the program (put back by up --refresh). */
  description: string;
}

/** The rule's prompt in every program (put back by up --refresh). */
const PROMPT = "Summarise the open incidents";
const HEADER_SECRET = "Bearer automation_header_secret_0123456789";
const DISABLED_SERVER = "mcp_grafana";

/** One step's JSON report. */
type Report = Record<string, any>;

/**
 * Runs `program` through up, a console edit shown by preview --refresh --diff, up --refresh, the
 * rule and the server taken out of the state (`pulumi state delete`) and adopted again by id (the
 * `import` step) with a clean preview after it, and destroy, in a new folder under `dir` (the
 * workspace and the state), against `emulator` (reset first), with the app key as the secret
 * stack config `flashduty:appKey` and no `FLASHDUTY_*` variable. Asserts as it goes (vitest
 * `expect`); resolves when the stack is destroyed.
 *
 * @throws Error when a step exits non-zero (its stderr and stdout in the message)
 */
export async function expectAutomationLifecycle(emulator: Emulator, dir: string, program: AutomationProgram): Promise<void> {
  emulator.reset();
  const appKey = emulator.keys.admin;
  const workDir = path.join(dir, "workspace");
  const stateDir = path.join(dir, "state");
  mkdirSync(workDir, { recursive: true });
  // The CLI (PATH), the backend and its passphrase, as every engine test has them; no FLASHDUTY_*
  // variable, so the app key reaches the plugin only as the secret stack config. The workspace
  // also reads the stack back through the CLI (outputs with secrets, state export).
  const ws = new PulumiWorkspace({ projectDir: workDir, stateDir, stack: "test", env: { FLASHDUTY_APP_KEY: undefined, FLASHDUTY_BASE_URL: undefined } });
  const env: NodeJS.ProcessEnv = {
    ...ws.environment(),
    ...program.env,
    FLASHDUTY_PROGRAM_WORK_DIR: workDir,
    FLASHDUTY_PROGRAM_PLUGIN_DIR: path.join(REPO_ROOT, "dist", "plugin"),
    FLASHDUTY_PROGRAM_BASE_URL: emulator.url,
    FLASHDUTY_PROGRAM_APP_KEY: appKey,
    FLASHDUTY_PROGRAM_DISABLED_SERVER: DISABLED_SERVER,
    FLASHDUTY_PROGRAM_HEADER: HEADER_SECRET,
  };
  const shown: string[] = [];
  const step = async (name: string, extra: NodeJS.ProcessEnv = {}): Promise<Report> => {
    const { stdout, stderr } = await runProgram([...program.command, name], { ...env, ...extra });
    shown.push(stdout, stderr);
    return JSON.parse(stdout) as Report;
  };
  const writes = () => writeCounts(emulator);
  expect(emulator.server(DISABLED_SERVER)?.status).toBe("enabled");

  // up: one create of each, the server disabled; the functions see what the resources made.
  const up = await step("up");
  expect(up.result).toBe("succeeded");
  expect(up.resourceChanges).toMatchObject({ create: 4 });
  expect(writes()).toMatchObject({ ruleCreate: 1, serverCreate: 1, disable: 1, ruleUpdate: 0, serverUpdate: 0 });
  const outs = up.outputs as Record<
    "ruleId" | "serverId" | "offStatus" | "httpPostToken" | "serverHeaders" | "rules" | "servers" | "templatesLocale" | "templateCount",
    { value: any; secret: boolean }
  >;
  const ruleId = outs.ruleId.value as string;
  const serverId = outs.serverId.value as string;
  expect(ruleId).toMatch(/^arule_/);
  expect(emulator.rule(ruleId)).toMatchObject({ name: program.ruleName, prompt: PROMPT, timezone: "Asia/Shanghai", http_post_trigger_enabled: true });
  expect(emulator.server(serverId)).toMatchObject({ server_name: program.serverName, description: program.description, transport: "streamable-http" });
  expect(emulator.server(DISABLED_SERVER)?.status).toBe("disabled");
  expect(outs.offStatus).toEqual({ value: "disabled", secret: false });
  expect(outs.httpPostToken).toEqual({ value: "[secret]", secret: true });
  expect(outs.serverHeaders).toEqual({ value: "[secret]", secret: true });
  expect(outs.rules.value).toMatchObject({ total: 1, rules: [{ ruleId, name: program.ruleName }] });
  expect(outs.servers.value).toMatchObject({ total: 1, servers: [{ serverId, serverName: program.serverName }] });
  expect(outs.templatesLocale.value).toBe("en-US");
  expect(outs.templateCount.value).toBeGreaterThan(0);

  // The secrets, read back through the CLI: the header's output is its digest, never the header
  // (docs/reliability.md#secrets-in-logs); the app key, the header and the trigger token are in
  // no output and not in the state (export, files) in plaintext.
  const plain = (await ws.outputs()) as Record<string, any>;
  expect(Object.keys(plain.serverHeaders)).toEqual(["Authorization"]);
  expect(digestMatches(plain.serverHeaders.Authorization, HEADER_SECRET)).toBe(true);
  const token = plain.httpPostToken as string;
  expect(token).toMatch(/\S{8,}/);
  const state = await ws.exportState();
  const rule = state.deployment.resources?.find((r) => r.type === "flashduty:index:AutomationRule");
  expect(rule?.outputs.httpPostToken).toHaveProperty("ciphertext");
  // The state as exported and every file of the backend and the workspace, as text.
  const storedText = async () =>
    [JSON.stringify(await ws.exportState()), ...[...filesUnder(stateDir), ...filesUnder(workDir)].map((f) => readFileSync(f, "utf8"))].join("\n");
  const secrets = [appKey, HEADER_SECRET, token];
  const stored = await storedText();
  for (const secret of secrets) expect(stored).not.toContain(secret);

  // A console edit: refresh names the changed fields in the diff, with no write. The edits of
  // fields the program leaves out (the rule's enabled, the server's environments and timeouts)
  // are not managed: no drift that blocks anything, never put back.
  const leftOut = { environments: ["cloud"], connect_timeout: 30, call_timeout: 120 };
  emulator.updateRule(ruleId, { prompt: "Edited in the console", enabled: false });
  emulator.updateServer(serverId, { description: "Edited in the console", ...leftOut });
  emulator.setServerStatus(DISABLED_SERVER, "enabled");
  const before = writes();
  const drift = await step("preview-refresh");
  expect(writes()).toEqual(before);
  expect(drift.changeSummary).toMatchObject({ update: 3 });
  expect(drift.stdout).toMatch(/~ prompt: "Edited in the console" => "Summarise the open incidents"/);
  expect(drift.stdout).toContain(`~ description: "Edited in the console" => "${program.description}"`);
  expect(drift.stdout).toMatch(/McpServerDisablement: \(update\)[\s\S]*status/);
  expect(drift.stdout).not.toMatch(/~ (environments|connectTimeoutSeconds|connect_timeout_seconds|enabled):/);

  // up --refresh puts the program's values back, in place.
  const fixed = await step("up-refresh");
  expect(fixed.resourceChanges).toMatchObject({ update: 3 });
  expect(emulator.rule(ruleId)?.prompt).toBe(PROMPT);
  expect(emulator.server(serverId)?.description).toBe(program.description);
  expect(emulator.server(serverId)).toMatchObject(leftOut);
  expect(emulator.rule(ruleId)?.enabled).toBe(false);
  expect(emulator.server(DISABLED_SERVER)?.status).toBe("disabled");
  expect(writes()).toMatchObject({ ruleCreate: 1, serverCreate: 1, ruleUpdate: 1, serverUpdate: 1, disable: 2 });

  // import: the rule and the server leave the state (`pulumi state delete`), then the program's
  // `import` step adopts them by id (the import resource option, in an up through the Automation
  // API): read, not written; then a plain preview plans no change and writes nothing either.
  const current = await ws.exportState();
  for (const type of ["flashduty:index:AutomationRule", "flashduty:index:McpServer"]) {
    const urn = current.deployment.resources?.find((r) => r.type === type)?.urn as string;
    shown.push((await ws.run(["state", "delete", "--yes", urn])).output);
  }
  const beforeImport = writes();
  const imported = await step("import", { FLASHDUTY_PROGRAM_RULE_ID: ruleId, FLASHDUTY_PROGRAM_SERVER_ID: serverId });
  expect(imported.result).toBe("succeeded");
  expect(imported.resourceChanges).toEqual({ import: 2, same: 2 });
  expect(imported.outputs.ruleId.value).toBe(ruleId);
  expect(imported.outputs.serverId.value).toBe(serverId);
  expect(writes()).toEqual(beforeImport);
  const clean = await step("preview");
  expect(clean.changeSummary).toEqual({ same: 4 });
  expect(writes()).toEqual(beforeImport);
  // What an import cannot read back: no read returns the trigger token, and the platform masks
  // secret header values (with no state yet to take the value from, the output keeps the mask).
  const afterImport = (await ws.outputs()) as Record<string, any>;
  expect(afterImport.httpPostToken ?? null).toBeNull(); // null from Go, left out by Python
  expect(afterImport.serverHeaders).toEqual({ Authorization: "******" });
  const storedAfterImport = await storedText();
  for (const secret of secrets) expect(storedAfterImport).not.toContain(secret);

  // destroy: the rule and the server deleted, the disabled server enabled again.
  const destroyed = await step("destroy");
  expect(destroyed.resourceChanges).toMatchObject({ delete: 4 });
  expect(emulator.rule(ruleId)).toBeUndefined();
  expect(emulator.server(serverId)).toBeUndefined();
  expect(emulator.server(DISABLED_SERVER)?.status).toBe("enabled");
  expect(writes()).toMatchObject({ ruleDelete: 1, serverDelete: 1, enable: 1 });
  const output = shown.join("\n");
  for (const secret of secrets) expect(output).not.toContain(secret);
}

/** Runs a command asynchronously (so an in-process emulator keeps answering); rejects on a non-zero exit, with its output. */
export function runProgram(command: string[], env: NodeJS.ProcessEnv): Promise<{ stdout: string; stderr: string }> {
  const [file, ...args] = command;
  return new Promise((resolve, reject) => {
    const child = spawn(file!, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve({ stdout, stderr });
      else reject(new Error(`${path.basename(file!)} ${args.join(" ")} exited with ${code}:\n${stderr}\n${stdout}`));
    });
  });
}
