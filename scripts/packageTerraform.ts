/**
 * `npm run package:terraform`: the release files a Terraform or OpenTofu provider registry serves
 * for the provider `flashcatcloud/flashdutyai`, written into `release/`:
 *
 * - `terraform-provider-flashdutyai_<version>_<os>_<arch>.zip`, holding at its root only the
 *   executable `terraform-provider-flashdutyai_v<version>` (mode 0755): the very executable of the
 *   Pulumi plugin's archive (`npm run package:plugin`, scripts/packagePlugin.ts), which serves
 *   Terraform's plugin protocol when Terraform or OpenTofu launches it;
 * - `terraform-provider-flashdutyai_<version>_manifest.json`: `{"version":1,"metadata":
 *   {"protocol_versions":["6.0"]}}`, which the public Terraform registry reads from a release;
 * - `terraform-provider-flashdutyai_<version>_SHA256SUMS` (`sha256sum` format: every zip of this
 *   version found in the folder, and the manifest, which the registries want listed as HashiCorp's
 *   provider scaffolding lists it) and its detached binary OpenPGP signature `..._SHA256SUMS.sig`,
 *   which `terraform init` checks against the registry's signing keys. The CLIs record a `zh:`
 *   hash in the lock file for every line, so the manifest's is there too;
 * - `terraform-provider-flashdutyai_<version>_signing-key.asc`: the signing key's public half
 *   (ASCII armor), what a registry or a mirror operator lists under `signing_keys`.
 *
 * The signing key: `TERRAFORM_SIGNING_KEY` (an ASCII-armored OpenPGP private key, RSA: the public
 * Terraform registry takes RSA or DSA keys only) with `TERRAFORM_SIGNING_PASSPHRASE` when it is
 * encrypted; the release workflow sets both from its secrets. Without it a throwaway TEST key is
 * generated (its user id says so), for tests and local use; `--require-key` refuses that instead.
 *
 * Signing uses the `openpgp` package (OpenPGP.js, the library Proton maintains) rather than the
 * `gpg` CLI: no keyring, agent or pinentry state to set up and clean up on each runner, the same
 * code on every OS, and a test key generated in-process in about a second.
 *
 * Windows: no zip. The provider serves Terraform on a unix socket (terraform/serve.ts), which
 * Node.js on Windows cannot listen on (its local sockets there are named pipes).
 *
 * Usage: `node build/scripts/packageTerraform.js [--out <folder>] [--plugin-archive <tar.gz>]
 * [--zip-only | --sums-only] [--require-key]`.
 * - `--plugin-archive`: take the executable from that archive of `npm run package:plugin` (the
 *   release workflow's platform runners, which have just built it); without it the plugin is
 *   built first, into a temporary folder (scripts/packagePlugin.ts, about 30 s).
 * - `--zip-only`: write this platform's zip and stop (each platform's runner).
 * - `--sums-only`: write the manifest, the SHA256SUMS over the zips already in the folder, its
 *   signature and the public key (the job that collected every platform's zip).
 * Prints the paths written on stdout; diagnostics on stderr; exit status 1 with the reason.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { unzipSync, zipSync } from "fflate";
import * as tar from "tar";
import { archiveName, pulumiPlatform } from "./packagePlugin";
import { REPO_ROOT } from "./pulumiCli";
import { TERRAFORM_PROVIDER_TYPE } from "../provider/engine/typeToken";

/** The provider's type (one home: `provider/engine/typeToken.ts`): `flashcatcloud/flashdutyai` on either registry. */
export const PROVIDER_TYPE = TERRAFORM_PROVIDER_TYPE;
/** The provider's namespace on either registry. */
export const PROVIDER_NAMESPACE = "flashcatcloud";

/** The plugin protocol versions the manifest declares (tfplugin6: Terraform 1.0 and later, OpenTofu). */
export const PROTOCOL_VERSIONS = ["6.0"];

/** The operating systems that get a zip (see the header on Windows). */
export const TERRAFORM_OSES = ["linux", "darwin"];

const PREFIX = `terraform-provider-${PROVIDER_TYPE}`;
/** The zips' entries' modification time: fixed, so two builds of one executable zip alike. */
const MTIME = new Date("2026-01-01T00:00:00Z");

/** A release platform in Terraform's names: `os` `linux` or `darwin`, `arch` `amd64` or `arm64`. */
export interface Platform {
  os: string;
  arch: string;
}

/** `terraform-provider-flashdutyai_<version>_<os>_<arch>.zip`. */
export function zipName(version: string, platform: Platform = pulumiPlatform()): string {
  return `${PREFIX}_${version}_${platform.os}_${platform.arch}.zip`;
}

/** The executable inside the zip: `terraform-provider-flashdutyai_v<version>`. */
export function executableName(version: string): string {
  return `${PREFIX}_v${version}`;
}

/** The checksum list of a release: `terraform-provider-flashdutyai_<version>_SHA256SUMS`. */
export const sumsName = (version: string): string => `${PREFIX}_${version}_SHA256SUMS`;
/** Its detached OpenPGP signature (binary): `..._SHA256SUMS.sig`. */
export const signatureName = (version: string): string => `${sumsName(version)}.sig`;
/** The registry manifest: `..._manifest.json` (protocol versions). */
export const manifestName = (version: string): string => `${PREFIX}_${version}_manifest.json`;
/** The signing key's public half (ASCII armor), for a registry to list: `..._signing-key.asc`. */
export const publicKeyName = (version: string): string => `${PREFIX}_${version}_signing-key.asc`;

/** The manifest's text (the public registry reads `metadata.protocol_versions`). */
export function manifestText(): string {
  return `${JSON.stringify({ version: 1, metadata: { protocol_versions: PROTOCOL_VERSIONS } }, null, 2)}\n`;
}

/** The SHA-256 digest of `data` as 64 lower-case hex digits. */
export function sha256Hex(data: Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

/** A zip holding `executable` alone, at its root, as a Unix file of mode 0755 (so the CLIs unpack it executable). */
export function providerZip(version: string, executable: Uint8Array): Uint8Array {
  const attrs = ((0o100755 << 16) >>> 0) as number;
  return zipSync({ [executableName(version)]: [executable, { level: 6, mtime: MTIME, os: 3, attrs }] });
}

/**
 * The `sha256sum`-format list of `files` (name to bytes), sorted by name, each line
 * `<hex>  <name>`, as Terraform's registry client parses it.
 */
export function sumsText(files: ReadonlyMap<string, Uint8Array>): string {
  return [...files.keys()]
    .sort()
    .map((name) => `${sha256Hex(files.get(name)!)}  ${name}\n`)
    .join("");
}

/** A signing key: its private key (decrypted) and its public half's armor and key id (16 hex digits, upper case). */
export interface SigningKey {
  /** The private key, decrypted, that signs `SHA256SUMS`. */
  privateKey: import("openpgp", { with: { "resolution-mode": "import" }}).PrivateKey;
  /** The public key in ASCII armor, as a registry's `gpg_public_keys` lists it. */
  publicArmor: string;
  /** 16 hex digits, upper case. */
  keyId: string;
  /** Whether it is a key generated for tests and local use (never for a release). */
  test: boolean;
}

// OpenPGP.js is an ES module; this CommonJS script loads it with import().
const openpgp = () => import("openpgp");

/** Reads an armored private key, decrypting it with `passphrase` when it is encrypted. */
export async function readSigningKey(armored: string, passphrase?: string, test = false): Promise<SigningKey> {
  const pgp = await openpgp();
  let privateKey = await pgp.readPrivateKey({ armoredKey: armored });
  if (!privateKey.isDecrypted()) {
    if (passphrase === undefined || passphrase === "") throw new Error("the signing key is encrypted: set TERRAFORM_SIGNING_PASSPHRASE");
    privateKey = await pgp.decryptKey({ privateKey, passphrase });
  }
  const signing = await privateKey.getSigningKey();
  return { privateKey, publicArmor: privateKey.toPublic().armor(), keyId: signing.getKeyID().toHex().toUpperCase(), test };
}

/** A throwaway RSA key for tests and local use (RSA, as the public registry wants; 3072 bits, never expiring). */
export async function generateTestKey(name = "flashdutyai TEST signing key (not a release key)"): Promise<SigningKey> {
  const pgp = await openpgp();
  const { privateKey } = await pgp.generateKey({ type: "rsa", rsaBits: 3072, userIDs: [{ name }], format: "armored" });
  return readSigningKey(privateKey, undefined, true);
}

/** A detached binary signature of `data`, as `terraform init` and `tofu init` check `SHA256SUMS.sig`. */
export async function detachedSignature(data: Uint8Array, key: SigningKey): Promise<Uint8Array> {
  const pgp = await openpgp();
  const message = await pgp.createMessage({ binary: data });
  return pgp.sign({ message, signingKeys: key.privateKey, detached: true, format: "binary" });
}

/** The key from `TERRAFORM_SIGNING_KEY`, else a test key (or an error with `requireKey`). */
async function signingKeyFromEnv(requireKey: boolean): Promise<SigningKey> {
  const armored = process.env.TERRAFORM_SIGNING_KEY;
  if (armored !== undefined && armored.trim() !== "") return readSigningKey(armored, process.env.TERRAFORM_SIGNING_PASSPHRASE);
  if (requireKey) throw new Error("TERRAFORM_SIGNING_KEY is not set, and --require-key refuses a test key");
  log("TERRAFORM_SIGNING_KEY is not set: signing with a generated TEST key");
  return generateTestKey();
}

function log(message: string): void {
  process.stderr.write(`package-terraform: ${message}\n`);
}

/** The executable of the plugin archive `archive` (the one entry that is neither README nor LICENSE). */
async function executableFromArchive(archive: string): Promise<Uint8Array> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "flashduty-terraform-"));
  try {
    await tar.extract({ file: archive, cwd: dir });
    const exe = readdirSync(dir).filter((f) => f.startsWith("pulumi-resource-flashduty"));
    if (exe.length !== 1) throw new Error(`${archive} holds no single pulumi-resource-flashduty executable (found: ${readdirSync(dir).join(", ")})`);
    return readFileSync(path.join(dir, exe[0]!));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Builds the plugin's archive into a temporary folder (scripts/packagePlugin.ts) and answers its executable. */
async function buildExecutable(version: string): Promise<Uint8Array> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "flashduty-terraform-plugin-"));
  try {
    execFileSync(process.execPath, [path.join(__dirname, "packagePlugin.js"), "--out", dir], { stdio: ["ignore", "ignore", "inherit"] });
    return await executableFromArchive(path.join(dir, archiveName(version)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes this platform's zip into `outDir` (checked by reading it back); answers its path. */
export async function writeZip(outDir: string, version: string, pluginArchive?: string): Promise<string> {
  const platform = pulumiPlatform();
  if (!TERRAFORM_OSES.includes(platform.os)) throw new Error(`no Terraform provider zip for ${platform.os}: the provider serves Terraform on a unix socket`);
  const executable = pluginArchive === undefined ? await buildExecutable(version) : await executableFromArchive(path.resolve(pluginArchive));
  const zip = providerZip(version, executable);
  const entries = unzipSync(zip);
  const names = Object.keys(entries);
  if (names.length !== 1 || names[0] !== executableName(version) || sha256Hex(entries[names[0]]!) !== sha256Hex(executable)) {
    throw new Error(`the zip does not read back as the executable alone (entries: ${names.join(", ")})`);
  }
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, zipName(version, platform));
  writeFileSync(file, zip);
  log(`wrote ${file}: ${(zip.length / 1e6).toFixed(1)} MB (executable ${(executable.length / 1e6).toFixed(1)} MB)`);
  return file;
}

/** Writes the manifest, SHA256SUMS over every zip of `version` in `outDir` and the manifest, its signature and the public key. */
export async function writeSums(outDir: string, version: string, key: SigningKey): Promise<string[]> {
  const zips = readdirSync(outDir).filter((f) => f.startsWith(`${PREFIX}_${version}_`) && f.endsWith(".zip"));
  if (zips.length === 0) throw new Error(`no ${PREFIX}_${version}_<os>_<arch>.zip in ${outDir}`);
  const manifest = path.join(outDir, manifestName(version));
  writeFileSync(manifest, manifestText());
  const listed = new Map<string, Uint8Array>([...zips, manifestName(version)].map((f) => [f, readFileSync(path.join(outDir, f))]));
  const sums = Buffer.from(sumsText(listed));
  const files = [manifest, path.join(outDir, sumsName(version)), path.join(outDir, signatureName(version)), path.join(outDir, publicKeyName(version))];
  writeFileSync(files[1]!, sums);
  writeFileSync(files[2]!, await detachedSignature(sums, key));
  writeFileSync(files[3]!, key.publicArmor);
  log(
    `signed ${sumsName(version)} (${zips.length} zip${zips.length === 1 ? "" : "s"}) with ${key.test ? "a TEST key" : "the release key"}, key ID ${key.keyId}`,
  );
  return files;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      out: { type: "string", default: path.join(REPO_ROOT, "release") },
      "plugin-archive": { type: "string" },
      "zip-only": { type: "boolean", default: false },
      "sums-only": { type: "boolean", default: false },
      "require-key": { type: "boolean", default: false },
    },
  });
  if (values["zip-only"] && values["sums-only"]) throw new Error("--zip-only and --sums-only exclude each other");
  const outDir = path.resolve(values.out);
  const version = (JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string }).version;
  const written: string[] = [];
  if (!values["sums-only"]) written.push(await writeZip(outDir, version, values["plugin-archive"]));
  if (!values["zip-only"]) written.push(...(await writeSums(outDir, version, await signingKeyFromEnv(values["require-key"]))));
  process.stdout.write(written.map((f) => `${f}\n`).join(""));
}

if (require.main === module) {
  main().catch((err: unknown) => {
    log(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}
