/**
 * The HCL example of every reference page (`docs/resources/<name>.md`, rendered by
 * `scripts/hclExample.ts`) with the real Terraform and OpenTofu CLIs through `dev_overrides`:
 * all the pages' examples in one configuration, with a provider block on the emulator, are
 * formatted as `terraform fmt` writes them, pass `terraform validate` (the provider's own checks
 * included) and `terraform plan` (the data sources read from the emulator). A structured value
 * for a JSON-valued attribute, written with `jsonencode(...)`, is planned as well. That the pages
 * are what the generator writes is `test/plugin/schema.unit.test.ts`'s job.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { MCP_SERVER } from "../../provider/mcpServer/declaration";
import { resourceHcl } from "../../scripts/hclExample";
import { REPO_ROOT } from "../../scripts/pulumiCli";
import { skillZip } from "../support/skillArchives";
import { TerraformRig, terraformCliCases } from "../support/terraformCli";

let emulator: Emulator;

const PAGES = readdirSync(path.join(REPO_ROOT, "docs", "resources")).filter((f) => f.endsWith(".md"));

/** The HCL blocks of a page. */
function hclBlocks(page: string): string[] {
  const text = readFileSync(path.join(REPO_ROOT, "docs", "resources", page), "utf8");
  return [...text.matchAll(/^```hcl\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});

afterAll(async () => {
  await emulator?.close();
});

test("every reference page has one HCL example", () => {
  expect(PAGES).toHaveLength(12);
  expect(PAGES.filter((page) => hclBlocks(page).length !== 1)).toEqual([]);
});

describe.each(terraformCliCases())("the reference pages' HCL examples on %s", (_label, cli) => {
  let rig: TerraformRig;
  afterAll(() => {
    expect(rig.leftovers).toEqual([]);
    rig.close();
  });

  test("all of them in one configuration: fmt, validate and plan against the emulator", async () => {
    rig = new TerraformRig(cli, { TF_VAR_app_key: emulator.keys.admin });
    const dir = rig.folder("examples", "");
    const tf = (where: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}) => rig.run(where, args, extraEnv);
    mkdirSync(path.join(dir, "skills"), { recursive: true });
    // The file the Skill example's `source` names.
    writeFileSync(path.join(dir, "skills", "k8s-triage.skill"), skillZip("k8s-triage"));
    writeFileSync(
      path.join(dir, "main.tf"),
      `terraform {
  required_providers {
    flashdutyai = { source = "flashcatcloud/flashdutyai" }
  }
}

variable "app_key" {
  type      = string
  sensitive = true
}

provider "flashdutyai" {
  app_key  = var.app_key
  base_url = ${JSON.stringify(emulator.url)}
}
`,
    );
    const examples = PAGES.map((page) => [page.replace(/\.md$/, ".tf"), hclBlocks(page)[0]!] as const);
    // A JSON-valued input as the renderer writes it: `secret_schema = jsonencode({ ... })`.
    const structured = resourceHcl(MCP_SERVER, "perUser", {
      serverName: "per-user",
      transport: "streamable-http",
      url: "https://per-user.example/mcp",
      authMode: "per_user_secret",
      secretSchema: { header_name: "X-User-Token", required: true },
    }).lines.join("\n");
    expect(structured).toContain('secret_schema = jsonencode({ header_name = "X-User-Token", required = true })');
    for (const [file, hcl] of [...examples, ["jsonValued.tf", `${structured}\n`] as const]) writeFileSync(path.join(dir, file), hcl);

    const fmt = await tf(dir, ["fmt", "-check", "-diff"]);
    expect(fmt.code, fmt.out).toBe(0);
    const validate = await tf(dir, ["validate"]);
    expect(validate.code, validate.out).toBe(0);
    expect(validate.out).toContain("The configuration is valid");

    // Each secret's variable (the pages say `TF_VAR_<name>`) gets a value.
    const variables = examples.flatMap(([, hcl]) => [...hcl.matchAll(/^variable "(\w+)"/gm)].map((m) => m[1]!));
    expect(variables.sort()).toEqual(["grafana_authorization", "payments_agent_key"]);
    const plan = await tf(dir, ["plan", "-detailed-exitcode"], Object.fromEntries(variables.map((v) => [`TF_VAR_${v}`, `secret-${v}`])));
    expect(plan.code, plan.out).toBe(2);
    expect(plan.out).toContain("Plan: 7 to add, 0 to change, 0 to destroy");
    // Every data source was read from the emulator, and every secret stays out of the plan.
    const dataSources = examples.flatMap(([, hcl]) => [...hcl.matchAll(/^data "(\w+)" "(\w+)"/gm)].map((m) => `data.${m[1]}.${m[2]}: Read complete`));
    expect(dataSources).toHaveLength(6);
    for (const read of dataSources) expect(plan.out).toContain(read);
    for (const v of variables) expect(plan.out).not.toContain(`secret-${v}`);
  });
});
