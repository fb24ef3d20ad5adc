/**
 * A console-made account under Terraform in one step (issue 60), on Terraform and OpenTofu: the
 * emulator's seeded account (every transport, legacy rules older than today's cron rules, masked
 * secrets) plus hostile names and keys, `pulumi-flashduty import-file --format terraform` (the
 * built command), `plan -generate-config-out`, `import-secrets --format terraform` on the
 * generated file, `apply` of the imports, then `plan -detailed-exitcode` exits 0, before and after
 * the secret variables are set, and no secret value is in any file, output or the state.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { FlashdutyClient } from "../../sdk";
import { BUILT_CLI } from "../support/cliRun";
import { TERMINAL_CONTROL } from "../support/hostileText";
import { providerHeader, TerraformRig, terraformCliCases } from "../support/terraformCli";

const run = promisify(execFile);

const ENV_SECRET = "tf_import_env_secret_0123456789";
const HEADER_SECRET = "Bearer tf_import_header_secret_0123456789";
/** A sensitive env key as an attacker would type it: quotes, a template sequence, a backslash, a control character. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: hostile platform text holds a literal ${
const HOSTILE_KEY = 'DB "main" ${x} %{y} \\ PASSWORD\u001b[31m';
/** A plain (unmasked) value that HCL would evaluate if it were written unescaped. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: hostile platform text holds a literal ${
const HOSTILE_VALUE = '${file("/etc/passwd")} %{ for x in y }';
// biome-ignore lint/suspicious/noTemplateCurlyInString: hostile platform text holds a literal ${
const HOSTILE_RULE = 'Nightly "report" ${x} \u001b[31mred\u001b[0m \u202eevil';

let emulator: Emulator;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  const client = new FlashdutyClient({ appKey: emulator.keys.member, baseUrl: emulator.url });
  await client.mcpServers.create({
    serverName: "tools-x",
    transport: "stdio",
    command: "npx",
    args: ["-y", "server-tools"],
    teamId: 1,
    env: { [HOSTILE_KEY]: ENV_SECRET, PLAIN_SETTING: HOSTILE_VALUE },
  });
  await client.mcpServers.create({
    serverName: "grafana-tf",
    transport: "sse",
    url: "https://grafana.example/sse",
    teamId: 1,
    headers: { Authorization: HEADER_SECRET },
  });
  await client.automationRules.create({ name: HOSTILE_RULE, prompt: "Summarise", cronExpr: "0 9 * * *", timezone: "Asia/Shanghai", teamId: 1 });
});

afterAll(async () => {
  await emulator?.close();
});

describe.each(terraformCliCases())("import-file --format terraform on %s", (_label, cli) => {
  const rigs: TerraformRig[] = [];
  afterAll(() => {
    for (const rig of rigs) {
      expect(rig.leftovers).toEqual([]);
      rig.close();
    }
  });

  test("the seeded account and hostile names import with a clean plan; secrets become variables, never values", { timeout: 600_000 }, async () => {
    const rig = new TerraformRig(cli, { FLASHDUTY_APP_KEY: emulator.keys.admin });
    rigs.push(rig);
    const dir = rig.folder("account", providerHeader(emulator.url));
    const env = { ...process.env, FLASHDUTY_APP_KEY: emulator.keys.admin, FLASHDUTY_BASE_URL: emulator.url };
    const imported = await run(process.execPath, [BUILT_CLI, "import-file", "--format", "terraform", "--output", path.join(dir, "imports.tf")], { env });
    const imports = readFileSync(path.join(dir, "imports.tf"), "utf8");
    const blocks = imports.match(/^import \{$/gm) ?? [];
    expect(blocks.length).toBeGreaterThan(200);
    // The hostile key and value are inert HCL strings; the report names what to set, escaped.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the escaped form of a literal ${
    expect(imports).toContain('"DB \\"main\\" $${x} %%{y} \\\\ PASSWORD\\u001b[31m" = var.');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the escaped form of a literal ${
    expect(imports).toContain('"PLAIN_SETTING" = "$${file(\\"/etc/passwd\\")} %%{ for x in y }"');
    expect(imported.stderr).toMatch(/set TF_VAR_\w+ before the first plan/);
    expect(imported.stderr.replace(/\n/g, "")).not.toMatch(TERMINAL_CONTROL);
    expect(imported.stderr).toMatch(/skipped flashdutyai_skill .*import is not offered for flashdutyai_skill/);

    await rig.ok(dir, ["plan", "-generate-config-out=generated.tf"]);
    const secrets = await run(process.execPath, [BUILT_CLI, "import-secrets", "--format", "terraform", path.join(dir, "generated.tf")], { env });
    const variables = [...imports.matchAll(/^variable "([^"]+)"/gm)].map((m) => m[1]!);
    expect(variables.length).toBeGreaterThanOrEqual(3);
    for (const v of variables) expect(secrets.stdout).toContain(`export TF_VAR_${v}=`);
    expect(readFileSync(path.join(dir, "generated.tf"), "utf8")).toMatch(/^\s+env\s+= local\.server_tools_x_env$/m);

    const apply = await rig.run(dir, ["apply", "-auto-approve"]);
    expect(apply.code, apply.out).toBe(0);
    expect(apply.out).toMatch(new RegExp(`Apply complete! Resources: ${blocks.length} imported, 0 added, 0 changed, 0 destroyed`));
    const clean = await rig.run(dir, ["plan", "-detailed-exitcode"]);
    expect(clean.code, clean.out).toBe(0);

    // The secrets set (from the user's secret store): still clean (the platform's masks match any value).
    const values = Object.fromEntries(variables.map((v, i) => [`TF_VAR_${v}`, `filled_secret_value_${i}_0123456789`]));
    const filled = await rig.run(dir, ["plan", "-detailed-exitcode"], values);
    expect(filled.code, filled.out).toBe(0);

    const everything = [
      imports,
      readFileSync(path.join(dir, "generated.tf"), "utf8"),
      readFileSync(path.join(dir, "terraform.tfstate"), "utf8"),
      apply.out,
      clean.out,
      filled.out,
    ];
    for (const text of everything) {
      for (const secret of [ENV_SECRET, HEADER_SECRET, ...Object.values(values)]) expect(text).not.toContain(secret);
    }
  });
});
