/**
 * Installing the provider as Terraform and OpenTofu users will: from the files `npm run
 * package:terraform` writes (test/support/terraformRelease.ts, built once and cached), served by a
 * provider registry on 127.0.0.1 over HTTPS (test/support/providerRegistry.ts) and from a
 * filesystem mirror, on each CLI of test/support/terraformCli.ts.
 *
 * - The address users write, `flashcatcloud/flashdutyai`, means registry.terraform.io to
 *   Terraform and registry.opentofu.org to OpenTofu: a CLI-config `host` block sends that host's
 *   `providers.v1` service to the local registry, so `init`, its messages and the lock file are
 *   what users of each CLI get. `init` checks the signature of SHA256SUMS and records `h1:` and
 *   `zh:`; then a `plan` against the emulator runs the installed executable with nothing on PATH
 *   (so no Node.js).
 * - A private registry (`localhost:<port>/flashcatcloud/flashdutyai`) is found by service
 *   discovery (`/.well-known/terraform.json`).
 * - Refused: a tampered zip, a signature by a key the registry does not list, and no signing
 *   keys at all, except by OpenTofu at registry.opentofu.org, which warns (and refuses with
 *   `OPENTOFU_ENFORCE_GPG_VALIDATION=true`).
 * - A filesystem mirror holding the release's zip installs it (`h1:` only), and refuses a tampered
 *   zip that the lock file's hashes from the registry do not match; a network mirror written by
 *   `providers mirror` and served over HTTPS installs it too.
 *
 * The CLI's output is matched with its line wrapping undone: these are the messages users see.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { executableName, generateTestKey, PROVIDER_NAMESPACE, PROVIDER_TYPE, providerZip, sha256Hex } from "../../scripts/packageTerraform";
import { type ProviderRegistry, startProviderRegistry } from "../support/providerRegistry";
import { type TerraformCli, TerraformRig, terraformCliCases } from "../support/terraformCli";
import { type TerraformRelease, terraformRelease } from "../support/terraformRelease";

const ADDRESS = `${PROVIDER_NAMESPACE}/${PROVIDER_TYPE}`;

let release: TerraformRelease;
let registry: ProviderRegistry;
let emulator: Emulator;

beforeAll(async () => {
  release = await terraformRelease();
  registry = await startProviderRegistry(release);
  emulator = await startEmulator({ port: 0 });
}, 600_000);

afterAll(async () => {
  await registry?.close();
  await emulator?.close();
});

/** What each CLI says of a signature by a key the registry does not list (or of no keys). */
const UNKNOWN_KEY = {
  Terraform: "authentication signature from unknown issuer",
  OpenTofu: "the provider is not signed with a valid signing key; please contact the provider author (authentication signature from unknown issuer)",
};

/** A CLI's output with its line wrapping undone. */
const flat = (out: string) => out.replace(/\s+/g, " ");

/** A well-formed zip under the release's name holding another executable of the same name: a swapped package. */
function tamperedZip(): Uint8Array {
  return providerZip(release.version, Buffer.from("#!/bin/sh\necho 'not the release'\nexit 1\n"));
}

/** The providers of `.terraform.lock.hcl` in `dir`: address to version and hashes. */
function lockFile(dir: string): Map<string, { version: string; hashes: string[] }> {
  const text = readFileSync(path.join(dir, ".terraform.lock.hcl"), "utf8");
  const out = new Map<string, { version: string; hashes: string[] }>();
  for (const block of text.matchAll(/^provider "([^"]+)" \{\n([\s\S]*?)^\}/gm)) {
    out.set(block[1]!, {
      version: /^\s*version\s*=\s*"([^"]+)"/m.exec(block[2]!)?.[1] ?? "",
      hashes: [...block[2]!.matchAll(/"((?:h1|zh):[^"]+)"/g)].map((m) => m[1]!).sort(),
    });
  }
  return out;
}

describe.each(terraformCliCases())("%s installs flashcatcloud/flashdutyai", (_label: string, cli: TerraformCli) => {
  // The host that the bare address names for this CLI.
  const defaultHost = cli.name === "Terraform" ? "registry.terraform.io" : "registry.opentofu.org";
  let rig: TerraformRig;
  let extra: NodeJS.ProcessEnv;

  beforeAll(() => {
    rig = new TerraformRig(cli, { TF_VAR_app_key: emulator.keys.admin });
    const certFile = path.join(rig.root, "registry-ca.pem");
    writeFileSync(certFile, registry.certPem);
    const empty = path.join(rig.root, "empty-path");
    const home = path.join(rig.root, "home");
    mkdirSync(empty);
    mkdirSync(home);
    // PATH holds nothing: the CLI launches the installed executable by its path, which needs no Node.js.
    extra = { SSL_CERT_FILE: certFile, PATH: empty, HOME: home, TF_PLUGIN_CACHE_DIR: "", TF_CLI_ARGS: "", TF_CLI_ARGS_init: "" };
  });

  afterAll(() => {
    registry.serve({});
    const leftovers = rig?.leftovers ?? [];
    rig?.close();
    expect(leftovers, "provider processes left running after a command").toEqual([]);
  });

  /** A CLI configuration file `name` in the rig's folder holding `text`. */
  function cliConfig(name: string, text: string): string {
    const file = path.join(rig.root, name);
    writeFileSync(file, text);
    return file;
  }

  /** Sends `defaultHost`'s provider registry service to the local registry. */
  const registryConfig = () =>
    cliConfig("registry.tfrc", `host ${JSON.stringify(defaultHost)} {\n  services = {\n    "providers.v1" = "${registry.url}/v1/providers/"\n  }\n}\n`);

  /** A configuration folder requiring `source` at the release's version, with a rule and a data source. */
  function configuration(name: string, source = ADDRESS): string {
    return rig.folder(
      name,
      `terraform {
  required_providers {
    flashdutyai = {
      source  = ${JSON.stringify(source)}
      version = ${JSON.stringify(release.version)}
    }
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
resource "flashdutyai_automation_rule" "digest" {
  name      = "registry-install-digest"
  prompt    = "Summarise the open incidents"
  cron_expr = "0 9 * * *"
}
data "flashdutyai_automation_templates" "all" {}
output "templates" { value = length(data.flashdutyai_automation_templates.all.templates) }
`,
    );
  }

  /** Runs the CLI in `dir` with the CLI configuration `rc` and nothing on PATH. */
  const run = (dir: string, args: string[], rc: string, more: NodeJS.ProcessEnv = {}) => rig.run(dir, args, { ...extra, TF_CLI_CONFIG_FILE: rc, ...more });

  /** Where `init` unpacked the provider for `host`. */
  const installed = (dir: string, host: string) =>
    path.join(
      dir,
      ".terraform",
      "providers",
      host,
      ADDRESS,
      release.version,
      `${release.platform.os}_${release.platform.arch}`,
      executableName(release.version),
    );

  test("from the registry at its default host: the signature checked, h1: and zh: locked, then a plan with nothing on PATH", async () => {
    const rc = registryConfig();
    const dir = configuration("registry");
    registry.requests.length = 0;
    const init = await run(dir, ["init", "-input=false"], rc);
    expect(init.code, init.out).toBe(0);
    const word = cli.name === "Terraform" ? "self-signed" : "signed";
    expect(init.out).toContain(`Installed ${ADDRESS} v${release.version} (${word}, key ID ${release.keyId})`);
    expect(registry.requests).toEqual(
      expect.arrayContaining([
        `GET /v1/providers/${ADDRESS}/versions`,
        `GET /v1/providers/${ADDRESS}/${release.version}/download/${release.platform.os}/${release.platform.arch}`,
        `GET /files/${release.zipName}`,
      ]),
    );
    // h1: of the zip's contents; zh: of each line of the signed SHA256SUMS (the zip, and the manifest as the registries want it listed).
    expect(release.zhListed).toContain(release.zh);
    expect(lockFile(dir).get(`${defaultHost}/${ADDRESS}`)).toEqual({ version: release.version, hashes: [release.h1, ...release.zhListed].sort() });
    const exe = installed(dir, defaultHost);
    expect(sha256Hex(readFileSync(exe))).toBe(sha256Hex(release.executable));

    const plan = await run(dir, ["plan", "-input=false"], rc);
    expect(plan.code, plan.out).toBe(0);
    expect(plan.out).toContain("Plan: 1 to add, 0 to change, 0 to destroy.");
    expect(plan.out).toMatch(/\+ templates = [1-9]\d*/);
  });

  test("from a private registry found by service discovery over HTTPS", async () => {
    const rc = cliConfig("none.tfrc", "");
    const dir = configuration("private", `${registry.host}/${ADDRESS}`);
    registry.requests.length = 0;
    const init = await run(dir, ["init", "-input=false"], rc);
    expect(init.code, init.out).toBe(0);
    expect(registry.requests[0]).toBe("GET /.well-known/terraform.json");
    expect(init.out).toContain(`key ID ${release.keyId})`);
    expect(lockFile(dir).get(`${registry.host}/${ADDRESS}`)?.hashes).toEqual([release.h1, ...release.zhListed].sort());
  });

  test("refuses a tampered zip and a signature by a key the registry does not list", async () => {
    const rc = registryConfig();
    const tampered = tamperedZip();
    registry.serve({ zip: tampered });
    const dir = configuration("tampered");
    const init = await run(dir, ["init", "-input=false"], rc);
    expect(init.code, init.out).toBe(1);
    expect(flat(init.out)).toContain(`archive has incorrect checksum zh:${sha256Hex(tampered)} (expected zh:${sha256Hex(release.zip)})`);
    expect(existsSync(installed(dir, defaultHost))).toBe(false);
    expect(existsSync(path.join(dir, ".terraform.lock.hcl"))).toBe(false);

    const other = await generateTestKey("another key");
    registry.serve({ keys: [{ key_id: other.keyId, ascii_armor: other.publicArmor }] });
    const unknown = await run(configuration("other-key"), ["init", "-input=false"], rc);
    registry.serve({});
    expect(unknown.code, unknown.out).toBe(1);
    expect(flat(unknown.out)).toContain(`v${release.version}: ${UNKNOWN_KEY[cli.name]}`);
  });

  test("with no signing keys listed: refused, except by OpenTofu at registry.opentofu.org, which warns", async () => {
    registry.serve({ keys: [] });
    const dir = configuration("no-keys");
    const atDefault = await run(dir, ["init", "-input=false"], registryConfig());
    const atPrivate = await run(configuration("no-keys-private", `${registry.host}/${ADDRESS}`), ["init", "-input=false"], cliConfig("none.tfrc", ""));
    const enforced = await run(configuration("no-keys-enforced"), ["init", "-input=false"], registryConfig(), { OPENTOFU_ENFORCE_GPG_VALIDATION: "true" });
    registry.serve({});
    expect(atPrivate.code, atPrivate.out).toBe(1);
    expect(flat(atPrivate.out)).toContain(UNKNOWN_KEY[cli.name]);
    if (cli.name === "Terraform") {
      expect(atDefault.code, atDefault.out).toBe(1);
      expect(flat(atDefault.out)).toContain(UNKNOWN_KEY.Terraform);
      expect(enforced.code, enforced.out).toBe(1);
    } else {
      expect(atDefault.code, atDefault.out).toBe(0);
      expect(flat(atDefault.out)).toContain(
        `Installed ${ADDRESS} v${release.version}. Signature validation was skipped due to the registry not containing GPG keys for this provider`,
      );
      // The hashes are recorded all the same, from a SHA256SUMS that nothing vouches for.
      expect(lockFile(dir).get(`${defaultHost}/${ADDRESS}`)?.hashes).toEqual([release.h1, ...release.zhListed].sort());
      // OPENTOFU_ENFORCE_GPG_VALIDATION=true makes it refuse, as Terraform does.
      expect(enforced.code, enforced.out).toBe(1);
      expect(flat(enforced.out)).toContain(UNKNOWN_KEY.OpenTofu);
    }
  });

  test("from a filesystem mirror holding the release's zip; a tampered one is refused by the lock file's hashes", async () => {
    const mirror = path.join(rig.root, "mirror");
    const packed = path.join(mirror, defaultHost, ADDRESS);
    mkdirSync(packed, { recursive: true });
    copyFileSync(path.join(release.folder, release.zipName), path.join(packed, release.zipName));
    const rc = cliConfig(
      "mirror.tfrc",
      `provider_installation {\n  filesystem_mirror {\n    path    = ${JSON.stringify(mirror)}\n    include = ["${defaultHost}/${PROVIDER_NAMESPACE}/*"]\n  }\n}\n`,
    );
    const dir = configuration("mirror");
    const init = await run(dir, ["init", "-input=false"], rc);
    expect(init.code, init.out).toBe(0);
    expect(init.out).toContain(`Installed ${ADDRESS} v${release.version} (unauthenticated)`);
    // A mirror has no signed SHA256SUMS: h1: alone, the same h1: the registry install records.
    expect(lockFile(dir).get(`${defaultHost}/${ADDRESS}`)).toEqual({ version: release.version, hashes: [release.h1] });

    // The lock file a team commits (here the registry's, with zh: too) refuses a tampered zip.
    const locked = configuration("mirror-tampered");
    copyFileSync(path.join(rig.root, "registry", ".terraform.lock.hcl"), path.join(locked, ".terraform.lock.hcl"));
    writeFileSync(path.join(packed, release.zipName), tamperedZip());
    const refused = await run(locked, ["init", "-input=false"], rc);
    expect(refused.code, refused.out).toBe(1);
    expect(flat(refused.out)).toContain(
      `the current package for ${defaultHost}/${ADDRESS} ${release.version} doesn't match any of the checksums previously recorded in the dependency lock file`,
    );
  });

  test("from a network mirror written by `providers mirror`", async () => {
    const mirror = path.join(rig.root, "network-mirror");
    const mirrored = await run(configuration("mirror-source"), ["providers", "mirror", mirror], registryConfig());
    expect(mirrored.code, mirrored.out).toBe(0);
    const listing = path.join(mirror, defaultHost, ADDRESS);
    expect(JSON.parse(readFileSync(path.join(listing, "index.json"), "utf8"))).toEqual({ versions: { [release.version]: {} } });
    registry.mirror(mirror);
    const rc = cliConfig("network-mirror.tfrc", `provider_installation {\n  network_mirror {\n    url = "${registry.url}/mirror/"\n  }\n}\n`);
    const dir = configuration("network-mirror");
    registry.requests.length = 0;
    const init = await run(dir, ["init", "-input=false"], rc);
    expect(init.code, init.out).toBe(0);
    expect(init.out).toContain(`Installed ${ADDRESS} v${release.version} (verified checksum)`);
    expect(registry.requests).toContain(`GET /mirror/${defaultHost}/${ADDRESS}/${release.zipName}`);
    // OpenTofu also records the zh: of the zip it downloaded (for this platform only, as the CLIs warn).
    const hashes = cli.name === "Terraform" ? [release.h1] : [release.h1, release.zh].sort();
    expect(lockFile(dir).get(`${defaultHost}/${ADDRESS}`)).toEqual({ version: release.version, hashes });
  });
});
