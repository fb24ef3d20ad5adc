/**
 * `detectTerraformDrift`: the library form of `pulumi-flashduty drift --terraform`. Gets a
 * Terraform plan in JSON (runs `terraform plan -refresh-only` and `terraform show -json`, or
 * reads a saved plan or its JSON) and reports it with `terraformDriftReport`.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { DriftError, redactAppKey } from "./errors";
import type { DriftReport } from "./report";
import { terraformDriftReport } from "./terraformPlan";

/** Options of {@link detectTerraformDrift}. */
export interface DetectTerraformDriftOptions {
  /**
   * A saved plan (`terraform plan -refresh-only -out=FILE`; read with `terraform show -json` in
   * `cwd`), or its JSON (`terraform show -json FILE`); `"-"` reads either from standard input.
   * Left out: `terraform plan -refresh-only` runs in `cwd` (writes no state).
   */
  plan?: string;
  /** The configuration's folder (where Terraform runs, and the report's `project`); default the process's working folder. */
  cwd?: string;
  /**
   * The workspace the report names (its `stack`, and the comment marker's); default
   * `TF_WORKSPACE`, then the workspace `terraform workspace select` chose in `cwd`, then `default`.
   */
  workspace?: string;
  /** The Terraform CLI to run: default `terraform` (found on PATH); `tofu` for OpenTofu. */
  cli?: string;
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `cli args` in `cwd`; resolves with its exit code and output, rejects with DriftError `cliNotFound` when it cannot start. */
function run(cli: string, args: string[], cwd: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(cli, args, { cwd, env: process.env, stdio: ["ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", (e: NodeJS.ErrnoException) =>
      reject(
        e.code === "ENOENT"
          ? new DriftError("cliNotFound", `the Terraform CLI \`${cli}\` is not on PATH (install Terraform 1.11 or later, or name another with --terraform-cli)`)
          : new DriftError("previewFailed", `could not run \`${cli}\`: ${e.message}`),
      ),
    );
    child.on("close", (code) => resolve({ code: code ?? 1, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") }));
  });
}

/** The last lines of a failed command's error output, for the message. */
function tail(output: string): string {
  const lines = output.trim().split("\n");
  return (lines.length > 40 ? ["...", ...lines.slice(-40)] : lines).join("\n");
}

async function must(cli: string, args: string[], cwd: string, what: string): Promise<string> {
  const result = await run(cli, args, cwd);
  if (result.code !== 0) {
    throw new DriftError("previewFailed", redactAppKey(`\`${cli} ${what}\` failed (exit ${result.code}):\n${tail(result.stderr || result.stdout)}`));
  }
  return result.stdout;
}

/** `terraform show -json FILE`, parsed. */
async function showJson(cli: string, file: string, cwd: string): Promise<unknown> {
  const text = await must(cli, ["show", "-json", "-no-color", file], cwd, "show -json");
  try {
    return JSON.parse(text);
  } catch {
    throw new DriftError("previewFailed", `\`${cli} show -json\` printed no JSON`);
  }
}

/** Whether `value` is one message of Terraform's streaming JSON UI output (`plan -json`). */
function isStreamMessage(value: unknown): boolean {
  return typeof value === "object" && value !== null && "@level" in value && "type" in value;
}

const STREAM_REFUSED =
  "is the streaming output of `terraform plan -json`: its `resource_drift` messages name the drifted resources " +
  "but not their attributes, so it cannot tell a console edit of an attribute the configuration sets from one it leaves " +
  "to the platform. Save the same plan and pass it: `terraform plan -refresh-only -json -out=drift.tfplan`, then " +
  "`pulumi-flashduty drift --terraform-plan drift.tfplan` (or leave out --terraform-plan: the command runs the plan)";

/** The plan JSON in `bytes` (a plan file, its JSON, or refused: the streaming output or anything else). */
async function planFromBytes(bytes: Buffer, name: string, cli: string, cwd: string): Promise<unknown> {
  if (bytes.subarray(0, 4).equals(Buffer.from("PK\u0003\u0004", "latin1"))) {
    if (name === "-")
      throw new DriftError("invalidArguments", "a plan file cannot be read from standard input: pass its path, or pipe `terraform show -json` of it");
    return showJson(cli, path.resolve(name), cwd);
  }
  const text = bytes.toString("utf8").replace(/^\uFEFF/, "");
  const shown = name === "-" ? "standard input" : JSON.stringify(name);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    let first: unknown;
    try {
      first = JSON.parse(text.trimStart().split("\n", 1)[0] ?? "");
    } catch {
      // Neither JSON nor JSON lines.
    }
    if (isStreamMessage(first)) throw new DriftError("invalidArguments", `${shown} ${STREAM_REFUSED}`);
    throw new DriftError("invalidArguments", `${shown} is neither a Terraform plan file nor its JSON (\`terraform show -json PLAN\`)`);
  }
  if (isStreamMessage(value)) throw new DriftError("invalidArguments", `${shown} ${STREAM_REFUSED}`);
  return value;
}

/** The workspace as Terraform chose it in `cwd`: TF_WORKSPACE, then `.terraform/environment`, then `default`. */
function currentWorkspace(cwd: string): string {
  const fromEnv = process.env.TF_WORKSPACE?.trim();
  if (fromEnv) return fromEnv;
  try {
    const chosen = readFileSync(path.resolve(cwd, process.env.TF_DATA_DIR || ".terraform", "environment"), "utf8").trim();
    if (chosen !== "") return chosen;
  } catch {
    // No workspace selected: the default one.
  }
  return "default";
}

/**
 * Finds what changed on the Flashduty platform behind a Terraform configuration's back since its
 * last `terraform apply`: the same report as {@link detectDrift}'s for a Pulumi stack (same
 * shape, Markdown and rules), its `terraform` field set, resources named by address and
 * attributes in Terraform's names; sensitive values and write-only secrets are never in it.
 *
 * Without `options.plan` it runs `terraform plan -refresh-only -input=false -out=<temporary
 * file>` in `cwd` (writes no state; the plan file, which holds variables' values, is deleted
 * afterwards) and `terraform show -json` of it. Extra plan options come from Terraform's own
 * `TF_CLI_ARGS_plan` (e.g. `-var-file=prod.tfvars`).
 *
 * @returns a {@link DriftReport}; `report.drift` is true when anything changed (the CLI then
 *   exits 2, otherwise 0).
 * @throws DriftError `invalidArguments` for input that is no plan (the streaming `plan -json`
 *   output included: it names no attributes), `cliNotFound` without the CLI, `previewFailed`
 *   for a failing plan or a plan that stopped on an error (the CLI exits 1).
 */
export async function detectTerraformDrift(options: DetectTerraformDriftOptions = {}): Promise<DriftReport> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const cli = options.cli ?? "terraform";
  if (cli.trim() === "") throw new DriftError("invalidArguments", "the Terraform CLI's name is empty");
  const names = { workspace: options.workspace ?? currentWorkspace(cwd), configuration: path.basename(cwd) };
  if (options.plan !== undefined) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(options.plan === "-" ? 0 : path.resolve(cwd, options.plan));
    } catch (err) {
      throw new DriftError("invalidArguments", `cannot read the plan ${JSON.stringify(options.plan)}: ${(err as Error).message}`);
    }
    return terraformDriftReport(await planFromBytes(bytes, options.plan === "-" ? "-" : path.resolve(cwd, options.plan), cli, cwd), names);
  }
  const folder = mkdtempSync(path.join(tmpdir(), "flashduty-drift-"));
  try {
    const file = path.join(folder, "drift.tfplan");
    await must(cli, ["plan", "-refresh-only", "-input=false", "-no-color", `-out=${file}`], cwd, "plan -refresh-only");
    return terraformDriftReport(await showJson(cli, file, cwd), names);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
