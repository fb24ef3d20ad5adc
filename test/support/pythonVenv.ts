/**
 * A Python virtual environment with Pulumi's Python SDK from PyPI and the generated Python SDK
 * (sdks/python), made once per content digest in the git-ignored `.pulumi-cli/python-venvs/` (or
 * under `$PULUMI_CLI_DIR`), for the engine test that drives the provider plugin through Pulumi's
 * Python Automation API.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { REPO_ROOT } from "../../scripts/pulumiCli";
import { filesUnder } from "./files";

/** The `pulumi` package from PyPI: the version of the project's Pulumi CLI. */
export const PULUMI_PYTHON_VERSION = "3.259.0";

/**
 * Returns the path of the venv's `python`, making the venv first unless one for the same inputs
 * exists: `.pulumi-cli/python-venvs/<digest>/`, the digest (16 hex characters of SHA-256) over
 * {@link PULUMI_PYTHON_VERSION} and the path and bytes of every file of `sdks/python`. Made with
 * `python3 -m venv` (Python >= 3.9 on PATH), then `pip install pulumi==<version>` and the SDK,
 * installed from a copy so that the build leaves nothing in the checkout; a `.complete` marker is
 * written last, so an interrupted run is redone; venvs of other digests are removed. Needs PyPI (or pip's configured index) the first
 * time. Synchronous: call it in a `beforeAll` with a long timeout, before any in-process server
 * needs the event loop.
 *
 * @throws Error when python3 or pip fails (with their output on this process's stderr)
 */
export function ensurePythonVenv(): string {
  const sdk = path.join(REPO_ROOT, "sdks", "python");
  const digest = createHash("sha256").update(`pulumi==${PULUMI_PYTHON_VERSION}\0`);
  for (const file of filesUnder(sdk).sort()) {
    digest.update(`${path.relative(REPO_ROOT, file)}\0`);
    digest.update(readFileSync(file));
  }
  const venv = path.join(process.env.PULUMI_CLI_DIR ?? path.join(REPO_ROOT, ".pulumi-cli"), "python-venvs", digest.digest("hex").slice(0, 16));
  const python = path.join(venv, "bin", "python");
  const marker = path.join(venv, ".complete");
  if (existsSync(marker)) return python;
  rmSync(venv, { recursive: true, force: true });
  const quiet = { stdio: ["ignore", "ignore", "inherit"] as ("ignore" | "inherit")[] };
  execFileSync("python3", ["-m", "venv", venv], quiet);
  const copy = mkdtempSync(path.join(tmpdir(), "flashduty-python-sdk-"));
  try {
    cpSync(sdk, copy, { recursive: true });
    execFileSync(python, ["-m", "pip", "install", "--disable-pip-version-check", "--no-input", "--quiet", `pulumi==${PULUMI_PYTHON_VERSION}`, copy], quiet);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
  writeFileSync(marker, `pulumi==${PULUMI_PYTHON_VERSION} and sdks/python\n`);
  // Venvs of earlier inputs are of no further use.
  for (const other of readdirSync(path.dirname(venv)))
    if (other !== path.basename(venv)) rmSync(path.join(path.dirname(venv), other), { recursive: true, force: true });
  return python;
}
