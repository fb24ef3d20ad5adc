/**
 * The Terraform provider `flashdutyai` (the release entry `dist/plugin/main.js`, launched by
 * Terraform with its magic cookie) with the real Terraform CLI (found on PATH) through
 * `dev_overrides`, against the emulator: an MCP server, an automation rule and an A2A agent, and
 * a data source, through apply, a clean `plan -detailed-exitcode`, a console edit shown by plan
 * and put back by apply, an in-place update (a write-only secret alone included), an `import`
 * block with `-generate-config-out` and a clean plan after it, and destroy. Bad input is named by
 * its snake_case attribute before any API call; the app key and the secret values never appear in
 * `TF_LOG=trace` output nor in the state.
 */
import { execFile, spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { extract } from "tar";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { digestMatches } from "../../provider/engine/secretDigest";
import { archiveName } from "../../scripts/packagePlugin";
import { REPO_ROOT } from "../../scripts/pulumiCli";
import { RELEASE_VERSION } from "../support/releaseBuild";

let emulator: Emulator;
let root: string;
let env: NodeJS.ProcessEnv;
let appKey: string;

const HEADER_SECRET = "Bearer tf_header_secret_0123456789";
const HEADER_SECRET_2 = "Bearer tf_header_secret_rotated_9876";

/** The Terraform CLI on PATH and its version: the suite fails (not skips) without it. */
function terraformVersion(): string {
  const result = spawnSync("terraform", ["version", "-json"], { encoding: "utf8" });
  if (result.error !== undefined || result.status !== 0) {
    throw new Error(`the Terraform CLI is not on PATH (${result.error?.message ?? result.stderr}); install Terraform >= 1.11 to run this suite`);
  }
  return (JSON.parse(result.stdout) as { terraform_version: string }).terraform_version;
}

interface Run {
  code: number;
  out: string;
}

/**
 * Runs `terraform <args>` in `dir` (no colour, no input); never throws. Asynchronous: the
 * emulator answers from this process.
 */
function tf(dir: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn("terraform", [...args, "-no-color"], { cwd: dir, env: { ...env, ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => chunks.push(c));
    child.stderr.on("data", (c: Buffer) => chunks.push(c));
    child.on("close", (code) => resolve({ code: code ?? -1, out: Buffer.concat(chunks).toString("utf8") }));
  });
}

/** Runs a command that must succeed (exit 0), and answers its output. */
async function ok(dir: string, args: string[]): Promise<string> {
  const run = await tf(dir, args);
  if (run.code !== 0) throw new Error(`terraform ${args.join(" ")} exited ${run.code}:\n${run.out}`);
  return run.out;
}

/** A configuration folder holding `main.tf` (the provider block, then `body`). */
function workspace(name: string, body: string): string {
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "main.tf"), `${header()}\n${body}`);
  return dir;
}

function header(): string {
  return `terraform {
  required_providers {
    flashdutyai = { source = "flashcatcloud/flashdutyai" }
  }
}
variable "app_key" {
  type      = string
  sensitive = true
}
variable "header" {
  type      = string
  sensitive = true
  default   = ${JSON.stringify(HEADER_SECRET)}
}
provider "flashdutyai" {
  app_key  = var.app_key
  base_url = ${JSON.stringify(emulator.url)}
}
`;
}

function resources(description: string): string {
  return `resource "flashdutyai_mcp_server" "grafana" {
  server_name = "tf-grafana"
  description = ${JSON.stringify(description)}
  transport   = "streamable-http"
  url         = "https://grafana.example/mcp"
  headers     = { Authorization = var.header }
}
resource "flashdutyai_automation_rule" "rule" {
  name      = "tf-rule"
  prompt    = "Summarise the open incidents"
  cron_expr = "0 9 * * *"
  timezone  = "Asia/Shanghai"

  http_post_trigger_enabled = true
}
resource "flashdutyai_a2a_agent" "agent" {
  agent_name   = "tf-agent"
  instructions = "Triage the incident"
  card_url     = "https://agent.example/.well-known/agent.json"
}
data "flashdutyai_automation_templates" "all" {}
output "templates" { value = length(data.flashdutyai_automation_templates.all.templates) }
`;
}

/** The state's managed resources' attributes, by type. */
function stateOf(dir: string): Map<string, Record<string, unknown>> {
  const state = JSON.parse(readFileSync(path.join(dir, "terraform.tfstate"), "utf8")) as {
    resources: { mode: string; type: string; instances: { attributes: Record<string, unknown> }[] }[];
  };
  return new Map(state.resources.filter((r) => r.mode === "managed").map((r) => [r.type, r.instances[0]!.attributes]));
}

/** The private state (base64) of the managed resource of `type`. */
function privateOf(dir: string, type: string): string {
  const state = JSON.parse(readFileSync(path.join(dir, "terraform.tfstate"), "utf8")) as { resources: { type: string; instances: { private?: string }[] }[] };
  return state.resources.find((r) => r.type === type)?.instances[0]?.private ?? "";
}

beforeAll(async () => {
  console.log(`Terraform CLI: ${terraformVersion()}`);
  emulator = await startEmulator({ port: 0 });
  appKey = emulator.keys.admin;
  const base = path.join(REPO_ROOT, ".pulumi-state", "work");
  mkdirSync(base, { recursive: true });
  root = mkdtempSync(path.join(base, "terraform-"));
  const bin = path.join(root, "bin");
  mkdirSync(bin);
  const wrapper = path.join(bin, "terraform-provider-flashdutyai");
  writeFileSync(wrapper, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(path.join(REPO_ROOT, "dist", "plugin", "main.js"))} "$@"\n`);
  chmodSync(wrapper, 0o755);
  const rc = path.join(root, "dev.tfrc");
  writeFileSync(rc, `provider_installation {\n  dev_overrides {\n    "flashcatcloud/flashdutyai" = ${JSON.stringify(bin)}\n  }\n  direct {}\n}\n`);
  env = {
    ...process.env,
    TF_CLI_CONFIG_FILE: rc,
    TF_VAR_app_key: appKey,
    TF_IN_AUTOMATION: "1",
    CHECKPOINT_DISABLE: "1",
    TF_LOG: "",
    FLASHDUTY_APP_KEY: "",
  };
});

afterAll(async () => {
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
  await emulator?.close();
});

describe("terraform-provider-flashdutyai through dev_overrides", () => {
  test("apply, a clean plan, a console edit put back, an update, import with generated config, destroy", async () => {
    const dir = workspace("lifecycle", resources("Dashboards"));
    const trace = await tf(dir, ["apply", "-auto-approve"], { TF_LOG: "trace" });
    expect(trace.code, trace.out).toBe(0);
    expect(trace.out).toContain("Provider development overrides are in effect");
    expect(trace.out).toContain("Apply complete! Resources: 3 added");
    for (const secret of [appKey, HEADER_SECRET]) expect(trace.out).not.toContain(secret);

    const state = stateOf(dir);
    const server = state.get("flashdutyai_mcp_server")!;
    const rule = state.get("flashdutyai_automation_rule")!;
    const agent = state.get("flashdutyai_a2a_agent")!;
    expect(server.headers).toBeNull();
    expect(server.headers_keys).toEqual(["Authorization"]);
    expect(readFileSync(path.join(dir, "terraform.tfstate"), "utf8")).not.toContain(HEADER_SECRET);
    expect(emulator.servers().find((s) => s.server_id === server.id)?.description).toBe("Dashboards");
    expect(typeof rule.id).toBe("string");
    // The trigger token is a sensitive output: in state (as Terraform keeps every sensitive value), never in the trace.
    expect(rule.http_post_token).toEqual(expect.any(String));
    expect(trace.out).not.toContain(rule.http_post_token as string);
    expect(emulator.a2aAgent(agent.id as string)?.instructions).toBe("Triage the incident");

    // No change: exit code 0.
    expect((await tf(dir, ["plan", "-detailed-exitcode"])).code).toBe(0);

    // Console edits: the plan shows them (exit 2), apply puts them back, the next plan is clean.
    emulator.updateServer(server.id as string, { description: "Edited in the console" });
    emulator.updateRule(rule.id as string, { prompt: "Edited in the console" });
    emulator.updateA2aAgent(agent.id as string, { instructions: "Edited in the console" });
    const refreshOnly = await tf(dir, ["plan", "-refresh-only", "-detailed-exitcode"]);
    expect(refreshOnly.code, refreshOnly.out).toBe(2);
    expect(refreshOnly.out).toContain("Objects have changed outside of Terraform");
    expect(refreshOnly.out).toMatch(/description\s+= "Dashboards" -> "Edited in the console"/);
    const drift = await tf(dir, ["plan", "-detailed-exitcode"]);
    expect(drift.code, drift.out).toBe(2);
    expect(drift.out).toMatch(/description\s+= "Edited in the console" -> "Dashboards"/);
    expect(drift.out).toMatch(/prompt\s+= "Edited in the console" -> "Summarise the open incidents"/);
    expect(drift.out).toContain("3 to change");
    await ok(dir, ["apply", "-auto-approve"]);
    expect(emulator.servers().find((s) => s.server_id === server.id)?.description).toBe("Dashboards");
    expect(emulator.a2aAgent(agent.id as string)?.instructions).toBe("Triage the incident");
    expect((await tf(dir, ["plan", "-detailed-exitcode"])).code).toBe(0);

    // An in-place update, and a write-only secret changed alone is an update too.
    writeFileSync(path.join(dir, "main.tf"), `${header()}\n${resources("Dashboards v2")}`);
    const update = await ok(dir, ["apply", "-auto-approve"]);
    expect(update).toContain("0 added, 1 changed, 0 destroyed");
    expect(stateOf(dir).get("flashdutyai_mcp_server")!.id).toBe(server.id);
    const rotated = await tf(dir, ["apply", "-auto-approve", `-var=header=${HEADER_SECRET_2}`]);
    expect(rotated.code, rotated.out).toBe(0);
    expect(rotated.out).toContain("0 added, 1 changed, 0 destroyed");
    // The private state holds the new value's digest (the platform masks the value itself).
    const held = JSON.parse(Buffer.from(privateOf(dir, "flashdutyai_mcp_server"), "base64").toString("utf8")) as { headers: Record<string, string> };
    expect(digestMatches(held.headers.Authorization!, HEADER_SECRET_2)).toBe(true);

    // Import blocks with generated configuration: the next plan is clean.
    const imported = workspace(
      "import",
      `import {
  to = flashdutyai_automation_rule.rule
  id = ${JSON.stringify(rule.id)}
}
import {
  to = flashdutyai_a2a_agent.agent
  id = ${JSON.stringify(agent.id)}
}
import {
  to = flashdutyai_mcp_server.grafana
  id = ${JSON.stringify(server.id)}
}
`,
    );
    const generated = await tf(imported, ["plan", "-generate-config-out=generated.tf"]);
    expect(generated.code, generated.out).toBe(0);
    const hcl = readFileSync(path.join(imported, "generated.tf"), "utf8");
    expect(hcl).toContain("cron_expr");
    expect(hcl).toContain("tf-agent");
    // The server's header value is never shown: the import names the key to fill in.
    expect(generated.out).toContain("Secret values to fill in: flashdutyai_mcp_server");
    expect(generated.out).toContain('"Authorization"');
    expect(hcl).not.toContain(HEADER_SECRET_2);
    await ok(imported, ["apply", "-auto-approve"]);
    const clean = await tf(imported, ["plan", "-detailed-exitcode"]);
    expect(clean.code, clean.out).toBe(0);
    // The imported resources leave the state without deleting them (the first folder owns them).
    await ok(imported, ["state", "rm", "flashdutyai_automation_rule.rule", "flashdutyai_a2a_agent.agent", "flashdutyai_mcp_server.grafana"]);

    // Destroy leaves nothing.
    await ok(dir, ["destroy", "-auto-approve"]);
    expect(emulator.servers().some((s) => s.server_id === server.id)).toBe(false);
    expect(emulator.a2aAgent(agent.id as string)).toBeUndefined();
    expect(emulator.rule(rule.id as string)).toBeUndefined();
  });

  test("a disablement, a knowledge file and a skill; every data source; two accounts by alias; without TLS", async () => {
    const dir = workspace(
      "others",
      `provider "flashdutyai" {
  alias    = "other"
  app_key  = ${JSON.stringify(emulator.keys.otherAccount)}
  base_url = ${JSON.stringify(emulator.url)}
}
resource "flashdutyai_mcp_server" "tool" {
  server_name = "tf-tool"
  transport   = "stdio"
  command     = "npx"
  args        = ["-y", "tool"]
}
resource "flashdutyai_mcp_server_disablement" "off" {
  server_id = flashdutyai_mcp_server.tool.id
}
resource "flashdutyai_knowledge_file" "runbook" {
  path    = "runbooks/tf.md"
  content = "# Runbook"
}
resource "flashdutyai_skill" "skill" {
  source = "\${path.module}/skill"
}
resource "flashdutyai_a2a_agent" "elsewhere" {
  provider     = flashdutyai.other
  agent_name   = "tf-other-agent"
  instructions = "Triage"
  card_url     = "https://other.example/.well-known/agent.json"
}
data "flashdutyai_automation_rules" "all" {}
data "flashdutyai_automation_templates" "all" {}
data "flashdutyai_mcp_servers" "all" {}
data "flashdutyai_skills" "all" {}
data "flashdutyai_knowledge_files" "all" {}
data "flashdutyai_a2a_agents" "all" {}
output "counts" {
  value = [
    data.flashdutyai_automation_rules.all.total,
    length(data.flashdutyai_automation_templates.all.templates),
    data.flashdutyai_mcp_servers.all.total,
    data.flashdutyai_skills.all.total,
    data.flashdutyai_knowledge_files.all.total,
    data.flashdutyai_a2a_agents.all.total,
  ]
}
`,
    );
    mkdirSync(path.join(dir, "skill"));
    writeFileSync(path.join(dir, "skill", "SKILL.md"), "---\nname: tf-skill\ndescription: A skill made by Terraform\n---\n# Steps\n");
    // go-plugin's TF_DISABLE_PLUGIN_TLS: the provider serves without AutoMTLS.
    const apply = await tf(dir, ["apply", "-auto-approve"], { TF_DISABLE_PLUGIN_TLS: "1" });
    expect(apply.code, apply.out).toBe(0);
    expect(apply.out).toContain("Resources: 5 added");
    const state = stateOf(dir);
    const tool = state.get("flashdutyai_mcp_server")!;
    expect(emulator.servers().find((s) => s.server_id === tool.id)?.status).toBe("disabled");
    expect(state.get("flashdutyai_skill")!.skill_name).toBe("tf-skill");
    expect(state.get("flashdutyai_knowledge_file")!.checksum).toEqual(expect.any(String));
    const agent = state.get("flashdutyai_a2a_agent")!;
    expect(emulator.a2aAgent(agent.id as string)?.account_id).not.toBe(emulator.servers().find((s) => s.server_id === tool.id)?.account_id);
    const counts = JSON.parse((await ok(dir, ["output", "-json", "counts"])).trim().split("\n").pop()!) as number[];
    expect(counts.every((n) => typeof n === "number")).toBe(true);
    // A new path replaces the knowledge file.
    writeFileSync(path.join(dir, "main.tf"), readFileSync(path.join(dir, "main.tf"), "utf8").replace('"runbooks/tf.md"', '"runbooks/tf-moved.md"'));
    const moved = await tf(dir, ["apply", "-auto-approve"]);
    expect(moved.code, moved.out).toBe(0);
    expect(moved.out).toContain("must be replaced");
    expect(moved.out).toContain("1 added, 0 changed, 1 destroyed");
    expect(stateOf(dir).get("flashdutyai_knowledge_file")!.path).toBe("runbooks/tf-moved.md");

    // The data sources read before the resources existed: a second apply records their outputs and changes nothing.
    expect(await ok(dir, ["apply", "-auto-approve"])).toContain("0 added, 0 changed, 0 destroyed");
    expect((await tf(dir, ["plan", "-detailed-exitcode"])).code).toBe(0);

    // Destroying the disablement enables the server again; then destroy leaves nothing.
    await ok(dir, ["destroy", "-auto-approve", "-target=flashdutyai_mcp_server_disablement.off"]);
    expect(emulator.servers().find((s) => s.server_id === tool.id)?.status).toBe("enabled");
    const destroyed = await tf(dir, ["destroy", "-auto-approve"]);
    expect(destroyed.code, destroyed.out).toBe(0);
    expect(destroyed.out).toContain("Resources: 4 destroyed");
    expect(emulator.servers().some((s) => s.server_id === tool.id)).toBe(false);
    expect(emulator.a2aAgent(agent.id as string)).toBeUndefined();
  });

  test("without Terraform's magic cookie the entry serves Pulumi; no provider process outlives a command", async () => {
    const entry = path.join(REPO_ROOT, "dist", "plugin", "main.js");
    // Without Terraform's cookie the entry is the Pulumi plugin: its first line is a port, not go-plugin's handshake.
    const first = await new Promise<string>((resolve) => {
      const child = spawn(process.execPath, [entry], {
        env: { ...process.env, TF_PLUGIN_MAGIC_COOKIE: "not-the-cookie" },
        stdio: ["ignore", "pipe", "ignore"],
      });
      let text = "";
      child.stdout.on("data", (chunk: Buffer) => {
        text += chunk.toString("utf8");
        if (text.includes("\n")) child.kill();
      });
      child.on("close", () => resolve(text.split("\n")[0] ?? ""));
    });
    expect(first).toMatch(/^\d+$/);
    const left = spawnSync("pgrep", ["-f", path.join(root, "bin")], { encoding: "utf8" });
    expect(left.stdout.trim()).toBe("");
  });

  test("the release executable (npm run package:plugin) serves Terraform as well", async () => {
    const out = path.join(root, "release");
    await new Promise<void>((resolve, reject) =>
      execFile(process.execPath, [path.join(REPO_ROOT, "build", "scripts", "packagePlugin.js"), "--out", out], (err) => (err ? reject(err) : resolve())),
    );
    const bin = path.join(root, "release-bin");
    mkdirSync(bin);
    await extract({ file: path.join(out, archiveName(RELEASE_VERSION)), cwd: bin });
    renameSync(path.join(bin, "pulumi-resource-flashduty"), path.join(bin, "terraform-provider-flashdutyai"));
    const rc = path.join(root, "release.tfrc");
    writeFileSync(rc, `provider_installation {\n  dev_overrides {\n    "flashcatcloud/flashdutyai" = ${JSON.stringify(bin)}\n  }\n  direct {}\n}\n`);
    const dir = workspace(
      "release",
      `resource "flashdutyai_automation_rule" "rule" {
  name      = "tf-release-rule"
  prompt    = "Summarise the open incidents"
  cron_expr = "0 9 * * *"
}
`,
    );
    const apply = await tf(dir, ["apply", "-auto-approve"], { TF_CLI_CONFIG_FILE: rc });
    expect(apply.code, apply.out).toBe(0);
    const rule = stateOf(dir).get("flashdutyai_automation_rule")!;
    expect(emulator.rule(rule.id as string)?.name).toBe("tf-release-rule");
    expect((await tf(dir, ["plan", "-detailed-exitcode"], { TF_CLI_CONFIG_FILE: rc })).code).toBe(0);
    expect((await tf(dir, ["destroy", "-auto-approve"], { TF_CLI_CONFIG_FILE: rc })).code).toBe(0);
    expect(emulator.rule(rule.id as string)).toBeUndefined();
  });

  test("bad input is named by its snake_case attribute before any API call", async () => {
    const dir = workspace(
      "bad",
      `resource "flashdutyai_mcp_server" "bad" {
  server_name             = "tf-bad"
  transport               = "stdio"
  connect_timeout_seconds = 100000
}
`,
    );
    const before = JSON.stringify(emulator.servers());
    const run = await tf(dir, ["plan"]);
    expect(run.code).toBe(1);
    expect(run.out).toContain("connect_timeout_seconds");
    expect(run.out).toContain("command");
    expect(run.out).not.toContain("connectTimeoutSeconds");
    expect(JSON.stringify(emulator.servers())).toBe(before);

    // A name taken in its scope: the error says how Terraform adopts the existing server.
    const taken = workspace(
      "taken",
      `resource "flashdutyai_mcp_server" "github" {
  server_name = "GitHub"
  transport   = "stdio"
  command     = "another-command"
}
`,
    );
    const refused = await tf(taken, ["apply", "-auto-approve"]);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain("terraform import");
    expect(refused.out).not.toContain("pulumi import");
  });
});
