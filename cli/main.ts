#!/usr/bin/env node
/**
 * `pulumi-flashduty`: the package's command. Three subcommands:
 *
 *   pulumi-flashduty drift --stack NAME [--cwd DIR] [--json] [--output FILE] [--max-rows N]
 *   pulumi-flashduty drift --terraform [--terraform-plan PLAN] [--cwd DIR] [--workspace NAME] [--terraform-cli CLI] [--json] [--output FILE] [--max-rows N]
 *   pulumi-flashduty import-file [--team ID]... [--kind KIND]... [--name GLOB] [--disablements] [--output FILE]
 *   pulumi-flashduty import-secrets PROGRAM [--output FILE]
 *
 * `import-file` (./importFileCommand.ts) exits 0 when the file was written, 1 on an error;
 * `import-secrets` (./importSecretsCommand.ts) 0 when done, 1 on an error.
 *
 * drift's exit codes as `terraform plan -detailed-exitcode`: 0 no drift, 2 drift found, 1 error (bad
 * arguments, no Pulumi project, no such stack, no CLI, a failing preview or API errors), with
 * the error on stderr. Never prints the app key, nor a control character from platform text:
 * the Markdown shows platform text as inert code spans, the JSON escapes every control
 * character, and error messages pass through `escapeTerminalControlsInLines` (their line breaks
 * are ours; the platform's parts were escaped where the message was built).
 *
 * Arguments are parsed with node:util `parseArgs`: it is part of Node.js (no dependency to
 * keep current), strict about unknown options and missing values, and two subcommands with a
 * handful of options each need nothing more.
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { DriftError, redactAppKey } from "../drift/errors";
import { renderJson } from "../drift/json";
import { DEFAULT_MAX_ROWS, renderMarkdown } from "../drift/markdown";
import { escapeTerminalControlsInLines } from "../sdk/terminalText";
import { VERSION } from "../sdk/version";
import type { Io } from "./io";

/** Exit codes of the command. */
export const EXIT = { noDrift: 0, error: 1, drift: 2 } as const;

const USAGE = `Usage: pulumi-flashduty <command> [options]

Commands:
  drift          Report what changed on the Flashduty platform since the stack's last \`pulumi up\`
                 (or, with --terraform, since the configuration's last \`terraform apply\`)
  import-file    Write Pulumi's bulk import file (\`pulumi import --file\`) for the account's resources
                 (docs/importing-an-account.md)
  import-secrets After \`pulumi import\`, make each masked secret ("******") of the program it wrote
                 a config secret

Options:
  -h, --help       Show help (\`pulumi-flashduty <command> --help\` for the command's options)
  -v, --version    Show the version
`;

const DRIFT_USAGE = `Usage: pulumi-flashduty drift --stack NAME [--cwd DIR] [options]
       pulumi-flashduty drift --terraform [--terraform-plan PLAN] [--cwd DIR] [--workspace NAME] [options]

Pulumi: runs \`pulumi preview --refresh\` on the stack (writes no state) and reports
MCP servers enabled again or deleted on the platform, declared resources edited in the console
or deleted, and automation rules, templates and MCP servers added, removed or changed in the
stack's data source outputs.

Terraform (--terraform): runs \`terraform plan -refresh-only\` in the configuration's folder
(writes no state; extra plan options from TF_CLI_ARGS_plan) and reports the flashdutyai_*
resources edited in the console or deleted, naming their changed attributes. Or reads a plan
made before, with --terraform-plan: a saved plan (\`terraform plan -refresh-only -out=PLAN\`)
or its JSON (\`terraform show -json PLAN\`), "-" for standard input. The streaming output of
\`terraform plan -json\` names no attributes and is refused: add -out=PLAN to that run and pass PLAN.

Options:
  -s, --stack NAME          Pulumi stack to check (required without --terraform)
  -C, --cwd DIR             Folder of the Pulumi project or Terraform configuration (default: the current folder)
      --terraform           Report on a Terraform configuration instead of a Pulumi stack
      --terraform-plan PLAN Read this plan (implies --terraform) instead of running one
      --workspace NAME      Terraform workspace the report names (default: TF_WORKSPACE, then the selected one)
      --terraform-cli CLI   The Terraform CLI to run (default: terraform; tofu for OpenTofu)
      --json                Print the report as JSON (version 1) instead of Markdown
  -o, --output FILE         Write the report to FILE instead of stdout
      --max-rows N          Rows per Markdown table before "... and N more" (default ${DEFAULT_MAX_ROWS})
  -h, --help                Show this help

Exit codes: 0 no drift, 2 drift found, 1 error.
Pulumi: needs the \`pulumi\` CLI on PATH and what the stack needs to run (backend login or
PULUMI_BACKEND_URL, PULUMI_CONFIG_PASSPHRASE, flashduty:* config or FLASHDUTY_* variables).
Terraform: needs the \`terraform\` CLI on PATH (1.11 or later), an initialised configuration,
and what its plan needs (FLASHDUTY_APP_KEY or the provider block, TF_VAR_* variables).
`;

const processIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

class UsageError extends Error {}

/** Writes `message` (the app key redacted, control characters escaped) and the usage, if given, to stderr; answers {@link EXIT}.error. */
export function fail(io: Io, message: string, usage?: string): number {
  io.stderr(`pulumi-flashduty: error: ${escapeTerminalControlsInLines(redactAppKey(message))}\n`);
  if (usage !== undefined) io.stderr(`\n${usage}`);
  return EXIT.error;
}

/** `pulumi-flashduty drift` arguments as node:util's parseArgs reads them; throws on unknown or malformed ones. */
function parseDriftArgs(args: string[]) {
  return parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      stack: { type: "string", short: "s" },
      cwd: { type: "string", short: "C" },
      terraform: { type: "boolean" },
      "terraform-plan": { type: "string" },
      workspace: { type: "string" },
      "terraform-cli": { type: "string" },
      json: { type: "boolean" },
      output: { type: "string", short: "o" },
      "max-rows": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
}

async function drift(args: string[], io: Io): Promise<number> {
  let values: ReturnType<typeof parseDriftArgs>["values"];
  try {
    ({ values } = parseDriftArgs(args));
  } catch (err) {
    return fail(io, (err as Error).message, DRIFT_USAGE);
  }
  if (values.help === true) {
    io.stdout(DRIFT_USAGE);
    return EXIT.noDrift;
  }
  try {
    const terraform = values.terraform === true || values["terraform-plan"] !== undefined;
    if (terraform) {
      if (values.stack !== undefined) throw new UsageError("--stack names a Pulumi stack; with --terraform, --workspace names the Terraform workspace");
      if (values["terraform-plan"] === "") throw new UsageError("--terraform-plan needs a file name (or - for standard input)");
      if (values.workspace?.trim() === "") throw new UsageError("--workspace needs a name");
    } else {
      if (values.workspace !== undefined || values["terraform-cli"] !== undefined) {
        throw new UsageError("--workspace and --terraform-cli are for Terraform configurations: add --terraform");
      }
      if (values.stack === undefined || values.stack.trim() === "") throw new UsageError("--stack is required (the name of the stack to check)");
    }
    if (values.output === "") throw new UsageError("--output needs a file name");
    const maxRows = values["max-rows"] === undefined ? DEFAULT_MAX_ROWS : Number(values["max-rows"]);
    if (!Number.isInteger(maxRows) || maxRows < 1)
      throw new UsageError(`--max-rows must be an integer of at least 1, got ${JSON.stringify(values["max-rows"])}`);
    // Each loads on demand: a Terraform report never needs the Pulumi side's YAML parser (about 0.1 to 0.3 s).
    const report = terraform
      ? await (await import("../drift/detectTerraformDrift.js")).detectTerraformDrift({
          plan: values["terraform-plan"],
          cwd: values.cwd,
          workspace: values.workspace,
          cli: values["terraform-cli"],
        })
      : await (await import("../drift/detectDrift.js")).detectDrift({ stack: values.stack!, cwd: values.cwd });
    const text = values.json === true ? renderJson(report) : renderMarkdown(report, { maxRows });
    if (values.output !== undefined) writeFileSync(values.output, text);
    else io.stdout(text);
    return report.drift ? EXIT.drift : EXIT.noDrift;
  } catch (err) {
    if (err instanceof UsageError) return fail(io, err.message, DRIFT_USAGE);
    if (err instanceof DriftError) return fail(io, err.message);
    return fail(io, (err as Error).message ?? String(err));
  }
}

/**
 * Runs the command with `argv` (without `node` and the script) and resolves to its exit code
 * ({@link EXIT}). Writes the report or help to `io.stdout`, errors to `io.stderr`.
 */
export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case "drift":
      return drift(rest, io);
    case "import-file": {
      // Loaded on demand: it brings the API client (undici, zod: about 0.2 s), which a drift
      // report, run on every pull request, never needs.
      const { importFileCommand } = await import("./importFileCommand.js");
      return importFileCommand(rest, io, fail);
    }
    case "import-secrets": {
      const { importSecretsCommand } = await import("./importSecretsCommand.js");
      return importSecretsCommand(rest, io, fail);
    }
    case "-h":
    case "--help":
    case "help":
      io.stdout(USAGE);
      return EXIT.noDrift;
    case "-v":
    case "--version":
      io.stdout(`${VERSION}\n`);
      return EXIT.noDrift;
    case undefined:
      return fail(io, "a command is required", USAGE);
    default:
      return fail(io, `unknown command ${JSON.stringify(command)}`, USAGE);
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.exitCode = fail(processIo, String(err));
    },
  );
}
