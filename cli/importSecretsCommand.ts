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
import { terminalSafeJson } from "../sdk/terminalText";
import type { Io } from "./io";

export const IMPORT_SECRETS_USAGE = `Usage: pulumi-flashduty import-secrets PROGRAM [--output FILE]

After \`pulumi import --file\` wrote PROGRAM (.yaml, .ts, .py or .go), makes each secret the
platform answered masked ("******": tokens, sensitive headers and env values, an A2A agent's
credentials) a config secret of the project: the program then reads it with
config.requireSecret("KEY") (YAML: \${KEY} and a config: section; Python: require_secret; Go:
cfg.RequireSecret), and prints for each the command that sets it. Set them all before the next
\`pulumi preview\`. A program with no mask is left as it is. Step by step:
docs/importing-an-account.md.

Options:
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
    const language = languageOfProgram(input);
    let text: string;
    try {
      text = readFileSync(input, "utf8");
    } catch (err) {
      throw new UsageError(`cannot read the program ${JSON.stringify(input)}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
    const result = secretsToConfig(text, language);
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
