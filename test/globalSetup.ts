import type { TestProject } from "vitest/node";
import { ensurePulumiCli } from "../scripts/pulumiCli";
import { ensureTofuCli } from "./support/terraformCli";

/**
 * Installs (or finds) the Pulumi CLI and OpenTofu before the workers start; see
 * scripts/install-pulumi.sh and scripts/install-tofu.sh (a first build of either from Go modules
 * takes minutes). OpenTofu is only for the Terraform provider's suites (test/terraform/): when it
 * cannot be had, those fail with the script's explanation (test/support/terraformCli.ts) and the
 * other suites still run.
 */
export default function setup(project: TestProject): void {
  ensurePulumiCli();
  try {
    project.provide("tofuCli", { bin: ensureTofuCli() });
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    process.stderr.write(`globalSetup: OpenTofu is not available; the Terraform provider's suites will fail: ${error}\n`);
    project.provide("tofuCli", { error });
  }
}
