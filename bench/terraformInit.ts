/**
 * Benchmark 15: `init` from a provider registry, on Terraform and OpenTofu (issue 60). The release
 * files `npm run package:terraform` writes (built once and cached by
 * test/support/terraformRelease.ts), served by the install tests' HTTPS registry on 127.0.0.1
 * (test/support/providerRegistry.ts) as each CLI's default registry host (a CLI-config `host`
 * block, so the address is the one users write, `flashcatcloud/flashdutyai`). Each run is a fresh
 * folder with no plugin cache, so `init` discovers, downloads, checks the signature of SHA256SUMS
 * and unpacks the zip, and writes the lock file. The reference: `init` of the same folder with
 * no provider to install (only `terraform_data`), which is the CLI's own cost. Runs alternate.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "../scripts/pulumiCli";
import { PROVIDER_NAMESPACE, PROVIDER_TYPE } from "../scripts/packageTerraform";
import { startProviderRegistry } from "../test/support/providerRegistry";
import { terraformRelease } from "../test/support/terraformRelease";
import { median, progress } from "./common";

/** One CLI's figures, s. */
export interface InitFigures {
  cli: "Terraform" | "OpenTofu";
  version: string;
  /** `init` installing the provider from the registry, every run. */
  install: number[];
  /** `init` with nothing to install, every run. */
  reference: number[];
  /** Median of install − reference. */
  providerSeconds: number;
}

/** What benchmark 15 measured. */
export interface TerraformInitResult {
  zipBytes: number;
  clis: InitFigures[];
}

/** The CLIs: `terraform` on PATH and OpenTofu from scripts/install-tofu.sh (PATH, `.tofu-cli/`, or a build). */
function clis(): { name: InitFigures["cli"]; binary: string; defaultHost: string }[] {
  const tofuFolder = execFileSync("bash", [path.join(REPO_ROOT, "scripts", "install-tofu.sh")], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  }).trim();
  return [
    { name: "Terraform", binary: "terraform", defaultHost: "registry.terraform.io" },
    { name: "OpenTofu", binary: path.join(tofuFolder, "tofu"), defaultHost: "registry.opentofu.org" },
  ];
}

function versionOf(binary: string): string {
  return (
    JSON.parse(execFileSync(binary, ["version", "-json"], { encoding: "utf8", env: { ...process.env, CHECKPOINT_DISABLE: "1", TF_CLI_CONFIG_FILE: "" } })) as {
      terraform_version: string;
    }
  ).terraform_version;
}

/** `init` in `dir`, timed from spawn to exit (s); throws with the output on a failure. */
function timedInit(binary: string, dir: string, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(binary, ["init", "-input=false", "-no-color"], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => chunks.push(c));
    child.stderr.on("data", (c: Buffer) => chunks.push(c));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve((performance.now() - t0) / 1000);
      else reject(new Error(`bench: ${binary} init in ${dir} exited ${code}:\n${Buffer.concat(chunks).toString("utf8").slice(-3000)}`));
    });
  });
}

/** Runs benchmark 15, `runs` alternating pairs a CLI. */
export async function benchTerraformInit(opts: { runs: number }): Promise<TerraformInitResult> {
  const release = await terraformRelease();
  const registry = await startProviderRegistry(release);
  const work = mkdtempSync(path.join(REPO_ROOT, ".pulumi-state", "bench-init-"));
  try {
    const certFile = path.join(work, "registry-ca.pem");
    writeFileSync(certFile, registry.certPem);
    const out: InitFigures[] = [];
    for (const cli of clis()) {
      const rc = path.join(work, `${cli.name}.tfrc`);
      writeFileSync(rc, `host ${JSON.stringify(cli.defaultHost)} {\n  services = {\n    "providers.v1" = "${registry.url}/v1/providers/"\n  }\n}\n`);
      const env = { ...process.env, TF_CLI_CONFIG_FILE: rc, SSL_CERT_FILE: certFile, CHECKPOINT_DISABLE: "1", TF_PLUGIN_CACHE_DIR: "", TF_IN_AUTOMATION: "1" };
      const figures: InitFigures = { cli: cli.name, version: versionOf(cli.binary), install: [], reference: [], providerSeconds: 0 };
      const folder = (name: string, body: string): string => {
        const dir = path.join(work, name);
        mkdirSync(dir);
        writeFileSync(path.join(dir, "main.tf"), body);
        return dir;
      };
      for (let run = 1; run <= opts.runs; run++) {
        const reference = folder(`${cli.name}-reference-${run}`, `resource "terraform_data" "one" {\n  input = "x"\n}\n`);
        figures.reference.push(await timedInit(cli.binary, reference, env));
        const install = folder(
          `${cli.name}-install-${run}`,
          `terraform {\n  required_providers {\n    flashdutyai = {\n      source  = "${PROVIDER_NAMESPACE}/${PROVIDER_TYPE}"\n      version = "${release.version}"\n    }\n  }\n}\nresource "terraform_data" "one" {\n  input = "x"\n}\n`,
        );
        figures.install.push(await timedInit(cli.binary, install, env));
        progress(
          `15. ${cli.name} init (run ${run}/${opts.runs}): ${figures.install.at(-1)!.toFixed(2)} s installing, ${figures.reference.at(-1)!.toFixed(2)} s with nothing to install`,
        );
      }
      figures.providerSeconds = median(figures.install.map((t, i) => t - figures.reference[i]!));
      out.push(figures);
    }
    return { zipBytes: release.zip.byteLength, clis: out };
  } finally {
    await registry.close();
    rmSync(work, { recursive: true, force: true });
  }
}
