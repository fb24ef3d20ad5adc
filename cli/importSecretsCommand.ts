/**
 * `pulumi-flashduty import-secrets`: after `pulumi import --file`, makes each masked secret of the
 * program it wrote (`******`, which the platform answers for tokens, sensitive headers and env
 * values, an agent's credentials) a config secret of the project, and prints the `pulumi config
 * set --secret` command of each (`importFile/secretsToConfig.ts`; docs/importing-an-account.md).
 *
 * The program is rewritten in place (or to `--output`) through a temporary file and a rename, so
 * an interrupted run leaves the old program or the new one, never half of one.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
// The module itself, not importFile/'s index: the index brings the API client (undici, zod), which
// a rewrite of a local file never needs.
import { languageOfProgram, SecretsToConfigError, secretsToConfig } from "../importFile/secretsToConfig";
import { terraformSecretsInConfig } from "../importFile/terraformSecrets";
import { terminalSafeJson } from "../sdk/terminalText";
import type { Io } from "./io";

export const IMPORT_SECRETS_USAGE = `Usage: pulumi-flashduty import-secrets PROGRAM [--output FILE]
       pulumi-flashduty import-secrets --format terraform GENERATED.tf [--imports FILE] [--output FILE]

After \`pulumi import --file\` wrote PROGRAM (.yaml, .ts, .py or .go), makes each secret the
platform answered masked ("******": tokens, sensitive headers and env values, an A2A agent's
credentials) a config secret of the project: the program then reads it with
config.requireSecret("KEY") (YAML: \${KEY} and a config: section; Python: require_secret; Go:
cfg.RequireSecret), and prints for each the command that sets it. Set them all before the next
\`pulumi preview\`. A program with no mask is left as it is. Step by step:
docs/importing-an-account.md.

Terraform (--format terraform): after \`terraform plan -generate-config-out=GENERATED.tf\` with
the import blocks \`import-file --format terraform\` wrote (--imports, default imports.tf beside
GENERATED.tf), points each secret map the generated configuration leaves null (env, headers,
auth_config: write-only, never in state) at the local the import file declares for it, and
prints the TF_VAR_ variables to set before the next plan.

Options:
  -f, --format FORMAT  pulumi (default) or terraform
      --imports FILE   Terraform: the file import-file --format terraform wrote
  -o, --output FILE    Write the program to FILE instead of rewriting PROGRAM
  -h, --help           Show this help

Needs no app key and makes no API call. Exit codes: 0 done, 1 error (nothing written).
`;

/** `import-secrets` arguments as node:util's parseArgs reads them; throws on unknown or malformed ones. */
function parseImportSecretsArgs(args: string[]) {
  return parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: {
      format: { type: "string", short: "f" },
      imports: { type: "string" },
      output: { type: "string", short: "o" },
      help: { type: "boolean", short: "h" },
    },
  });
}

class UsageError extends Error {}

/**
 * Runs `import-secrets` with its arguments; resolves to the exit code (0 done, 1 error). `fail`
 * writes an error (escaped) and answers 1. Writes the list of config secrets to `io.stdout`.
 */
export async function importSecretsCommand(args: string[], io: Io, fail: (io: Io, message: string, usage?: string) => number): Promise<number> {
  let parsed: ReturnType<typeof parseImportSecretsArgs>;
  try {
    parsed = parseImportSecretsArgs(args);
  } catch (err) {
    return fail(io, (err as Error).message, IMPORT_SECRETS_USAGE);
  }
  const { values, positionals } = parsed;
  if (values.help === true) {
    io.stdout(IMPORT_SECRETS_USAGE);
    return 0;
  }
  try {
    if (positionals.length !== 1 || positionals[0] === "")
      throw new UsageError(`one PROGRAM is needed (the file pulumi import --out wrote), got ${positionals.length}`);
    if (values.output === "") throw new UsageError("--output needs a file name");
    const input = positionals[0] as string;
    const output = values.output ?? input;
    const format = values.format ?? "pulumi";
    if (format !== "pulumi" && format !== "terraform") throw new UsageError(`--format must be pulumi or terraform, got ${JSON.stringify(format)}`);
    if (format === "terraform") return terraformSecrets(io, input, output, values.imports ?? path.join(path.dirname(input), "imports.tf"));
    if (values.imports !== undefined) throw new UsageError("--imports is for --format terraform");
    const language = languageOfProgram(input);
    const result = secretsToConfig(readInput(input, "the program"), language);
    if (result.secrets.length > 0 || output !== input) writeAtomically(output, result.program);
    const shown = terminalSafeJson(path.basename(output)) as string;
    if (result.secrets.length === 0) {
      io.stdout(`import-secrets: no masked secret (******) in ${shown}; nothing to fill in\n`);
      return 0;
    }
    const lines = result.secrets.map((s) => `${s.resourceName} ${terminalSafeJson(s.key)} (line ${s.line}): pulumi config set --secret ${s.configKey}`);
    io.stdout(
      `${lines.join("\n")}\nimport-secrets: ${result.secrets.length} masked secret(s) in ${shown} read from config secrets now; ` +
        "set each with the command above (it asks for the value) before the next pulumi preview\n",
    );
    return 0;
  } catch (err) {
    if (err instanceof UsageError) return fail(io, err.message, IMPORT_SECRETS_USAGE);
    if (err instanceof SecretsToConfigError) return fail(io, `${err.message} (nothing written)`);
    return fail(io, (err as Error).message ?? String(err));
  }
}

/** Reads `file` for the command, or throws a usage error naming it. */
function readInput(file: string, what: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (err) {
    throw new UsageError(`cannot read ${what} ${JSON.stringify(file)}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}

/** The Terraform form (`importFile/terraformSecrets.ts`): rewrites `input` to `output`, prints the variables to set. */
function terraformSecrets(io: Io, input: string, output: string, imports: string): number {
  const result = terraformSecretsInConfig(readInput(input, "the generated configuration"), readInput(imports, "the import file"));
  if (result.references.length > 0 || output !== input) writeAtomically(output, result.text);
  const shown = terminalSafeJson(path.basename(output)) as string;
  if (result.references.length === 0) {
    io.stdout(`import-secrets: no secret map left null in ${shown} has a local in the import file; nothing to fill in\n`);
    return 0;
  }
  const lines = [
    ...result.references.map((r) => `${r.address}.${r.attribute} = local.${r.local}`),
    ...result.variables.map((v) => `export TF_VAR_${v}=...   # sensitive, ephemeral: from your secret store`),
  ];
  io.stdout(
    `${lines.join("\n")}\nimport-secrets: ${result.references.length} secret map(s) in ${shown} now read from the import file's locals; ` +
      `set the ${result.variables.length} variable(s) above before the next terraform plan\n`,
  );
  return 0;
}

/** Writes `text` to `file` through a temporary file beside it and a rename. */
function writeAtomically(file: string, text: string): void {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
}
