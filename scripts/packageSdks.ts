/**
 * `npm run package:sdks`: the provider plugin's SDK packages, built from the committed `sdks/`
 * (generated from plugin/schema.json at the npm package's version, so every package carries that
 * one version), into `release/`:
 *
 * - `pulumi_flashduty-<version>-py3-none-any.whl` and `pulumi_flashduty-<version>.tar.gz`: the
 *   Python package `pulumi-flashduty` (import `pulumi_flashduty`), built by PyPA's `build` (pinned
 *   below) in a venv of its own under the git-ignored `.pulumi-cli/` (or `$PULUMI_CLI_DIR`);
 * - `pulumi-flashduty-flashduty-<version>.tgz`: the Node.js SDK `@pulumi-flashduty/flashduty`,
 *   compiled by the project's TypeScript (declarations included) and packed by `npm pack`.
 *
 * The Go SDK is not a file: `go get github.com/flashcatcloud/pulumi-flashduty/sdks/go/flashduty@v<version>`
 * reads the repository at the tag `sdks/go/flashduty/v<version>` (a module in a subfolder is
 * tagged with the folder as prefix), which the release workflow pushes.
 *
 * Everything is built from copies under `.pulumi-state/` (git-ignored), never in `sdks/`. Prints
 * the paths of the packages on stdout, one a line; diagnostics on stderr. Needs `python3` >= 3.9
 * with pip reaching PyPI the first time (for `build` and setuptools).
 *
 * Usage: `node build/scripts/packageSdks.js [--out <folder>]` (default `release/`).
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { REPO_ROOT } from "./pulumiCli";

/** PyPA's `build`, the standard front end for wheels and sdists. */
const PYPA_BUILD = "build==1.2.2";

function log(message: string): void {
  process.stderr.write(`package-sdks: ${message}\n`);
}

const quiet = { stdio: ["ignore", "ignore", "inherit"] as ("ignore" | "inherit")[] };

/**
 * The python of a venv holding {@link PYPA_BUILD}, made once. Made in a folder of this process's
 * own and renamed into place, so two runs at once (two test files) never share a half-made venv;
 * the one that renames second uses the first's. (Only `python -m ...` is run in it, which a moved
 * venv supports; its scripts' shebangs are not used.)
 */
function buildPython(): string {
  const venv = path.join(process.env.PULUMI_CLI_DIR ?? path.join(REPO_ROOT, ".pulumi-cli"), "python-build", PYPA_BUILD.replace("==", "-"));
  const python = path.join(venv, "bin", "python");
  if (existsSync(path.join(venv, ".complete"))) return python;
  const tmp = `${venv}.tmp${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(path.dirname(venv), { recursive: true });
  execFileSync("python3", ["-m", "venv", tmp], quiet);
  execFileSync(path.join(tmp, "bin", "python"), ["-m", "pip", "install", "--disable-pip-version-check", "--no-input", "--quiet", PYPA_BUILD], quiet);
  writeFileSync(path.join(tmp, ".complete"), `${PYPA_BUILD}\n`);
  try {
    renameSync(tmp, venv);
  } catch {
    // The folder exists: another run's complete venv (use it), or a leftover of a run that was
    // killed while it made one in place (replace it).
    if (!existsSync(path.join(venv, ".complete"))) {
      rmSync(venv, { recursive: true, force: true });
      renameSync(tmp, venv);
    }
  }
  rmSync(tmp, { recursive: true, force: true });
  return python;
}

/** Builds the Python wheel and sdist into `outDir`; returns their paths. */
export function packagePython(outDir: string, work: string): string[] {
  const copy = path.join(work, "python");
  cpSync(path.join(REPO_ROOT, "sdks", "python"), copy, { recursive: true });
  const dist = path.join(work, "python-dist");
  // Piped: setuptools' notes (byte-compiling skipped) are noise on success; a failure's error carries them.
  execFileSync(buildPython(), ["-m", "build", "--sdist", "--wheel", "--outdir", dist, copy], { stdio: "pipe" });
  return readdirSync(dist).map((file) => {
    cpSync(path.join(dist, file), path.join(outDir, file));
    return path.join(outDir, file);
  });
}

/** Compiles and packs the Node.js SDK into `outDir`; returns the tarball's path. */
export function packageNodejs(outDir: string, work: string): string {
  const copy = path.join(work, "nodejs");
  cpSync(path.join(REPO_ROOT, "sdks", "nodejs"), copy, { recursive: true });
  // The generated tsconfig writes into bin/; `@pulumi/pulumi` resolves from the repository's
  // node_modules, since the copy lives inside the checkout.
  execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", path.join(copy, "tsconfig.json")], { stdio: "inherit" });
  const pkg = JSON.parse(readFileSync(path.join(copy, "package.json"), "utf8")) as Record<string, unknown>;
  // What users install: the compiled files, no build script or compiler of its own.
  delete pkg.scripts;
  delete pkg.devDependencies;
  writeFileSync(
    path.join(copy, "bin", "package.json"),
    `${JSON.stringify(
      {
        ...pkg,
        // npm's provenance matches this against the repository that publishes the package.
        repository: { type: "git", url: "git+https://github.com/flashcatcloud/pulumi-flashduty.git", directory: "sdks/nodejs" },
        main: "index.js",
        types: "index.d.ts",
      },
      null,
      2,
    )}\n`,
  );
  cpSync(path.join(copy, "README.md"), path.join(copy, "bin", "README.md"));
  cpSync(path.join(REPO_ROOT, "LICENSE"), path.join(copy, "bin", "LICENSE"));
  const packed = execFileSync("npm", ["pack", "--silent", "--pack-destination", outDir], { cwd: path.join(copy, "bin"), encoding: "utf8" }).trim();
  return path.join(outDir, packed.split("\n").pop() as string);
}

function main(): void {
  const { values } = parseArgs({ options: { out: { type: "string", default: path.join(REPO_ROOT, "release") } } });
  const outDir = path.resolve(values.out);
  mkdirSync(outDir, { recursive: true });
  mkdirSync(path.join(REPO_ROOT, ".pulumi-state"), { recursive: true });
  const work = mkdtempSync(path.join(REPO_ROOT, ".pulumi-state", "sdk-packages-"));
  try {
    const packages = [...packagePython(outDir, work), packageNodejs(outDir, work)];
    for (const file of packages) log(`wrote ${file}`);
    process.stdout.write(`${packages.join("\n")}\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (require.main === module) {
  try {
    main();
  } catch (err) {
    log(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}
