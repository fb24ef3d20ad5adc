/**
 * The Terraform provider `flashdutyai` (the release entry `dist/plugin/main.js`, launched by
 * the CLI with its magic cookie) with each real CLI of test/support/terraformCli.ts (Terraform
 * from PATH, OpenTofu from scripts/install-tofu.sh) through `dev_overrides`, against the emulator: an MCP server, an automation rule and an A2A agent, and
 * a data source, through apply, a clean `plan -detailed-exitcode`, a console edit shown by plan
 * and put back by apply, an in-place update (a write-only secret alone included), an `import`
 * block with `-generate-config-out` and a clean plan after it, and destroy. Bad input is named by
 * its snake_case attribute before any API call; the app key and the secret values never appear in
 * `TF_LOG=trace` output nor in the state. Every other resource and data source, aliases on two
 * accounts, a plan without TLS, a wrong cookie and a killed apply: ./everyNoun.engine.test.ts.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { extract } from "tar";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { digestMatches } from "../../provider/engine/secretDigest";
import { archiveName } from "../../scripts/packagePlugin";
import { REPO_ROOT } from "../../scripts/pulumiCli";
import { RELEASE_VERSION } from "../support/releaseBuild";
import { privateOf, stateOf, TerraformRig, terraformCliCases } from "../support/terraformCli";

const HEADER_SECRET = "Bearer tf_header_secret_0123456789";
const HEADER_SECRET_2 = "Bearer tf_header_secret_rotated_9876";

describe.each(terraformCliCases())("%s: terraform-provider-flashdutyai through dev_overrides", (_label, cli) => {
  let emulator: Emulator;
  let appKey: string;
  let rig: TerraformRig;
  const tf = (dir: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}) => rig.run(dir, args, extraEnv);
  const ok = (dir: string, args: string[]) => rig.ok(dir, args);
  /** A configuration folder holding `main.tf` (the provider block, then `body`). */
  const workspace = (name: string, body: string) => rig.folder(name, `${header()}\n${body}`);

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

  beforeAll(async () => {
    console.log(`${cli.name} CLI: ${cli.version} (${cli.binary})`);
    emulator = await startEmulator({ port: 0 });
    appKey = emulator.keys.admin;
    rig = new TerraformRig(cli, { TF_VAR_app_key: appKey });
  });

  afterEach(() => {
    // No provider process outlives the command that launched it.
    expect(rig.leftovers).toEqual([]);
  });

  afterAll(async () => {
    rig?.close();
    await emulator?.close();
  });

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
    expect(refreshOnly.out).toContain(`Objects have changed outside of ${cli.name}`);
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

  test("the release executable (npm run package:plugin) serves Terraform as well", async () => {
    const rc = rig.cliConfig("release.tfrc", await releaseBin());
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

let release: Promise<string> | undefined;
let releaseRoot: string | undefined;
afterAll(() => {
  if (releaseRoot !== undefined) rmSync(releaseRoot, { recursive: true, force: true });
});

/**
 * The release executable for this machine (`npm run package:plugin`, built once for both CLIs),
 * unpacked under the name Terraform looks for: its folder.
 */
function releaseBin(): Promise<string> {
  release ??= (async () => {
    const root = mkdtempSync(path.join(REPO_ROOT, ".pulumi-state", "work", "tf-release-"));
    releaseRoot = root;
    const out = path.join(root, "release");
    await new Promise<void>((resolve, reject) =>
      execFile(process.execPath, [path.join(REPO_ROOT, "build", "scripts", "packagePlugin.js"), "--out", out], (err) => (err ? reject(err) : resolve())),
    );
    const bin = path.join(root, "bin");
    mkdirSync(bin);
    await extract({ file: path.join(out, archiveName(RELEASE_VERSION)), cwd: bin });
    renameSync(path.join(bin, "pulumi-resource-flashduty"), path.join(bin, "terraform-provider-flashdutyai"));
    return bin;
  })();
  return release;
}
