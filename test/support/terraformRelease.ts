/**
 * The Terraform release files of `npm run package:terraform` (scripts/packageTerraform.ts) for
 * this machine's platform, built once and kept in the git-ignored
 * `.pulumi-state/terraform-release/<key>/`, where the key digests what the build reads: the
 * compiled `dist/`, the packaging scripts in `build/scripts/`, package-lock.json and the Node.js
 * that makes the single executable. So a run after a code change builds again (about 30 s), and a run without one does
 * not. And what a lock file must then hold: the `h1:` and `zh:` hashes, computed here as
 * Terraform computes them.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import * as path from "node:path";
import { unzipSync } from "fflate";
import { pulumiPlatform } from "../../scripts/packagePlugin";
import { publicKeyName, sha256Hex, signatureName, sumsName, zipName } from "../../scripts/packageTerraform";
import { REPO_ROOT } from "../../scripts/pulumiCli";
import { RELEASE_VERSION } from "./releaseBuild";

/** The release files of one build, and the facts about them the tests assert. */
export interface TerraformRelease {
  folder: string;
  version: string;
  platform: { os: string; arch: string };
  /** The zip's file name and bytes. */
  zipName: string;
  zip: Buffer;
  /** The executable inside the zip. */
  executable: Uint8Array;
  sums: Buffer;
  signature: Buffer;
  /** The public key that made the signature (ASCII armor) and its key id (16 upper-case hex digits). */
  publicArmor: string;
  keyId: string;
  /** `h1:...` of the zip's contents and `zh:...` of the zip, as `.terraform.lock.hcl` records them. */
  h1: string;
  zh: string;
  /** The `zh:` of every line of SHA256SUMS (the zip's and the manifest's), sorted: what a registry install locks besides `h1:`. */
  zhListed: string[];
}

/** Every file under `dir` (relative paths, sorted), skipping source maps and type declarations. */
function filesUnder(dir: string, rel = ""): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const file = path.join(rel, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(dir, file));
    else if (!/\.(map|d\.ts|tsbuildinfo)$/.test(entry.name)) out.push(file);
  }
  return out.sort();
}

/** The digest of what the build reads. */
function buildKey(): string {
  const hash = createHash("sha256");
  for (const file of filesUnder(path.join(REPO_ROOT, "dist"))) hash.update(`${file}\0`).update(readFileSync(path.join(REPO_ROOT, "dist", file)));
  for (const script of ["packagePlugin.js", "packageTerraform.js", "pulumiCli.js"]) hash.update(readFileSync(path.join(REPO_ROOT, "build", "scripts", script)));
  hash.update(readFileSync(path.join(REPO_ROOT, "package-lock.json")));
  hash.update(`${process.version}\0${process.execPath}\0${statSync(process.execPath).size}`);
  return hash.digest("hex").slice(0, 16);
}

/**
 * `h1:` of a zip: Go's dirhash Hash1 over its files (golang.org/x/mod/sumdb/dirhash, which
 * Terraform's `getproviders.PackageHashV1` uses): one line `<sha256 hex>  <name>` per file,
 * sorted by name, and the base64 sha256 of those lines.
 */
export function h1OfZip(zip: Uint8Array): string {
  const entries = unzipSync(zip);
  const lines = Object.keys(entries)
    .filter((name) => !name.endsWith("/"))
    .sort()
    .map((name) => `${sha256Hex(entries[name]!)}  ${name}\n`)
    .join("");
  return `h1:${createHash("sha256").update(lines).digest("base64")}`;
}

/** `zh:` of a zip: the hex sha256 of its bytes, as SHA256SUMS lists it. */
export function zhOfZip(zip: Uint8Array): string {
  return `zh:${sha256Hex(zip)}`;
}

async function load(folder: string): Promise<TerraformRelease> {
  const version = RELEASE_VERSION;
  const platform = pulumiPlatform();
  const name = zipName(version, platform);
  const zip = readFileSync(path.join(folder, name));
  const publicArmor = readFileSync(path.join(folder, publicKeyName(version)), "utf8");
  const sums = readFileSync(path.join(folder, sumsName(version)));
  const key = await (await import("openpgp")).readKey({ armoredKey: publicArmor });
  const keyId = (await key.getSigningKey()).getKeyID().toHex().toUpperCase();
  return {
    folder,
    version,
    platform,
    zipName: name,
    zip,
    executable: Object.values(unzipSync(zip))[0]!,
    sums,
    signature: readFileSync(path.join(folder, signatureName(version))),
    publicArmor,
    keyId,
    h1: h1OfZip(zip),
    zh: zhOfZip(zip),
    zhListed: sums
      .toString("utf8")
      .trim()
      .split("\n")
      .map((line) => `zh:${line.split(/\s+/)[0]}`)
      .sort(),
  };
}

/**
 * The release files for this machine, built by `build/scripts/packageTerraform.js` (which builds
 * the plugin's executable with scripts/packagePlugin.ts) and signed with its generated test key,
 * unless the cache holds them. The build must be current (`npm run build:dev`).
 */
export async function terraformRelease(): Promise<TerraformRelease> {
  const cache = path.join(REPO_ROOT, ".pulumi-state", "terraform-release");
  const folder = path.join(cache, buildKey());
  if (!existsSync(path.join(folder, sumsName(RELEASE_VERSION)))) {
    mkdirSync(cache, { recursive: true });
    for (const old of readdirSync(cache)) rmSync(path.join(cache, old), { recursive: true, force: true });
    const work = `${folder}.partial`;
    await new Promise<void>((resolve, reject) => {
      const child = execFile(process.execPath, [path.join(REPO_ROOT, "build", "scripts", "packageTerraform.js"), "--out", work], {
        env: { ...process.env, TERRAFORM_SIGNING_KEY: "" },
      });
      child.stderr?.pipe(process.stderr);
      child.on("error", reject);
      child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`packageTerraform.js exited ${code}`))));
    });
    renameSync(work, folder);
  }
  return load(folder);
}
