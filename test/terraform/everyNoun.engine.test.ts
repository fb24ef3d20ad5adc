/**
 * Every resource and data source of the provider `flashdutyai` on each CLI of
 * test/support/terraformCli.ts (Terraform, OpenTofu), through `dev_overrides` against the emulator,
 * with two provider aliases on two accounts: create, a clean `plan -detailed-exitcode`, console
 * edits (the emulator's control API) shown by `plan -refresh-only` and put back by `apply`, an
 * in-place update, replacements, destroy (a disablement's destroy enables its server). Then a
 * provider launched with a wrong magic cookie, and an apply killed (SIGKILL) with writes in flight
 * whose re-run converges. Last, the entry run directly with a wrong cookie, and with the right one.
 * After every command, no provider process it launched is left running.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { TERRAFORM_MAGIC_COOKIE } from "../../terraform/launch";
import { lastJson, PLUGIN_ENTRY, stateOf, stateResources, TerraformRig, terraformCliCases, until } from "../support/terraformCli";

/** The six resource types, as each configuration below names its instances. */
const EVERY = [
  "flashdutyai_mcp_server.srv",
  "flashdutyai_mcp_server_disablement.off",
  "flashdutyai_automation_rule.rule",
  "flashdutyai_skill.skill",
  "flashdutyai_knowledge_file.kb",
  "flashdutyai_a2a_agent.agent",
];

/** What a configuration of {@link everyNoun} declares; each step changes some of it. */
interface Declared {
  text: string;
  disabled: string;
  restore: string;
  team: number;
  path: string;
}

describe.each(terraformCliCases())("%s: every noun", (_label, cli) => {
  let emulator: Emulator;
  let rig: TerraformRig;

  beforeAll(async () => {
    console.log(`${cli.name} CLI: ${cli.version} (${cli.binary})`);
    emulator = await startEmulator({ port: 0 });
    rig = new TerraformRig(cli, { TF_VAR_northwind_key: emulator.keys.admin, TF_VAR_acme_key: emulator.keys.otherAccount });
  });

  afterEach(() => {
    // No provider process outlives the command that launched it.
    expect(rig.leftovers).toEqual([]);
  });

  afterAll(async () => {
    for (const c of rig?.commands ?? []) console.log(`${cli.name}: ${c.command} -> ${c.code} in ${c.ms} ms`);
    rig?.close();
    await emulator?.close();
  });

  /** The CLI's configuration header: two aliases, one per account, and no default provider. */
  function providers(): string {
    return `terraform {
  required_providers {
    flashdutyai = { source = "flashcatcloud/flashdutyai" }
  }
}
variable "northwind_key" {
  type      = string
  sensitive = true
}
variable "acme_key" {
  type      = string
  sensitive = true
}
provider "flashdutyai" {
  alias    = "northwind"
  app_key  = var.northwind_key
  base_url = ${JSON.stringify(emulator.url)}
}
provider "flashdutyai" {
  alias    = "acme"
  app_key  = var.acme_key
  base_url = ${JSON.stringify(emulator.url)}
}
`;
  }

  /** One of each resource on Northwind, an agent on Acme, and each data source (read after the resources). */
  function everyNoun(d: Declared): string {
    const all = EVERY.join(", ");
    return `${providers()}
resource "flashdutyai_mcp_server" "srv" {
  provider    = flashdutyai.northwind
  server_name = "tf-every-server"
  description = ${JSON.stringify(d.text)}
  transport   = "streamable-http"
  url         = "https://every.example/mcp"
}
resource "flashdutyai_mcp_server_disablement" "off" {
  provider          = flashdutyai.northwind
  server_id         = ${JSON.stringify(d.disabled)}
  restore_on_delete = ${JSON.stringify(d.restore)}
}
resource "flashdutyai_automation_rule" "rule" {
  provider  = flashdutyai.northwind
  name      = "tf-every-rule"
  prompt    = ${JSON.stringify(d.text)}
  cron_expr = "0 9 * * *"
  team_id   = ${d.team}
}
resource "flashdutyai_skill" "skill" {
  provider    = flashdutyai.northwind
  source      = "\${path.module}/skill"
  description = ${JSON.stringify(d.text)}
}
resource "flashdutyai_knowledge_file" "kb" {
  provider = flashdutyai.northwind
  path     = ${JSON.stringify(d.path)}
  content  = ${JSON.stringify(`# ${d.text}\n`)}
}
resource "flashdutyai_a2a_agent" "agent" {
  provider     = flashdutyai.northwind
  agent_name   = "tf-every-agent"
  instructions = ${JSON.stringify(d.text)}
  card_url     = "https://every.example/.well-known/agent.json"
}
resource "flashdutyai_a2a_agent" "acme" {
  provider     = flashdutyai.acme
  agent_name   = "tf-every-acme-agent"
  instructions = "Triage for Acme"
  card_url     = "https://acme.example/.well-known/agent.json"
}
data "flashdutyai_mcp_servers" "all" {
  provider   = flashdutyai.northwind
  depends_on = [${all}]
}
data "flashdutyai_automation_rules" "all" {
  provider   = flashdutyai.northwind
  keyword    = "tf-every-rule"
  depends_on = [${all}]
}
data "flashdutyai_automation_templates" "all" {
  provider = flashdutyai.northwind
}
data "flashdutyai_skills" "all" {
  provider   = flashdutyai.northwind
  depends_on = [${all}]
}
data "flashdutyai_knowledge_files" "all" {
  provider   = flashdutyai.northwind
  depends_on = [${all}]
}
data "flashdutyai_a2a_agents" "northwind" {
  provider   = flashdutyai.northwind
  depends_on = [${all}, flashdutyai_a2a_agent.acme]
}
data "flashdutyai_a2a_agents" "acme" {
  provider   = flashdutyai.acme
  depends_on = [${all}, flashdutyai_a2a_agent.acme]
}
output "read" {
  value = {
    servers   = [for s in data.flashdutyai_mcp_servers.all.servers : s.server_name]
    rules     = [for r in data.flashdutyai_automation_rules.all.rules : r.rule_id]
    templates = [for t in data.flashdutyai_automation_templates.all.templates : t.name]
    skills    = [for s in data.flashdutyai_skills.all.skills : s.skill_id]
    files     = [for f in data.flashdutyai_knowledge_files.all.files : f.path]
    northwind = [for a in data.flashdutyai_a2a_agents.northwind.agents : a.agent_name]
    acme      = [for a in data.flashdutyai_a2a_agents.acme.agents : a.agent_name]
  }
}
`;
  }

  /** An out-of-band edit through the emulator's control API, as a person in the console makes one. */
  async function consoleEdit(route: string, body: Record<string, unknown>): Promise<void> {
    const response = await fetch(`${emulator.url}/_emulator/${route}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(response.status, `${route}: ${await response.clone().text()}`).toBe(200);
  }

  const status = (serverId: string) => emulator.server(serverId)?.status;
  const fileText = (packId: string, relPath: string) => emulator.knowledgeFiles(packId).find((f) => f.rel_path === relPath)?.content;

  test("every resource and data source, on two accounts by alias", async () => {
    const first: Declared = { text: "First text", disabled: "mcp_grafana", restore: "true", team: 0, path: "runbooks/every.md" };
    const dir = rig.folder("every", everyNoun(first));
    mkdirSync(path.join(dir, "skill"));
    writeFileSync(path.join(dir, "skill", "SKILL.md"), "---\nname: tf-every-skill\ndescription: Made by the every-noun suite\n---\n# Steps\n");

    // Create: every object as declared, the disablement's server off, the Acme agent in account 2.
    const created = await rig.ok(dir, ["apply", "-auto-approve"]);
    expect(created).toContain("Apply complete! Resources: 7 added, 0 changed, 0 destroyed");
    let state = stateOf(dir);
    const id = (address: string) => state.get(address)!.id as string;
    const server = id("flashdutyai_mcp_server.srv");
    const rule = id("flashdutyai_automation_rule.rule");
    const skill = id("flashdutyai_skill.skill");
    const agent = id("flashdutyai_a2a_agent.agent");
    const acmeAgent = id("flashdutyai_a2a_agent.acme");
    const pack = state.get("flashdutyai_knowledge_file.kb")!.pack_id as string;
    expect(emulator.server(server)?.description).toBe("First text");
    expect(status("mcp_grafana")).toBe("disabled");
    expect(emulator.rule(rule)).toMatchObject({ prompt: "First text", team_id: 0 });
    expect(emulator.skill(skill)).toMatchObject({ skill_name: "tf-every-skill", description: "First text" });
    expect(fileText(pack, "runbooks/every.md")).toBe("# First text\n");
    expect(emulator.a2aAgent(agent)).toMatchObject({ instructions: "First text", account_id: 1 });
    expect(emulator.a2aAgent(acmeAgent)?.account_id).toBe(2);

    // Every data source read what the apply made, each alias in its own account.
    const read = lastJson<Record<string, string[]>>(await rig.ok(dir, ["output", "-json", "read"]));
    expect(read.servers).toContain("tf-every-server");
    expect(read.rules).toContain(rule);
    expect([...read.templates!].sort()).toEqual(
      emulator
        .templates("en")
        .map((t) => t.name)
        .sort(),
    );
    expect(read.skills).toContain(skill);
    expect(read.files).toContain("runbooks/every.md");
    expect(read.northwind).toContain("tf-every-agent");
    expect(read.northwind).not.toContain("tf-every-acme-agent");
    expect(read.acme).toContain("tf-every-acme-agent");
    expect(read.acme).not.toContain("tf-every-agent");

    // No change: exit 0; here with go-plugin's TF_DISABLE_PLUGIN_TLS (the provider serves without AutoMTLS).
    const clean = await rig.run(dir, ["plan", "-detailed-exitcode"], { TF_DISABLE_PLUGIN_TLS: "1" });
    expect(clean.code, clean.out).toBe(0);

    // A console edit of each: drift for every resource in plan -refresh-only; apply puts each back.
    await consoleEdit("servers/update", { server_id: server, description: "Edited in the console" });
    await consoleEdit("servers/status", { server_id: "mcp_grafana", status: "enabled" });
    await consoleEdit("rules/update", { rule_id: rule, prompt: "Edited in the console" });
    await consoleEdit("skills/update", { skill_id: skill, description: "Edited in the console" });
    await consoleEdit("knowledge/files/edit", { pack_id: pack, rel_path: "runbooks/every.md", content: "Edited in the console\n" });
    await consoleEdit("a2a-agents/update", { agent_id: agent, instructions: "Edited in the console" });
    const drift = await rig.run(dir, ["plan", "-refresh-only", "-detailed-exitcode"]);
    expect(drift.code, drift.out).toBe(2);
    expect(drift.out).toContain(`Objects have changed outside of ${cli.name}`);
    for (const address of EVERY) expect(drift.out).toContain(`# ${address} has changed`);
    expect(drift.out).toMatch(/description\s+= "First text" -> "Edited in the console"/);
    expect(drift.out).toMatch(/status\s+= "disabled" -> "enabled"/);
    const repaired = await rig.ok(dir, ["apply", "-auto-approve"]);
    expect(repaired).toContain("0 added, 6 changed, 0 destroyed");
    expect(emulator.server(server)?.description).toBe("First text");
    expect(status("mcp_grafana")).toBe("disabled");
    expect(emulator.rule(rule)?.prompt).toBe("First text");
    expect(emulator.skill(skill)?.description).toBe("First text");
    expect(fileText(pack, "runbooks/every.md")).toBe("# First text\n");
    expect(emulator.a2aAgent(agent)?.instructions).toBe("First text");
    const cleanAgain = await rig.run(dir, ["plan", "-detailed-exitcode"]);
    expect(cleanAgain.code, cleanAgain.out).toBe(0);

    // In-place updates: the same objects, the new values.
    const second = { ...first, text: "Second text", restore: "always" };
    writeFileSync(path.join(dir, "main.tf"), everyNoun(second));
    const updated = await rig.ok(dir, ["apply", "-auto-approve"]);
    expect(updated).toContain("0 added, 6 changed, 0 destroyed");
    state = stateOf(dir);
    for (const [address, before] of [
      ["flashdutyai_mcp_server.srv", server],
      ["flashdutyai_automation_rule.rule", rule],
      ["flashdutyai_skill.skill", skill],
      ["flashdutyai_a2a_agent.agent", agent],
    ]) {
      expect(id(address!)).toBe(before);
    }
    expect(emulator.server(server)?.description).toBe("Second text");
    expect(state.get("flashdutyai_mcp_server_disablement.off")!.restore_on_delete).toBe("always");
    expect(emulator.rule(rule)?.prompt).toBe("Second text");
    expect(emulator.skill(skill)?.description).toBe("Second text");
    expect(fileText(pack, "runbooks/every.md")).toBe("# Second text\n");
    expect(emulator.a2aAgent(agent)?.instructions).toBe("Second text");

    // Replacements: the force-new attributes (another server to disable, a team, a path), and
    // -replace for the resources that have none a configuration would change.
    const third = { ...second, disabled: "mcp_prometheus", team: 4, path: "runbooks/every-moved.md" };
    writeFileSync(path.join(dir, "main.tf"), everyNoun(third));
    const replaceArgs = ["flashdutyai_mcp_server.srv", "flashdutyai_skill.skill", "flashdutyai_a2a_agent.agent"].map((a) => `-replace=${a}`);
    const replaced = await rig.ok(dir, ["apply", "-auto-approve", ...replaceArgs]);
    expect(replaced).toContain("6 added, 0 changed, 6 destroyed");
    for (const address of EVERY) expect(replaced).toMatch(new RegExp(`# ${address.replace(".", "\\.")} (must be replaced|will be replaced, as requested)`));
    state = stateOf(dir);
    expect(status("mcp_grafana")).toBe("enabled");
    expect(status("mcp_prometheus")).toBe("disabled");
    expect(emulator.rule(rule)).toBeUndefined();
    expect(emulator.rule(id("flashdutyai_automation_rule.rule"))).toMatchObject({ team_id: 4, prompt: "Second text" });
    expect(fileText(pack, "runbooks/every.md")).toBeUndefined();
    expect(fileText(pack, "runbooks/every-moved.md")).toBe("# Second text\n");
    for (const [address, before] of [
      ["flashdutyai_mcp_server.srv", server],
      ["flashdutyai_skill.skill", skill],
      ["flashdutyai_a2a_agent.agent", agent],
    ]) {
      expect(id(address!)).not.toBe(before);
    }
    expect(emulator.server(server)).toBeUndefined();
    expect(emulator.skill(skill)).toBeUndefined();
    expect(emulator.a2aAgent(agent)).toBeUndefined();
    expect(emulator.servers().filter((s) => s.server_name === "tf-every-server")).toHaveLength(1);
    const afterReplace = await rig.run(dir, ["plan", "-detailed-exitcode"]);
    expect(afterReplace.code, afterReplace.out).toBe(0);

    // Destroy: nothing left, the disabled server enabled again.
    const destroyed = await rig.ok(dir, ["destroy", "-auto-approve"]);
    expect(destroyed).toContain("Resources: 7 destroyed");
    expect(status("mcp_prometheus")).toBe("enabled");
    expect(emulator.servers().some((s) => s.server_name === "tf-every-server")).toBe(false);
    expect(emulator.rule(id("flashdutyai_automation_rule.rule"))).toBeUndefined();
    expect(emulator.skill(id("flashdutyai_skill.skill"))).toBeUndefined();
    expect(fileText(pack, "runbooks/every-moved.md")).toBeUndefined();
    expect(emulator.a2aAgents().filter((a) => a.agent_name.startsWith("tf-every-"))).toEqual([]);
  });

  test("a provider launched with a wrong magic cookie: the CLI names the failed handshake and exits 1", async () => {
    const bad = path.join(rig.root, "bad-cookie");
    mkdirSync(bad);
    const wrapper = path.join(bad, "terraform-provider-flashdutyai");
    writeFileSync(wrapper, `#!/bin/sh\nTF_PLUGIN_MAGIC_COOKIE=not-the-cookie exec ${JSON.stringify(process.execPath)} ${JSON.stringify(PLUGIN_ENTRY)} "$@"\n`, {
      mode: 0o755,
    });
    const dir = rig.folder("bad-cookie-config", `${providers()}\ndata "flashdutyai_automation_templates" "all" {\n  provider = flashdutyai.northwind\n}\n`);
    const run = await rig.run(dir, ["plan"], { TF_CLI_CONFIG_FILE: rig.cliConfig("bad-cookie.tfrc", bad) });
    expect(run.code, run.out).toBe(1);
    // The entry refuses a cookie that is not Terraform's, as go-plugin servers do: the CLI names the failed plugin.
    expect(run.out).toMatch(/plugin|handshake/i);
    expect(run.out).toContain(wrapper);
  });

  test("an apply killed (SIGKILL) with writes in flight: the next apply converges, nothing twice, no server left disabled", async () => {
    const seeds = ["mcp_grafana", "mcp_prometheus", "mcp_datadog"];
    const numbered = (n: number, text: (i: number) => string) => Array.from({ length: n }, (_, i) => text(i + 1)).join("");
    const dir = rig.folder(
      "killed",
      `${providers()}
${seeds
  .map(
    (id) => `resource "flashdutyai_mcp_server_disablement" "${id}" {
  provider          = flashdutyai.northwind
  server_id         = "${id}"
  restore_on_delete = "always"
}
`,
  )
  .join("")}${numbered(
  2,
  (i) => `resource "flashdutyai_mcp_server" "s${i}" {
  provider    = flashdutyai.northwind
  server_name = "tf-kill-server-${i}"
  transport   = "stdio"
  command     = "tool-${i}"
}
resource "flashdutyai_automation_rule" "r${i}" {
  provider  = flashdutyai.northwind
  name      = "tf-kill-rule-${i}"
  prompt    = "Rule ${i}"
  cron_expr = "0 ${i} * * *"
}
resource "flashdutyai_a2a_agent" "a${i}" {
  provider     = flashdutyai.northwind
  agent_name   = "tf-kill-agent-${i}"
  instructions = "Agent ${i}"
  card_url     = "https://kill.example/${i}/.well-known/agent.json"
}
`,
)}resource "flashdutyai_knowledge_file" "kb" {
  provider = flashdutyai.northwind
  path     = "runbooks/killed.md"
  content  = "# Killed"
}
`,
    );
    // The writes of every resource but the knowledge file answer 5 s late: in flight at the kill.
    emulator.setFaults(
      ["mcpServer.create", "mcpServer.disable", "automationRule.create", "a2aAgent.create"].map((operation) => ({
        operation: operation as "mcpServer.create",
        kind: "latency" as const,
        latencyMs: 5000,
        count: operation === "mcpServer.disable" ? 3 : 2,
      })),
    );
    const apply = rig.start(dir, ["apply", "-auto-approve"], {}, { leftovers: false });
    const count = (pattern: RegExp) => (apply.output().match(pattern) ?? []).length;
    await until(() => apply.output().includes("flashdutyai_knowledge_file.kb: Creation complete") && count(/Creating\.\.\./g) === 10, 60_000);
    expect(count(/Creation complete/g), apply.output()).toBe(1);
    // A moment for the CLI to record the knowledge file (the writes in flight answer seconds later).
    await new Promise((resolve) => setTimeout(resolve, 500));
    process.kill(apply.pid, "SIGKILL");
    const killed = await apply.exited;
    expect(killed.code, killed.out).toBeNull();
    expect(killed.out).not.toContain("Apply complete");
    // What the state recorded before the kill: at most the knowledge file, whose create had answered
    // (Terraform 1.11 writes a local state after each create; OpenTofu 1.12 may not have yet).
    const file = path.join(dir, "terraform.tfstate");
    const raw = existsSync(file) ? readFileSync(file, "utf8") : "";
    const recorded =
      raw.trim() === ""
        ? []
        : stateResources(dir)
            .filter((r) => r.mode === "managed" && r.instances.length > 0)
            .map((r) => `${r.type}.${r.name}`);
    console.log(`${cli.name}: state after the kill: ${raw === "" ? "none (absent or empty)" : JSON.stringify(recorded)}`);
    expect(recorded.filter((k) => k !== "flashdutyai_knowledge_file.kb")).toEqual([]);
    // The writes in flight land (whether or not a provider is left to read their answers).
    await until(
      () => emulator.servers().filter((s) => s.server_name.startsWith("tf-kill-server-")).length === 2 && seeds.every((id) => status(id) === "disabled"),
      30_000,
    );
    // The killed CLI's provider processes notice they are orphaned and exit by themselves once
    // their calls in flight are answered (terraform/serve.ts).
    await until(() => rig.providers().length === 0, 15_000);
    expect(rig.providers()).toEqual([]);

    const rerun = await rig.run(dir, ["apply", "-auto-approve"]);
    // Each create that landed in the killed run is adopted, with a warning naming it.
    expect(rerun.out).toContain(`Apply complete! Resources: ${10 - recorded.length} added, 0 changed, 0 destroyed`);
    for (const noun of ["MCP server", "automation rule", "A2A agent"]) {
      expect(rerun.out.match(new RegExp(`adopted ${noun} '[a-z0-9_]+' \\("tf-kill-`, "g")), noun).toHaveLength(2);
    }
    expect(rerun.code, rerun.out).toBe(0);
    const state = stateOf(dir);
    const named = (prefix: string, names: string[]) => names.filter((n) => n.startsWith(prefix)).sort();
    expect(
      named(
        "tf-kill-server-",
        emulator.servers().map((s) => s.server_name),
      ),
    ).toEqual(["tf-kill-server-1", "tf-kill-server-2"]);
    expect(
      named(
        "tf-kill-rule-",
        emulator.visibleRules(emulator.keys.admin, { keyword: "tf-kill-rule" }).map((r) => r.name),
      ),
    ).toEqual(["tf-kill-rule-1", "tf-kill-rule-2"]);
    expect(
      named(
        "tf-kill-agent-",
        emulator.a2aAgents().map((a) => a.agent_name),
      ),
    ).toEqual(["tf-kill-agent-1", "tf-kill-agent-2"]);
    for (const i of [1, 2]) {
      expect(emulator.server(state.get(`flashdutyai_mcp_server.s${i}`)!.id as string)?.server_name).toBe(`tf-kill-server-${i}`);
      expect(emulator.rule(state.get(`flashdutyai_automation_rule.r${i}`)!.id as string)?.name).toBe(`tf-kill-rule-${i}`);
      expect(emulator.a2aAgent(state.get(`flashdutyai_a2a_agent.a${i}`)!.id as string)?.agent_name).toBe(`tf-kill-agent-${i}`);
    }
    for (const id of seeds) expect(status(id)).toBe("disabled");
    const clean = await rig.run(dir, ["plan", "-detailed-exitcode"]);
    expect(clean.code, clean.out).toBe(0);

    // Destroy enables every server again, the ones the re-run adopted included ("always").
    const destroyed = await rig.ok(dir, ["destroy", "-auto-approve"]);
    expect(destroyed).toContain("Resources: 10 destroyed");
    for (const id of seeds) expect(status(id)).toBe("enabled");
    expect(emulator.servers().filter((s) => s.server_name.startsWith("tf-kill-"))).toEqual([]);
    expect(emulator.a2aAgents().filter((a) => a.agent_name.startsWith("tf-kill-"))).toEqual([]);
  });
});

describe("the entry run directly, not by a CLI", () => {
  test("with a wrong cookie it exits 1 saying it is a plugin; with the right one and no client certificate it exits 1, saying why", async () => {
    const wrong = spawnSync(process.execPath, [PLUGIN_ENTRY], {
      env: { ...process.env, TF_PLUGIN_MAGIC_COOKIE: "not-the-cookie" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(wrong.status, wrong.stderr).toBe(1);
    expect(wrong.stdout).toBe("");
    expect(wrong.stderr).toContain("This binary is a plugin");
    const env = { ...process.env, TF_PLUGIN_MAGIC_COOKIE: TERRAFORM_MAGIC_COOKIE, PLUGIN_CLIENT_CERT: "", TF_DISABLE_PLUGIN_TLS: "" };
    const noCert = spawnSync(process.execPath, [PLUGIN_ENTRY], { env, encoding: "utf8", timeout: 30_000 });
    expect(noCert.status, noCert.stderr).toBe(1);
    expect(noCert.stdout).toBe("");
    expect(noCert.stderr).toContain("PLUGIN_CLIENT_CERT is not set (AutoMTLS); set TF_DISABLE_PLUGIN_TLS=1 to serve without TLS");
  });
});
