/**
 * `pulumi-flashduty import-file`: the account's resources as Pulumi's bulk import file, for
 * `pulumi import --file`, or (`--format terraform`) as Terraform `import` blocks
 * (`importFile/terraformImports.ts`; docs/importing-an-account.md). The file goes to `--output` or stdout;
 * what was skipped and which secrets to fill in go to stderr (`importFile/report.ts`).
 *
 * The app key comes from `FLASHDUTY_APP_KEY` only (a command-line argument would sit in the
 * shell's history and the process list), the address from `--base-url` or `FLASHDUTY_BASE_URL`.
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { buildImportFile, KINDS, type Kind, renderReport } from "../importFile";
import { terraformImportFile } from "../importFile/terraformImports";
import { FlashdutyClient } from "../sdk/client";
import { terminalSafeJson } from "../sdk/terminalText";
import type { Io } from "./io";

export const IMPORT_FILE_USAGE = `Usage: pulumi-flashduty import-file [--format pulumi|terraform] [--team ID]... [--kind KIND]... [--name GLOB]
                                   [--disablements] [--output FILE]

Reads every resource the app key can see (MCP servers, automation rules, A2A agents, knowledge
files; skills are listed as skipped: pulumi import is not offered for them) and writes Pulumi's
bulk import file: type tokens, logical names made from the platform's names, ids; nothing
secret. Then run \`pulumi import --file FILE\` in the Pulumi project (YAML, TypeScript, Python
or Go) to write the program and the state. Step by step, and what to fill in before the first
\`pulumi up\`: docs/importing-an-account.md.

With --format terraform it writes Terraform configuration instead: one import block per resource
(the same resources and names, in snake_case) and, for the secret maps (write-only attributes),
locals and ephemeral sensitive variables to set (TF_VAR_...). Then run \`terraform plan
-generate-config-out=generated.tf\` and \`pulumi-flashduty import-secrets --format terraform
generated.tf\`.

Options:
  -f, --format FORMAT  pulumi (default: the file of \`pulumi import --file\`) or terraform (a .tf file)
  -t, --team ID        Only resources of this team (0 = account-wide and personal); repeatable
  -k, --kind KIND      Only this kind: ${KINDS.join(", ")}; repeatable
  -n, --name GLOB      Only resources whose platform name (a knowledge file's path) matches the
                       glob (case-insensitive; \`*\` stops at \`/\`)
      --disablements   Disabled MCP servers as McpServerDisablement (kept disabled, nothing more)
                       instead of McpServer
  -o, --output FILE    Write the file to FILE instead of stdout
      --base-url URL   API address (default FLASHDUTY_BASE_URL, else https://api.flashcat.cloud)
  -h, --help           Show this help

Needs FLASHDUTY_APP_KEY. Prints to stderr each resource skipped and why (the key cannot edit it,
a skill, or its resource's check would refuse it as the platform holds it: the line names the
field to change in the console) and each secret to fill in. Exit codes: 0 file written, 1 error.
`;

/** `import-file` arguments as node:util's parseArgs reads them; throws on unknown or malformed ones. */
function parseImportFileArgs(args: string[]) {
  return parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      format: { type: "string", short: "f" },
      team: { type: "string", short: "t", multiple: true },
      kind: { type: "string", short: "k", multiple: true },
      name: { type: "string", short: "n" },
      disablements: { type: "boolean" },
      output: { type: "string", short: "o" },
      "base-url": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
}

class UsageError extends Error {}

/** `--team` values as team ids: integers >= 0. */
function teamIds(values: string[] | undefined): number[] | undefined {
  return values?.map((v) => {
    const id = Number(v);
    if (v.trim() === "" || !Number.isSafeInteger(id) || id < 0)
      throw new UsageError(`--team must be a team id, an integer >= 0 (0 = account-wide), got ${JSON.stringify(v)}`);
    return id;
  });
}

/** `--kind` values, each one of KINDS. */
function kinds(values: string[] | undefined): Kind[] | undefined {
  return values?.map((v) => {
    if (!(KINDS as readonly string[]).includes(v)) throw new UsageError(`--kind must be one of ${KINDS.join(", ")}, got ${JSON.stringify(v)}`);
    return v as Kind;
  });
}

/**
 * Runs `import-file` with its arguments; resolves to the exit code (0 written, 1 error). `fail`
 * writes an error (redacted, escaped) and answers 1.
 */
export async function importFileCommand(args: string[], io: Io, fail: (io: Io, message: string, usage?: string) => number): Promise<number> {
  let values: ReturnType<typeof parseImportFileArgs>["values"];
  try {
    ({ values } = parseImportFileArgs(args));
  } catch (err) {
    return fail(io, (err as Error).message, IMPORT_FILE_USAGE);
  }
  if (values.help === true) {
    io.stdout(IMPORT_FILE_USAGE);
    return 0;
  }
  try {
    if (values.output === "") throw new UsageError("--output needs a file name");
    if (values.name === "") throw new UsageError("--name needs a glob, e.g. 'grafana-*'");
    const format = values.format ?? "pulumi";
    if (format !== "pulumi" && format !== "terraform") throw new UsageError(`--format must be pulumi or terraform, got ${JSON.stringify(format)}`);
    const options = { teamIds: teamIds(values.team), kinds: kinds(values.kind), namePattern: values.name, disablements: values.disablements === true };
    const appKey = process.env.FLASHDUTY_APP_KEY;
    if (appKey === undefined || appKey.trim() === "") throw new UsageError("FLASHDUTY_APP_KEY must hold the app key (from the Flashduty console)");
    const baseUrl = values["base-url"] ?? (process.env.FLASHDUTY_BASE_URL || undefined);
    const client = new FlashdutyClient({ appKey, ...(baseUrl !== undefined ? { baseUrl } : {}) });
    const result = await buildImportFile(client, options);
    // Ids and knowledge file paths are platform text: no control character reaches a terminal
    // (JSON and HCL strings escape them).
    const terraform = format === "terraform" ? terraformImportFile(result) : undefined;
    const text = terraform?.text ?? `${terminalSafeJson(result.file, 2)}\n`;
    if (values.output !== undefined) writeFileSync(values.output, text);
    else io.stdout(text);
    io.stderr(renderReport(result, terraform?.variables));
    return 0;
  } catch (err) {
    if (err instanceof UsageError) return fail(io, err.message, IMPORT_FILE_USAGE);
    return fail(io, (err as Error).message ?? String(err));
  }
}
