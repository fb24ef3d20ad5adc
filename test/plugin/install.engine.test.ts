/**
 * Installing the provider like any Pulumi provider, as a user on a clean machine would (issue 43):
 * from what a release publishes (`npm run package:plugin`'s archive, `npm run package:sdks`'s
 * wheel), with a fresh, empty PULUMI_HOME for each test, no `plugins.providers` in any
 * Pulumi.yaml, and no Node.js on the PATH the CLI and the plugin see (the CLI's folders and the
 * YAML host's only). Real CLI on a `file://` backend, the emulator over HTTP, a local HTTP server
 * on 127.0.0.1 in place of the release server.
 *
 * - the archive installed with `pulumi plugin install --file`, and with `--server` from the local
 *   server; `pulumi plugin ls` and `pulumi package get-schema flashduty@<version>`;
 * - a YAML program on the installed plugin: up, a console edit named by `preview --refresh --diff`,
 *   destroy;
 * - automatic plugin acquisition from a `pluginDownloadURL`, and from a mirror named by
 *   `PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES` in place of the release server the SDKs name; with
 *   acquisition off and no plugin, an error that names `flashduty` and the version;
 * - the Python wheel in a fresh venv and the Go SDK, each with two explicit providers on two app
 *   keys of two accounts: each server lands in its own account.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import * as http from "node:http";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { archiveName } from "../../scripts/packagePlugin";
import { ensurePulumiYaml, PulumiWorkspace, REPO_ROOT } from "../../scripts/pulumiCli";
import { filesUnder } from "../support/files";
import { buildGoProgram } from "../support/goBuild";
import { runProgram } from "../support/automationLifecycle";
import { PULUMI_PYTHON_VERSION } from "../support/pythonVenv";
import { buildRelease, RELEASE_VERSION } from "../support/releaseBuild";
import { writeCounts } from "../support/writeCounts";

const VERSION = RELEASE_VERSION;
/** The archive of this machine's platform, as `npm run package:plugin` names it. */
const ARCHIVE = archiveName(VERSION);
const DISABLED_SERVER = "mcp_grafana";
const HEADER_SECRET = "Bearer install_header_secret_0123456789";

let dir: string;
let release: string;
let python: string;
let goProgram: string;
let yamlHost: string;
let emulator: Emulator;
let releaseServer: http.Server;
let releaseUrl: string;
/** Paths the local release server was asked for. */
const served: string[] = [];

// Synchronous builds before any server starts: the archive (about 20 s), the SDK packages, a fresh
// venv with the wheel (pip from PyPI; a minute or more with a cold pip cache) and the Go program
// (minutes on a cold Go build cache; shared with goProgram.engine.test.ts).
beforeAll(() => {
  mkdirSync(path.join(REPO_ROOT, ".pulumi-state", "work"), { recursive: true });
  dir = mkdtempSync(path.join(REPO_ROOT, ".pulumi-state", "work", "install-"));
  release = path.join(dir, "release");
  const { wheel } = buildRelease(release);
  const venv = path.join(dir, "venv");
  execFileSync("python3", ["-m", "venv", venv], { stdio: ["ignore", "ignore", "inherit"] });
  python = path.join(venv, "bin", "python");
  execFileSync(python, ["-m", "pip", "install", "--disable-pip-version-check", "--no-input", "--quiet", `pulumi==${PULUMI_PYTHON_VERSION}`, wheel], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  goProgram = buildGoProgram({
    moduleDir: path.join(REPO_ROOT, "test", "plugin", "goProgram"),
    name: "flashduty-go-program",
    sources: [path.join(REPO_ROOT, "sdks", "go", "flashduty")],
  });
  yamlHost = ensurePulumiYaml();
}, 1_800_000);

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  // The release server: the files of `release` by name, as a download URL serves them. A few
  // lines of node:http; a static-file server library would add a dependency for one folder.
  releaseServer = http.createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname.slice(1));
    served.push(name);
    const file = path.join(release, path.basename(name));
    if (name.includes("/") || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "application/gzip", "content-length": statSync(file).size });
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => releaseServer.listen(0, "127.0.0.1", resolve));
  const address = releaseServer.address() as { port: number };
  releaseUrl = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await new Promise((resolve) => releaseServer?.close(resolve));
  await emulator?.close();
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

/**
 * A workspace as on a clean machine: a fresh, empty PULUMI_HOME, a PATH of the YAML host's folder
 * only (the workspace puts the CLI's first), no FLASHDUTY_* variable, automatic plugin acquisition
 * off unless `acquire`.
 */
function cleanWorkspace(
  name: string,
  program?: string,
  acquire = false,
  env: NodeJS.ProcessEnv = {},
): { ws: PulumiWorkspace; home: string; projectDir: string } {
  const home = path.join(dir, `${name}-home`);
  const projectDir = path.join(dir, `${name}-project`);
  mkdirSync(home, { recursive: true });
  mkdirSync(projectDir, { recursive: true });
  if (program !== undefined) writeFileSync(path.join(projectDir, "Pulumi.yaml"), program);
  const ws = new PulumiWorkspace({
    projectDir,
    stateDir: path.join(dir, `${name}-state`),
    stack: "test",
    env: {
      PULUMI_HOME: home,
      PATH: yamlHost,
      FLASHDUTY_APP_KEY: undefined,
      FLASHDUTY_BASE_URL: undefined,
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: acquire ? "false" : "true",
      ...env,
    },
  });
  // The plugin must run without Node.js: none on any folder of the PATH it inherits.
  for (const folder of (ws.environment().PATH ?? "").split(path.delimiter)) expect(existsSync(path.join(folder, "node")), folder).toBe(false);
  return { ws, home, projectDir };
}

/** `pulumi plugin install` of the archive from the file, into the workspace's PULUMI_HOME. */
async function installFromFile(ws: PulumiWorkspace): Promise<void> {
  await ws.run(["plugin", "install", "resource", "flashduty", VERSION, "--file", path.join(release, ARCHIVE)]);
}

async function installedPlugins(ws: PulumiWorkspace): Promise<Array<{ name: string; kind: string; version: string }>> {
  return JSON.parse((await ws.run(["plugin", "ls", "--json"])).stdout) as Array<{ name: string; kind: string; version: string }>;
}

/** A YAML program on the installed plugin (no plugins.providers): an McpServer with a secret header, a disablement. */
function yamlProgram(options = ""): string {
  return `name: flashduty-installed-yaml
runtime: yaml
config:
  headerValue:
    type: string
    secret: true
resources:
  server:
    type: flashduty:index:McpServer
    properties:
      serverName: installed-yaml-server
      description: Dashboards (installed)
      transport: streamable-http
      url: https://grafana.example/mcp
      headers:
        Authorization: \${headerValue}
${options}  off:
    type: flashduty:index:McpServerDisablement
    properties:
      serverId: ${DISABLED_SERVER}
${options}outputs:
  serverId: \${server.serverId}
  offStatus: \${off.status}
`;
}

/** Runs a program (Python or Go) step and parses its JSON report; what it printed goes to `shown`. */
async function runStep(command: string[], env: NodeJS.ProcessEnv, shown: string[]): Promise<Record<string, any>> {
  const { stdout, stderr } = await runProgram(command, env);
  shown.push(stdout, stderr);
  return JSON.parse(stdout) as Record<string, any>;
}

/**
 * Runs `accounts-up`-like and `accounts-destroy`-like steps of a two-account program (`up` and
 * `destroy` are appended by `step`) on the installed plugin, and checks that each provider's
 * server lands in its own account and that neither key is in the state in plaintext.
 */
async function expectTwoAccounts(name: string, step: (s: "up" | "destroy") => string[], prefix: string): Promise<void> {
  emulator.reset();
  const { ws } = cleanWorkspace(name);
  await installFromFile(ws);
  const workDir = path.join(dir, `${name}-workspace`);
  mkdirSync(workDir, { recursive: true });
  const env = {
    ...ws.environment(),
    FLASHDUTY_PROGRAM_WORK_DIR: workDir,
    FLASHDUTY_PROGRAM_BASE_URL: emulator.url,
    FLASHDUTY_PROGRAM_APP_KEY: emulator.keys.admin,
    FLASHDUTY_PROGRAM_APP_KEY_2: emulator.keys.otherAccount,
    PYTHONDONTWRITEBYTECODE: "1",
  };
  // Everything the programs printed (the CLI's progress included), for the secrets check.
  const shown: string[] = [];
  const up = await runStep(step("up"), env, shown);
  expect(up.result).toBe("succeeded");
  // Two providers, two servers (and the stack).
  expect(up.resourceChanges).toMatchObject({ create: 5 });
  const serverA = up.outputs.serverA.value as string;
  const serverB = up.outputs.serverB.value as string;
  expect(emulator.server(serverA)).toMatchObject({ account_id: 1, server_name: `${prefix}A` });
  expect(emulator.server(serverB)).toMatchObject({ account_id: 2, server_name: `${prefix}B` });
  // The function through provider B reads account 2 only.
  expect(up.outputs.seenByB.value).toEqual([serverB]);
  const stored = [...filesUnder(path.join(dir, `${name}-state`)), ...filesUnder(workDir)].map((f) => readFileSync(f, "utf8")).join("\n");
  const destroy = await runStep(step("destroy"), env, shown);
  expect(destroy.result).toBe("succeeded");
  expect(emulator.server(serverA)).toBeUndefined();
  expect(emulator.server(serverB)).toBeUndefined();
  // Neither key in the state, the workspace or anything the programs and the CLI printed.
  for (const key of [emulator.keys.admin, emulator.keys.otherAccount]) {
    expect(stored).not.toContain(key);
    expect(shown.join("\n")).not.toContain(key);
  }
}

describe("installing the provider like any Pulumi provider, on a clean machine", () => {
  test("the archive installs with --file and from a server with --server; plugin ls lists it; package get-schema reads it", async () => {
    const fromFile = cleanWorkspace("file");
    await installFromFile(fromFile.ws);
    expect(await installedPlugins(fromFile.ws)).toEqual([expect.objectContaining({ name: "flashduty", kind: "resource", version: VERSION })]);
    const schema = JSON.parse((await fromFile.ws.run(["package", "get-schema", `flashduty@${VERSION}`])).stdout) as Record<string, any>;
    expect(schema).toMatchObject({ name: "flashduty", version: VERSION, pluginDownloadURL: "github://api.github.com/flashcatcloud/pulumi-flashduty" });
    expect(schema.provider.inputProperties.appKey).toMatchObject({ type: "string", secret: true });

    const fromServer = cleanWorkspace("server");
    expect(await installedPlugins(fromServer.ws)).toEqual([]);
    served.length = 0;
    await fromServer.ws.run(["plugin", "install", "resource", "flashduty", VERSION, "--server", releaseUrl]);
    expect(served).toEqual([ARCHIVE]);
    expect(await installedPlugins(fromServer.ws)).toEqual([expect.objectContaining({ name: "flashduty", kind: "resource", version: VERSION })]);
  });

  test("a YAML program on the installed plugin, with no Node.js: up, a console edit named by preview --refresh --diff, destroy; secrets kept", async () => {
    emulator.reset();
    const { ws } = cleanWorkspace("yaml", yamlProgram());
    await installFromFile(ws);
    await ws.initFresh();
    await ws.setConfig("flashduty:baseUrl", emulator.url);
    await ws.setConfig("flashduty:appKey", emulator.keys.admin, true);
    await ws.setConfig("headerValue", HEADER_SECRET, true);

    const up = await ws.run(["up", "--yes"]);
    const outs = (await ws.outputs()) as Record<string, any>;
    const serverId = outs.serverId as string;
    expect(emulator.server(serverId)).toMatchObject({ server_name: "installed-yaml-server", description: "Dashboards (installed)" });
    expect(emulator.server(DISABLED_SERVER)?.status).toBe("disabled");
    expect(outs.offStatus).toBe("disabled");

    emulator.updateServer(serverId, { description: "Edited in the console" });
    emulator.setServerStatus(DISABLED_SERVER, "enabled");
    const before = writeCounts(emulator);
    const drift = await ws.run(["preview", "--refresh", "--diff"]);
    expect(writeCounts(emulator)).toEqual(before);
    const planned = drift.stdout.slice(drift.stdout.indexOf("pulumi:pulumi:Stack: (same)"));
    expect(planned).toMatch(/~ description: "Edited in the console" => "Dashboards \(installed\)"/);
    expect(planned).toMatch(/McpServerDisablement: \(update\)[\s\S]*status/);

    const destroy = await ws.run(["destroy", "--yes"]);
    expect(emulator.server(serverId)).toBeUndefined();
    expect(emulator.server(DISABLED_SERVER)?.status).toBe("enabled");
    const exported = JSON.stringify(await ws.exportState());
    for (const secret of [emulator.keys.admin, HEADER_SECRET]) {
      for (const text of [up.output, drift.output, destroy.output, exported]) expect(text).not.toContain(secret);
    }
  });

  test("the engine fetches the plugin from a pluginDownloadURL by itself; with acquisition off and no plugin, the error names flashduty and the version", async () => {
    emulator.reset();
    const pinned = `    options:\n      version: ${VERSION}\n      pluginDownloadURL: ${releaseUrl}/\n`;
    const acquiring = cleanWorkspace("acquire", yamlProgram(pinned), true);
    await acquiring.ws.initFresh();
    await acquiring.ws.setConfig("flashduty:baseUrl", emulator.url);
    await acquiring.ws.setConfig("flashduty:appKey", emulator.keys.admin, true);
    await acquiring.ws.setConfig("headerValue", HEADER_SECRET, true);
    served.length = 0;
    await acquiring.ws.run(["preview"]);
    expect(served).toContain(ARCHIVE);
    expect(await installedPlugins(acquiring.ws)).toEqual([expect.objectContaining({ name: "flashduty", version: VERSION })]);

    const missing = cleanWorkspace("missing", yamlProgram(`    options:\n      version: ${VERSION}\n`));
    await missing.ws.initFresh();
    await missing.ws.setConfig("flashduty:appKey", emulator.keys.admin, true);
    await missing.ws.setConfig("headerValue", HEADER_SECRET, true);
    const failed = await missing.ws.run(["preview"], { check: false });
    expect(failed.code).not.toBe(0);
    expect(failed.output).toContain(`no resource plugin 'pulumi-resource-flashduty' found in the workspace at version v${VERSION}`);
    expect(failed.output).not.toContain(emulator.keys.admin);
  });

  test("PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES points the engine's own download of the release server's plugin at a mirror (docs/python.md, go.md, yaml.md)", async () => {
    emulator.reset();
    // The release server as the SDKs name it (pulumi-plugin.json, their default resource options).
    const named = `    options:\n      version: ${VERSION}\n      pluginDownloadURL: github://api.github.com/flashcatcloud/pulumi-flashduty\n`;
    const mirrored = cleanWorkspace("mirror", yamlProgram(named), true, {
      PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: `^github://api\\.github\\.com/flashcatcloud/pulumi-flashduty=${releaseUrl}`,
    });
    await mirrored.ws.initFresh();
    await mirrored.ws.setConfig("flashduty:baseUrl", emulator.url);
    await mirrored.ws.setConfig("flashduty:appKey", emulator.keys.admin, true);
    await mirrored.ws.setConfig("headerValue", HEADER_SECRET, true);
    served.length = 0;
    await mirrored.ws.run(["preview"]);
    expect(served).toContain(ARCHIVE);
    expect(await installedPlugins(mirrored.ws)).toEqual([expect.objectContaining({ name: "flashduty", version: VERSION })]);
  });

  test("Python: the wheel in a fresh venv, two explicit providers on two app keys, each server in its own account", async () => {
    await expectTwoAccounts("python", (s) => [python, path.join(REPO_ROOT, "test", "plugin", "installedPackages", "accounts.py"), s], "accounts-python-");
  });

  test("Go: the SDK through the Automation API, two explicit providers on two app keys, each server in its own account", async () => {
    await expectTwoAccounts("go", (s) => [goProgram, `accounts-${s}`], "accounts-go-");
  });
});
