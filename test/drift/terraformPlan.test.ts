/**
 * `pulumi-flashduty drift --terraform` (the built dist/cli/main.js as a child process) with the
 * real Terraform CLI (on PATH) and the provider `flashdutyai` through `dev_overrides`, against the
 * emulator: a configuration with every kind of row (a module, a `for_each` key of hostile text, a
 * sensitive prompt, a write-only header), console edits with hostile platform text, and the same
 * report from the three inputs (the command's own refresh-only plan, a saved plan, its JSON, also
 * on standard input); the exit codes 0, 2 and 1; no secret in any output; the example workflow's
 * Terraform command line; and a clean report after `terraform apply` puts the edits back. On
 * Terraform and on OpenTofu (`--terraform-cli`), each through its `TerraformRig`
 * (test/support/terraformCli.ts), leaving no provider process running.
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DriftReport } from "../../drift";
import { type Emulator, startEmulator } from "../../emulator";
import { REPO_ROOT } from "../../scripts/pulumiCli";
import { BUILT_CLI } from "../support/cliRun";
import { comments, elements, GITHUB_LINKABLE, ISSUE_EXAMPLES, outsideCode, renderHtml, shownInCode, TERMINAL_CONTROL } from "../support/hostileText";
import { type TerraformCli, terraformCliCases, terraformClis, TerraformRig } from "../support/terraformCli";

const WORKFLOW = path.join(REPO_ROOT, "examples", "gitops", ".github", "workflows", "flashduty.yml");
const SECRET_PROMPT = "tf-secret-prompt-4c1f: page the on-call lead";
const CONSOLE_PROMPT = "console-prompt-9d2e: wake everyone";
const HEADER_SECRET = "Bearer tf-drift-header-secret-0123";
const CONSOLE_HEADER = "org-header-secret-77aa";
/** A `for_each` key: configuration text, shown as inert as platform text. */
const KEY = "@acme/oncall #1 <img src=x> | `t`";
const NOT_SHOWN = "(value not shown)";

let emulator: Emulator;
/** The rig and configuration folder of the case running; each CLI's, once applied. */
let rig: TerraformRig;
let dir: string;
const applied = new Map<string, { rig: TerraformRig; dir: string }>();
/** Every stdout and stderr of the command: none may hold a secret. */
const printed: string[] = [];

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `command args` in `cwd` with the suite's environment; never throws. */
function run(command: string, args: string[], cwd: string, extra: NodeJS.ProcessEnv = {}, input?: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...rig.env, ...extra }, stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (c: Buffer) => (stdout += c));
    child.stderr!.on("data", (c: Buffer) => (stderr += c));
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
    if (input !== undefined) child.stdin!.end(input);
  });
}

/** `terraform <args>` (or `tofu`) in the configuration's folder: its stdout alone (`show -json`); throws unless it exits 0. */
async function terraform(args: string[]): Promise<string> {
  const result = await run(rig.cli.binary, [...args, "-no-color"], dir);
  if (result.code !== 0) throw new Error(`${rig.cli.name} ${args.join(" ")} exited ${result.code}:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** `pulumi-flashduty <args>`, as a user runs it. */
async function cli(args: string[], options: { cwd?: string; extra?: NodeJS.ProcessEnv; input?: string } = {}): Promise<Run> {
  const result = await run(process.execPath, [BUILT_CLI, ...args], options.cwd ?? dir, options.extra, options.input);
  // The provider processes Terraform started for the command (they carry the rig's marker) are gone.
  const left = rig.providers();
  if (left.length > 0) rig.leftovers.push({ command: `pulumi-flashduty ${args.join(" ")}`, processes: left });
  printed.push(result.stdout, result.stderr);
  return result;
}

async function report(args: string[], options: { input?: string } = {}): Promise<{ code: number; report: DriftReport }> {
  const result = await cli([...args, "--json"], options);
  expect(result.stderr).toBe("");
  return { code: result.code, report: JSON.parse(result.stdout) as DriftReport };
}

const MAIN_TF = `terraform {
  required_providers {
    flashdutyai = { source = "flashcatcloud/flashdutyai" }
  }
}
variable "app_key" {
  type      = string
  sensitive = true
}
variable "prompt" {
  type      = string
  sensitive = true
  default   = ${JSON.stringify(SECRET_PROMPT)}
}
variable "header" {
  type      = string
  sensitive = true
  default   = ${JSON.stringify(HEADER_SECRET)}
}
provider "flashdutyai" {
  app_key  = var.app_key
  base_url = "BASE_URL"
}
resource "flashdutyai_mcp_server" "grafana" {
  server_name = "tf-drift-grafana"
  description = "Dashboards"
  transport   = "streamable-http"
  url         = "https://grafana.example/mcp"
  headers     = { Authorization = var.header }
}
resource "flashdutyai_automation_rule" "digest" {
  name      = "tf-drift-digest"
  prompt    = var.prompt
  cron_expr = "0 9 * * *"
  timezone  = "Asia/Shanghai"
}
resource "flashdutyai_mcp_server_disablement" "off" {
  server_id = "mcp_grafana"
}
resource "flashdutyai_a2a_agent" "agent" {
  agent_name   = "tf-drift-agent"
  instructions = "Triage the incident"
  card_url     = "https://agent.example/.well-known/agent.json"
}
module "team" {
  source = "./team"
}
`;

const TEAM_TF = `terraform {
  required_providers {
    flashdutyai = { source = "flashcatcloud/flashdutyai" }
  }
}
resource "flashdutyai_automation_rule" "keyed" {
  for_each  = toset([${JSON.stringify(KEY)}])
  name      = "tf-drift-keyed"
  prompt    = "Nightly checks"
  cron_expr = "0 2 * * *"
}
resource "flashdutyai_knowledge_file" "runbook" {
  path    = "runbooks/tf-drift.md"
  content = "# Runbook\\n"
}
`;

/** The state's attributes of the resource at `address`. */
function attributes(address: string): Record<string, unknown> {
  const state = JSON.parse(readFileSync(path.join(dir, "terraform.tfstate"), "utf8")) as {
    resources: { module?: string; type: string; name: string; instances: { attributes: Record<string, unknown> }[] }[];
  };
  const found = state.resources.find((r) => `${r.module ? `${r.module}.` : ""}${r.type}.${r.name}` === address);
  if (found === undefined) throw new Error(`no ${address} in state`);
  return found.instances[0]!.attributes;
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});

/** A fresh emulator account and the configuration applied with `cli`, in its own folder `flashduty-prod`. */
async function applyConfiguration(cli: TerraformCli): Promise<void> {
  emulator.reset();
  rig = new TerraformRig(cli, { TF_VAR_app_key: emulator.keys.admin });
  dir = rig.folder("flashduty-prod", MAIN_TF.replace("BASE_URL", emulator.url));
  mkdirSync(path.join(dir, "team"));
  writeFileSync(path.join(dir, "team", "main.tf"), TEAM_TF);
  // The module needs installing (`get`: `init` would look the overridden provider up in the registry).
  await rig.ok(dir, ["get"]);
  await rig.ok(dir, ["apply", "-auto-approve", "-input=false"]);
  applied.set(cli.name, { rig, dir });
}

afterAll(async () => {
  for (const text of printed) {
    for (const secret of [emulator.keys.admin, SECRET_PROMPT, CONSOLE_PROMPT, HEADER_SECRET, CONSOLE_HEADER]) expect(text).not.toContain(secret);
  }
  const leftovers = [...applied.values()].flatMap(({ rig }) => rig.leftovers);
  for (const { rig } of applied.values()) rig.close();
  await emulator?.close();
  expect(leftovers).toEqual([]);
});

const ADDRESS = {
  off: "flashdutyai_mcp_server_disablement.off",
  digest: "flashdutyai_automation_rule.digest",
  keyed: `module.team.flashdutyai_automation_rule.keyed[${JSON.stringify(KEY)}]`,
  grafana: "flashdutyai_mcp_server.grafana",
  agent: "flashdutyai_a2a_agent.agent",
  runbook: "module.team.flashdutyai_knowledge_file.runbook",
};

describe.each(terraformCliCases())("pulumi-flashduty drift --terraform with the real %s CLI against the emulator", (_label, tool) => {
  test("no drift: exit 0; console edits: exit 2 with each changed attribute named, the same report from every input, secrets never shown; apply puts them back", {
    timeout: 600_000,
  }, async () => {
    await applyConfiguration(tool);
    const drift = tool.name === "Terraform" ? ["drift", "--terraform"] : ["drift", "--terraform", "--terraform-cli", tool.binary];
    const clean = await cli(drift);
    expect(clean).toMatchObject({ code: 0, stderr: "" });
    expect(clean.stdout.split("\n")[0]).toBe(
      "**No drift** in Terraform workspace `default` (configuration `flashduty-prod`): 1 MCP server disablement, 2 declared automation rules, 1 declared MCP server, 1 declared A2A agent and 1 declared knowledge file match the platform.",
    );
    expect(clean.stdout.trimEnd().split("\n").pop()).toBe("<!-- pulumi-flashduty-drift terraform=flashduty-prod/default -->");

    // Console edits, with hostile platform text.
    const grafana = attributes(ADDRESS.grafana);
    const digest = attributes(ADDRESS.digest);
    const keyedId = (
      JSON.parse(readFileSync(path.join(dir, "terraform.tfstate"), "utf8")) as { resources: { name: string; instances: { attributes: { id: string } }[] }[] }
    ).resources.find((r) => r.name === "keyed")!.instances[0]!.attributes.id;
    const runbook = attributes(ADDRESS.runbook);
    const server = emulator.server(grafana.id as string)!;
    emulator.updateServer(grafana.id as string, { description: ISSUE_EXAMPLES[2]!, headers: { ...(server.headers ?? {}), "X-Org": CONSOLE_HEADER } });
    emulator.updateServer("mcp_grafana", { server_name: ISSUE_EXAMPLES[0]! });
    emulator.setServerStatus("mcp_grafana", "enabled");
    emulator.updateRule(digest.id as string, { name: ISSUE_EXAMPLES[1]!, prompt: CONSOLE_PROMPT });
    // `enabled` is left to the platform by the configuration: no drift; `cron_expr` is set: drift.
    emulator.updateRule(keyedId, { enabled: false, cron_expr: "30 8 * * 1-5" });
    emulator.deleteA2aAgent(attributes(ADDRESS.agent).id as string);
    emulator.editKnowledgeFile(runbook.pack_id as string, "runbooks/tf-drift.md", "# Edited\n\nin the console\n");

    const { code, report: found } = await report(drift);
    expect(code).toBe(2);
    expect(found).toEqual({
      version: 1,
      stack: "default",
      project: "flashduty-prod",
      drift: true,
      checkedServers: 1,
      checkedOutputs: [],
      servers: [
        {
          urn: ADDRESS.off,
          resourceName: ADDRESS.off,
          serverId: "mcp_grafana",
          serverName: ISSUE_EXAMPLES[0],
          declared: "disabled",
          observed: "enabled",
          nextUp: "disable",
        },
      ],
      rules: [],
      templates: [],
      summary: { servers: 1, rules: { added: 0, removed: 0, changed: 0 }, templates: { added: 0, removed: 0, changed: 0 } },
      notes: [],
      checkedAutomationRules: 2,
      automationRules: [
        {
          urn: ADDRESS.digest,
          resourceName: ADDRESS.digest,
          ruleId: digest.id,
          name: "tf-drift-digest",
          observed: "changed",
          fields: [
            { field: "name", before: "tf-drift-digest", after: ISSUE_EXAMPLES[1] },
            { field: "prompt", before: NOT_SHOWN, after: NOT_SHOWN },
          ],
          nextUp: "update",
        },
        {
          urn: ADDRESS.keyed,
          resourceName: ADDRESS.keyed,
          ruleId: keyedId,
          name: "tf-drift-keyed",
          observed: "changed",
          fields: [{ field: "cron_expr", before: "0 2 * * *", after: "30 8 * * 1-5" }],
          nextUp: "update",
        },
      ],
      checkedMcpServerResources: 1,
      mcpServerResources: [
        {
          urn: ADDRESS.grafana,
          resourceName: ADDRESS.grafana,
          serverId: grafana.id,
          serverName: "tf-drift-grafana",
          observed: "changed",
          fields: [
            { field: "description", before: "Dashboards", after: ISSUE_EXAMPLES[2] },
            { field: "headers.X-Org", before: null, after: NOT_SHOWN },
          ],
          nextUp: "update",
        },
      ],
      checkedA2aAgentResources: 1,
      a2aAgentResources: [
        {
          urn: ADDRESS.agent,
          resourceName: ADDRESS.agent,
          agentId: attributes(ADDRESS.agent).id,
          agentName: "tf-drift-agent",
          observed: "deleted",
          fields: [],
          nextUp: "create",
        },
      ],
      checkedKnowledgeFiles: 1,
      knowledgeFiles: [
        {
          urn: ADDRESS.runbook,
          resourceName: ADDRESS.runbook,
          teamId: 0,
          path: "runbooks/tf-drift.md",
          observed: "changed",
          fields: [
            {
              field: "content",
              before: expect.stringMatching(/^sha256:[0-9a-f]{12}, 1 line$/),
              after: expect.stringMatching(/^sha256:[0-9a-f]{12}, 3 lines$/),
            },
          ],
          nextUp: "update",
        },
      ],
      terraform: { version: tool.version, formatVersion: expect.stringMatching(/^1\./) },
    });

    // The Markdown: the verdict, each table in Terraform's words, every name inert.
    const markdown = await cli(drift);
    expect(markdown).toMatchObject({ code: 2, stderr: "" });
    const lines = markdown.stdout.split("\n");
    expect(lines[0]).toBe(
      "**Drift found** in Terraform workspace `default` (configuration `flashduty-prod`): 1 MCP server, 2 declared automation rules, 1 declared MCP server, 1 declared knowledge file and 1 declared A2A agent changed on the platform since the last `terraform apply`.",
    );
    for (const heading of [
      "### MCP servers (`flashdutyai_mcp_server_disablement`)",
      "### Automation rules declared in the configuration (`flashdutyai_automation_rule`)",
      "### MCP servers declared in the configuration (`flashdutyai_mcp_server`)",
      "### A2A agents declared in the configuration (`flashdutyai_a2a_agent`)",
      "### Knowledge files declared in the configuration (`flashdutyai_knowledge_file`)",
    ]) {
      expect(lines).toContain(heading);
    }
    expect(markdown.stdout).toContain("| Rule | Id | Resource | Observed | Next `terraform apply` |");
    expect(markdown.stdout).toContain('changed: `cron_expr`: `"0 2 * * *"` → `"30 8 * * 1-5"`');
    expect(markdown.stdout).toContain("changed: `name` changed, `prompt` changed");
    expect(markdown.stdout).toContain("`headers.X-Org` added");
    expect(markdown.stdout.replace(/\n/g, "")).not.toMatch(TERMINAL_CONTROL);
    const html = renderHtml(markdown.stdout);
    expect(elements(html).filter((e) => !["p", "strong", "code", "h3", "table", "thead", "tbody", "tr", "th", "td", "sub"].includes(e))).toEqual([]);
    expect(comments(html)).toEqual(["<!-- pulumi-flashduty-drift terraform=flashduty-prod/default -->"]);
    expect(outsideCode(html)).not.toMatch(GITHUB_LINKABLE);
    for (const shown of [ISSUE_EXAMPLES[0]!, ADDRESS.keyed]) expect(html).toContain(`<code>${shownInCode(shown)}</code>`);

    // The same report from a saved plan, its JSON, and its JSON on standard input.
    await rig.ok(dir, ["plan", "-refresh-only", "-input=false", "-out=drift.tfplan"]);
    expect((await report([...drift, "--terraform-plan", "drift.tfplan"])).report).toEqual(found);
    const planJson = await terraform(["show", "-json", "drift.tfplan"]);
    expect(planJson).toContain(SECRET_PROMPT); // Terraform's JSON holds sensitive values in plain text; the report never does.
    writeFileSync(path.join(dir, "plan.json"), planJson);
    expect(await report(["drift", "--terraform-plan", "plan.json"])).toEqual({ code: 2, report: found });
    expect(await report(["drift", "--terraform-plan", "-", "--cwd", dir], { input: planJson })).toEqual({ code: 2, report: found });

    // The streaming output names no attributes: refused (exit 1), saying what to pass instead.
    const stream = await run(tool.binary, ["plan", "-refresh-only", "-json", "-input=false", "-no-color"], dir);
    writeFileSync(path.join(dir, "stream.jsonl"), stream.stdout);
    const refused = await cli(["drift", "--terraform-plan", "stream.jsonl"]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toContain("is the streaming output of `terraform plan -json`");
    expect(refused.stderr).toContain("-out=drift.tfplan");

    // The example workflow's Terraform command line (it runs Terraform): writes the same Markdown to drift.md.
    if (tool.name === "Terraform") await workflowLine(markdown.stdout);

    // What the report says the next apply does, it does: afterwards, no drift (the rule's `enabled`, left to the platform, stays as the console set it).
    await rig.ok(dir, ["apply", "-auto-approve", "-input=false"]);
    expect(emulator.server("mcp_grafana")?.status).toBe("disabled");
    const after = await cli(drift);
    expect(after).toMatchObject({ code: 0, stderr: "" });
    expect(after.stdout.startsWith("**No drift**")).toBe(true);
    expect(emulator.rule(keyedId)?.enabled).toBe(false);
  });
});

/** Runs the example workflow's Terraform drift line in the configuration's parent folder: it must write `markdown` to drift.md. */
async function workflowLine(markdown: string): Promise<void> {
  const cwd = path.dirname(dir);
  const line = readFileSync(WORKFLOW, "utf8")
    .split("\n")
    .find((l) => l.includes("npx pulumi-flashduty drift --terraform"))!;
  const args = line
    .slice(line.indexOf("npx pulumi-flashduty ") + "npx pulumi-flashduty ".length)
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(/^"(.*)"$/, "$1").replace("$TF_DIR", dir));
  rmSync(path.join(cwd, "drift.md"), { force: true });
  expect(await cli(args, { cwd })).toMatchObject({ code: 2, stdout: "", stderr: "" });
  expect(readFileSync(path.join(cwd, "drift.md"), "utf8")).toBe(markdown);
}

describe("pulumi-flashduty drift --terraform: errors", () => {
  test("errors exit 1 with a message and no secret: bad arguments, no CLI, a failing plan, not a plan; a configuration never applied has no drift", {
    timeout: 600_000,
  }, async () => {
    // The Terraform case's configuration, applied and its edits put back (applied now when run alone).
    if (!applied.has("Terraform")) await applyConfiguration(terraformClis()[0]!);
    ({ rig, dir } = applied.get("Terraform")!);
    const usage = await cli(["drift", "--terraform", "--stack", "prod"]);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain("--workspace names the Terraform workspace");
    expect((await cli(["drift", "--stack", "prod", "--workspace", "x"])).code).toBe(1);

    const noCli = await cli(["drift", "--terraform", "--terraform-cli", "terraform-not-installed"]);
    expect(noCli.code).toBe(1);
    expect(noCli.stderr).toContain("the Terraform CLI `terraform-not-installed` is not on PATH");

    const wrongKey = "wrongkey0123456789abcdef01234567";
    const failing = await cli(["drift", "--terraform"], { extra: { TF_VAR_app_key: wrongKey } });
    expect(failing.code).toBe(1);
    expect(failing.stdout).toBe("");
    expect(failing.stderr).toContain("`terraform plan -refresh-only` failed (exit 1)");
    expect(failing.stderr).not.toContain(wrongKey);

    writeFileSync(path.join(dir, "state.json"), await terraform(["show", "-json"]));
    const state = await cli(["drift", "--terraform-plan", "state.json"]);
    expect(state.code).toBe(1);
    expect(state.stderr).toContain("this JSON is Terraform state, not a plan");
    writeFileSync(path.join(dir, "other.txt"), "hello");
    expect((await cli(["drift", "--terraform-plan", "other.txt"])).stderr).toContain("is neither a Terraform plan file nor its JSON");

    // Never applied: nothing to compare, no drift, a note saying so; the workspace named as given.
    const fresh = rig.folder("fresh", MAIN_TF.replace("BASE_URL", emulator.url).replace(/module "team" \{[^}]*\}\n/, ""));
    const none = await cli(["drift", "--terraform", "--cwd", fresh, "--workspace", "staging", "--json"], { cwd: rig.root });
    expect(none.code).toBe(0);
    const empty = JSON.parse(none.stdout) as DriftReport;
    expect(empty).toMatchObject({ stack: "staging", project: "fresh", drift: false, checkedServers: 0 });
    expect(empty.notes).toEqual(["The configuration has no state yet (run `terraform apply` first); there is nothing to compare."]);
  });
});
