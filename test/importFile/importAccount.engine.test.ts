/**
 * A console-made account under code in one step (issue 48): the emulator seeded like a real
 * account (several teams, the seed's MCP servers of every transport, servers made with secret
 * headers and env, rules with every trigger, A2A agents with a secret, knowledge files, a skill,
 * hostile names), `pulumi-flashduty import-file` (the built command, as a user runs it), then
 * `pulumi import --file` in a YAML project and in a TypeScript project on the generated Node.js
 * SDK, both on the provider plugin: the program and the state written, its masked secrets made
 * config secrets by `pulumi-flashduty import-secrets` and set, the next preview clean, a console
 * edit put back by the program's `up`, and no secret in the file, the program, any output or the
 * state.
 */
import { execFile, execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, test } from "vitest";
import { FlashdutyClient } from "../../sdk";
import { PulumiWorkspace, REPO_ROOT } from "../../scripts/pulumiCli";
import { MCP_SERVER_RULES } from "../../wire/protocol";
import { TERMINAL_CONTROL } from "../support/hostileText";
import { skillZip } from "../support/skillArchives";
import { writeCounts } from "../support/writeCounts";
import { BUILT_CLI } from "../support/cliRun";
import { yamlPluginHeader, yamlPluginStack, yamlPluginSuite } from "../support/yamlPluginStack";

const run = promisify(execFile);
const world = yamlPluginSuite("import-file-");

const HEADER_SECRET = "Bearer import_file_header_secret_0123456789";
const ENV_SECRET = "ghp_import_file_env_secret_0123456789";
const AGENT_SECRET = "import_file_agent_api_key_0123456789";
const HOSTILE_ENV_SECRET = "import_file_hostile_env_secret_0123456789";
const SECRETS = [HEADER_SECRET, ENV_SECRET, AGENT_SECRET, HOSTILE_ENV_SECRET];
/** Rule names as people type them, and as an attacker would. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: hostile platform text holds a literal ${
const HOSTILE_RULE = 'Nightly "report" ${x} \u001b[31mred\u001b[0m \u202eevil';
const UNICODE_RULE = "每日巡检 – Ünïcode";
/** A sensitive env key (PASSWORD) as an attacker would type it: quotes, `${`, a backslash, a control character. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: hostile platform text holds a literal ${
const HOSTILE_ENV_KEY = 'DB "main" ${x} \\ PASSWORD\u001b[31m';

/** Makes in the emulator what a team made in the console: as the member of teams 1 and 2. */
async function seedAccount(client: FlashdutyClient): Promise<void> {
  await client.mcpServers.create({
    serverName: "grafana-prod",
    transport: "sse",
    url: "https://grafana.example/sse",
    teamId: 1,
    headers: { Authorization: HEADER_SECRET },
  });
  // The same name in another team: unique per scope, so the logical names must tell them apart.
  await client.mcpServers.create({
    serverName: "grafana-prod",
    transport: "streamable-http",
    url: "https://grafana2.example/mcp",
    teamId: 2,
    headers: { "X-Api-Key": HEADER_SECRET },
  });
  await client.mcpServers.create({
    serverName: "github",
    transport: "stdio",
    command: "npx",
    args: ["-y", "server-github"],
    teamId: 1,
    env: { GITHUB_TOKEN: ENV_SECRET, GITHUB_HOST: "github.com", [HOSTILE_ENV_KEY]: HOSTILE_ENV_SECRET },
  });
  await client.automationRules.create({ name: HOSTILE_RULE, prompt: "Summarise", cronExpr: "0 9 * * *", timezone: "Asia/Shanghai", teamId: 1 });
  await client.automationRules.create({
    name: UNICODE_RULE,
    prompt: "Check",
    cronExpr: "0 0 * * *",
    teamId: 2,
    scheduleTriggerEnabled: false,
    httpPostTriggerEnabled: true,
  });
  await client.automationRules.create({
    name: "on-call triage",
    prompt: "Triage the incident",
    cronExpr: "30 8 * * 1-5",
    teamId: 1,
    oncallIncidentTriggerEnabled: true,
    oncallIncidentChannelIds: [11, 12],
    oncallIncidentSeverities: ["Critical", "Warning"],
    httpPostTriggerEnabled: true,
  });
  await client.a2aAgents.create({
    agentName: "payments-agent",
    instructions: "Answer payment questions.",
    cardUrl: "https://payments.example/card.json",
    authType: "api_key",
    authConfig: { header_name: "X-Api-Key", api_key: AGENT_SECRET },
    teamId: 1,
  });
  await client.knowledge.ensurePack({ teamId: 1 });
  const pack = (await client.knowledge.listAllPacks({ scope: "team", teamIds: [1] })).find((p) => p.scopeId === 1);
  await client.knowledge.putFile({ packId: pack?.packId, relPath: "runbooks/db-failover.md", content: "# DB failover\n\n1. Promote the replica.\n" });
  await client.skills.upload({ archive: skillZip("k8s-debug"), teamId: 1 });
}

/** `pulumi-flashduty import-file` from the build, as a user runs it. */
async function importFileCommand(args: string[], appKey: string): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, [BUILT_CLI, "import-file", ...args], {
    env: { ...process.env, FLASHDUTY_APP_KEY: appKey, FLASHDUTY_BASE_URL: world().emulator.url },
  });
}

/** What a user fills in for each masked key: the value made in `seedAccount`, or (for the seed's own servers) a new one. */
const FILLED_IN: Record<string, string> = {
  Authorization: HEADER_SECRET,
  "X-Api-Key": HEADER_SECRET,
  GITHUB_TOKEN: ENV_SECRET,
  [HOSTILE_ENV_KEY]: HOSTILE_ENV_SECRET,
  api_key: AGENT_SECRET,
  DATABASE_URI: "postgres://import_file_filled_in_0123456789@replica/payments",
};

/**
 * `pulumi-flashduty import-secrets PROGRAM` from the build: its stdout and, from each of its
 * lines, the platform's key and the config key to set (`pulumi config set --secret KEY`).
 */
async function importSecrets(program: string): Promise<{ stdout: string; toSet: Array<{ key: string; configKey: string }> }> {
  const { stdout } = await run(process.execPath, [BUILT_CLI, "import-secrets", program]);
  for (const line of stdout.split("\n")) expect(line).not.toMatch(TERMINAL_CONTROL);
  const toSet = [...stdout.matchAll(/^[a-z][A-Za-z0-9]* (".*") \(line \d+\): pulumi config set --secret ([A-Za-z0-9]+)$/gm)].map((m) => ({
    key: JSON.parse(m[1] as string) as string,
    configKey: m[2] as string,
  }));
  return { stdout, toSet };
}

/** Sets each config secret as a user does, with the value of {@link FILLED_IN} for its key. */
async function fillIn(ws: PulumiWorkspace, toSet: Array<{ key: string; configKey: string }>): Promise<void> {
  for (const { key, configKey } of toSet) {
    expect(FILLED_IN[key], `a value to fill in for ${JSON.stringify(key)}`).toBeDefined();
    await ws.setConfig(configKey, FILLED_IN[key] as string, true);
  }
}

/** What the tests share: the import file and the command's output. */
let fileName = "";
let cli = { stdout: "", stderr: "" };

beforeAll(async () => {
  const { emulator, dir } = world();
  await seedAccount(new FlashdutyClient({ appKey: emulator.keys.member, baseUrl: emulator.url }));
  fileName = path.join(dir, "import.json");
  cli = await importFileCommand(["--output", fileName, "--disablements"], emulator.keys.member);
});

describe("pulumi-flashduty import-file, then pulumi import --file", () => {
  test("a YAML program: every resource once, imported with a clean next preview, a console edit put back by up, no secret anywhere", async () => {
    const { emulator, dir } = world();
    const appKey = emulator.keys.member;

    // The import file: every object the key may edit, once, with valid unique names; the rest reported.
    const text = readFileSync(fileName, "utf8");
    const file = JSON.parse(text) as { resources: Array<{ type: string; name: string; id: string }> };
    const servers = emulator.servers().filter((s) => s.account_id === 1);
    // Every server of the member's teams, those whose names came before today's name rule among
    // them ("Generated server 0001", "2019-ops-bridge"): the check passes a name the state holds.
    const editable = servers.filter((s) => [1, 2].includes(s.team_id));
    expect(editable.filter((s) => !MCP_SERVER_RULES.namePattern.test(s.server_name)).length).toBeGreaterThan(0);
    expect(cli.stderr).not.toContain("check refuses");
    const ids = file.resources.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(file.resources.map((r) => r.name)).size).toBe(ids.length);
    for (const r of file.resources) expect(r.name).toMatch(/^[a-z][A-Za-z0-9]*$/);
    for (const s of editable)
      expect(file.resources).toContainEqual(
        expect.objectContaining({ id: s.server_id, type: s.status === "disabled" ? "flashduty:index:McpServerDisablement" : "flashduty:index:McpServer" }),
      );
    expect(file.resources.filter((r) => r.type === "flashduty:index:AutomationRule")).toHaveLength(3);
    const agents = emulator.a2aAgents().filter((a) => a.account_id === 1 && [1, 2].includes(a.team_id));
    expect(
      file.resources
        .filter((r) => r.type === "flashduty:index:A2aAgent")
        .map((r) => r.id)
        .sort(),
    ).toEqual(agents.map((a) => a.agent_id).sort());
    expect(ids).toContain("1/runbooks/db-failover.md");
    expect(file.resources.some((r) => r.type === "flashduty:index:Skill")).toBe(false);
    expect(cli.stderr).toMatch(/skipped flashduty:index:Skill "k8s-debug" \(id "skill_[^"]+"\): pulumi import is not offered for Skill/);
    expect(ids.filter((id) => id.startsWith("mcp_")).sort()).toEqual(editable.map((s) => s.server_id).sort());
    for (const s of servers.filter((s) => ![1, 2].includes(s.team_id)))
      expect(cli.stderr).toContain(`(id "${s.server_id}"): the app key cannot edit this server`);
    expect(cli.stderr).toMatch(/fill in serverGithub\S* \(flashduty:index:McpServer\) "env\.GITHUB_TOKEN"/);
    expect(cli.stderr).toMatch(/fill in agentPaymentsAgent \(flashduty:index:A2aAgent\) "authConfig\.api_key"/);
    for (const line of cli.stderr.split("\n")) expect(line).not.toMatch(TERMINAL_CONTROL);

    // pulumi import --file: the program written (YAML), the state too.
    const ws = await yamlPluginStack(world(), { program: yamlPluginHeader("import-account"), appKey });
    const generated = path.join(dir, "generated.yaml");
    const imported = await ws.run(["import", "--file", fileName, "--out", generated, "--yes", "--protect=false"]);
    const program = readFileSync(generated, "utf8");
    // Masked secrets are written as the mask, to be replaced by config secrets; shown values as shown; never a digest.
    expect(program).toMatch(/GITHUB_TOKEN: '\*{6}'/);
    expect(program).toMatch(/GITHUB_HOST: github\.com/);
    expect(program).toMatch(/api_key: '\*{6}'/);
    expect(program).not.toContain("scrypt:");

    // import-secrets: each mask read from a config secret, which the user sets before the next preview.
    const secrets = await importSecrets(generated);
    const configured = readFileSync(generated, "utf8");
    expect(secrets.toSet.map((s) => s.configKey)).toEqual(
      expect.arrayContaining(["serverGithubGithubToken", "agentPaymentsAgentApiKey", "serverGrafanaProdAuthorization"]),
    );
    expect(secrets.stdout).toMatch(
      /^serverGithub "DB \\"main\\" \$\{x\} \\\\ PASSWORD\\u001b\[31m" \(line \d+\): pulumi config set --secret serverGithubDbMainXPassword31m$/m,
    );
    expect(configured).not.toContain("******");
    expect(configured).toMatch(/GITHUB_TOKEN: \$\{serverGithubGithubToken\}/);
    expect(configured).toMatch(/^config:\n {2}agentPaymentsAgentApiKey:\n {4}type: string\n {4}secret: true$/m);
    writeFileSync(path.join(dir, "project", "Pulumi.yaml"), `${yamlPluginHeader("import-account")}${configured}`);
    // Before the secrets are set, a preview fails, naming each one (the YAML program declares them in its config section).
    const unset = await ws.run(["preview"], { check: false });
    expect(unset.code).not.toBe(0);
    expect(unset.output).toContain("Stack 'test' is missing configuration values");
    for (const { configKey } of secrets.toSet) expect(unset.output).toContain(`'${configKey}'`);
    await fillIn(ws, secrets.toSet);
    const state = await ws.exportState();
    expect(state.deployment.resources?.filter((r) => String(r.type).startsWith("flashduty:index:"))).toHaveLength(file.resources.length);

    // The next preview: no change, no write.
    const before = writeCounts(emulator);
    const preview = await ws.run(["preview", "--expect-no-changes", "--diff"]);
    expect(writeCounts(emulator)).toEqual(before);

    // Console edits: the program's up puts them back.
    const grafana = editable.find((s) => s.server_name === "grafana-prod" && s.team_id === 1)?.server_id as string;
    const triage = file.resources.find((r) => r.name === "ruleOnCallTriage")?.id as string;
    emulator.updateServer(grafana, { url: "https://edited.example/sse" });
    emulator.updateRule(triage, { prompt: "Edited in the console" });
    await ws.run(["up", "--refresh", "--yes"]);
    expect(emulator.server(grafana)?.url).toBe("https://grafana.example/sse");
    expect(emulator.rule(triage)?.prompt).toBe("Triage the incident");
    await ws.run(["preview", "--expect-no-changes"]);

    // No secret in the file, the program, any output or the state.
    const exported = JSON.stringify(await ws.exportState());
    for (const secret of [...SECRETS, appKey]) {
      for (const shown of [text, cli.stdout, cli.stderr, program, configured, secrets.stdout, imported.output, preview.output, exported])
        expect(shown).not.toContain(secret);
    }
  });

  // The TypeScript program, written by `pulumi import` itself: the Node.js language host's
  // GenerateProgram with Pulumi's TypeScript generator (in .ci/run the offline stand-in host,
  // scripts/langhost, which calls the same generator library as the official host), on the
  // generated Node.js SDK (sdks/nodejs, compiled here). The program must type-check (strict, with
  // the SDK's declarations: a name that is no identifier or a value of the wrong type fails),
  // run, and preview clean.
  test("a TypeScript program on the generated Node.js SDK: pulumi import writes it, it type-checks, the next preview is clean", async () => {
    const { emulator, dir } = world();
    const project = path.join(dir, "ts");
    mkdirSync(path.join(project, "node_modules", "@pulumi-flashduty"), { recursive: true });
    const sdk = path.join(dir, "sdk-nodejs");
    cpSync(path.join(REPO_ROOT, "sdks", "nodejs"), sdk, { recursive: true });
    const tsc = require.resolve("typescript/bin/tsc");
    execFileSync(process.execPath, [tsc, "-p", path.join(sdk, "tsconfig.json")], { stdio: "pipe" });
    writeFileSync(
      path.join(sdk, "bin", "package.json"),
      JSON.stringify({ ...JSON.parse(readFileSync(path.join(sdk, "package.json"), "utf8")), main: "index.js", types: "index.d.ts" }),
    );
    symlinkSync(path.join(sdk, "bin"), path.join(project, "node_modules", "@pulumi-flashduty", "flashduty"));
    writeFileSync(
      path.join(project, "Pulumi.yaml"),
      `name: import-account-ts\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: bin/index.js\nplugins:\n  providers:\n    - name: flashduty\n      path: ${path.join(REPO_ROOT, "dist", "plugin")}\n`,
    );
    writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "import-account-ts", private: true, main: "bin/index.js" }));
    const compilerOptions = { strict: true, outDir: "bin", target: "es2020", module: "commonjs", moduleResolution: "node", types: [] };
    writeFileSync(path.join(project, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["index.ts"] }));
    // The CLI reads the project (its main must exist) before it imports; tsc writes the real one below.
    mkdirSync(path.join(project, "bin"));
    writeFileSync(path.join(project, "bin", "index.js"), "");

    const ws = new PulumiWorkspace({
      projectDir: project,
      stateDir: path.join(dir, "ts-state"),
      stack: "test",
      env: { FLASHDUTY_APP_KEY: undefined, FLASHDUTY_BASE_URL: undefined },
    });
    await ws.initFresh();
    await ws.setConfig("flashduty:baseUrl", emulator.url);
    await ws.setConfig("flashduty:appKey", emulator.keys.member, true);
    const imported = await ws.run(["import", "--file", fileName, "--out", path.join(project, "index.ts"), "--yes", "--protect=false"]);
    const program = readFileSync(path.join(project, "index.ts"), "utf8");
    expect(program).toContain('import * as flashduty from "@pulumi-flashduty/flashduty";');
    const file = JSON.parse(readFileSync(fileName, "utf8")) as { resources: Array<{ type: string; name: string }> };
    for (const r of file.resources) expect(program).toContain(`new flashduty.${r.type.split(":").pop()}("${r.name}"`);
    // Masked secrets are written as the mask; import-secrets makes each a config secret, set before the preview.
    expect(program).toMatch(/GITHUB_TOKEN: "\*{6}"/);
    const secrets = await importSecrets(path.join(project, "index.ts"));
    await fillIn(ws, secrets.toSet);
    const configured = readFileSync(path.join(project, "index.ts"), "utf8");
    expect(secrets.toSet.map((s) => s.configKey)).toContain("serverGithubGithubToken");
    expect(configured).not.toContain("******");
    expect(configured).toContain('GITHUB_TOKEN: config.requireSecret("serverGithubGithubToken"),');
    execFileSync(process.execPath, [tsc, "-p", path.join(project, "tsconfig.json")], { stdio: "pipe" });

    const before = writeCounts(emulator);
    const preview = await ws.run(["preview", "--expect-no-changes", "--diff"]);
    expect(writeCounts(emulator)).toEqual(before);
    expect(preview.stdout).toMatch(/\d+ unchanged/);
    const exported = JSON.stringify(await ws.exportState());
    for (const secret of [...SECRETS, emulator.keys.member])
      for (const shown of [program, configured, secrets.stdout, imported.output, preview.output, exported]) expect(shown).not.toContain(secret);
  });
});
